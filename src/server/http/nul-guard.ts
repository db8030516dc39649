import type { MiddlewareHandler } from "hono";
import { AppError } from "./app-error";
import type { AppBindings } from "./bindings";
import { JSON_MEDIA_TYPE } from "./request-input";

/** No request of ours nests deeper than a few levels; a body past this is refused unread. */
export const MAX_JSON_DEPTH = 64;

export type BodyProblem = "nul" | "too_deep";

/**
 * What is wrong with a parsed JSON value, if anything: a NUL character in a key or string, or
 * nesting past `MAX_JSON_DEPTH`. Walked with a list, not recursion: a body a few hundred kilobytes
 * long can nest 200,000 levels, which overflowed the stack (issue 30).
 */
export function findBodyProblem(value: unknown): BodyProblem | undefined {
  const waiting: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = waiting.pop(); next; next = waiting.pop()) {
    if (typeof next.value === "string") {
      if (next.value.includes("\0")) return "nul";
    } else if (next.value && typeof next.value === "object") {
      if (next.depth >= MAX_JSON_DEPTH) return "too_deep";
      for (const [key, item] of Object.entries(next.value)) {
        if (key.includes("\0")) return "nul";
        waiting.push({ value: item, depth: next.depth + 1 });
      }
    }
  }
  return undefined;
}

async function findRequestBodyProblem(request: Request): Promise<BodyProblem | undefined> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body) return undefined;
  if (JSON_MEDIA_TYPE.test(contentType))
    return findBodyProblem(
      await request
        .clone()
        .json()
        .catch(() => undefined),
    );
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) return findBodyProblem([...new URLSearchParams(await request.clone().text())].flat());
  return undefined;
}

/**
 * Refuses text that holds a NUL character before any handler sees it: PostgreSQL text cannot
 * store one, so a question, a title, a name or an email with it would end in a server error.
 * Query values and JSON or form bodies are read as their handlers read them (decoded). A JSON body
 * nested past `MAX_JSON_DEPTH` is refused too: no handler should walk it.
 */
export function refuseNulCharacters(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const query = [...new URL(c.req.url).searchParams].flat();
    const problem = findBodyProblem(query) ?? (await findRequestBodyProblem(c.req.raw));
    if (problem === "too_deep") throw new AppError("bad_request", "The request body is nested too deeply.");
    if (problem === "nul") throw new AppError("validation_failed", "Text cannot contain the NUL character (\\0).");
    await next();
  };
}
