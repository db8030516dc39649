import type { MiddlewareHandler } from "hono";
import { AppError } from "./app-error";
import type { AppBindings } from "./bindings";
import { JSON_MEDIA_TYPE } from "./request-input";

/** Whether any string in a parsed JSON value holds a NUL character. */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([key, item]) => key.includes("\0") || holdsNul(item));
  return false;
}

async function bodyHoldsNul(request: Request): Promise<boolean> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body) return false;
  if (JSON_MEDIA_TYPE.test(contentType))
    return holdsNul(
      await request
        .clone()
        .json()
        .catch(() => undefined),
    );
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) return holdsNul([...new URLSearchParams(await request.clone().text())].flat());
  return false;
}

/**
 * Refuses text that holds a NUL character before any handler sees it: PostgreSQL text cannot
 * store one, so a question, a title, a name or an email with it would end in a server error.
 * Query values and JSON or form bodies are read as their handlers read them (decoded).
 */
export function refuseNulCharacters(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const query = [...new URL(c.req.url).searchParams].flat();
    if (holdsNul(query) || (await bodyHoldsNul(c.req.raw))) throw new AppError("validation_failed", "Text cannot contain the NUL character (\\0).");
    await next();
  };
}
