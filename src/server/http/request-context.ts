import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { AppBindings } from "./bindings";

const incomingIdPattern = /^[\w.-]{1,128}$/;

/** Gives every request an id (kept from X-Request-Id when well-formed) and logs it once done. */
export function requestContext(logger: Logger): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && incomingIdPattern.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    c.header("X-Request-Id", requestId);
    const startedAt = performance.now();
    await next();
    // API calls are worth a line each; static assets only when debugging.
    const level = c.req.path.startsWith("/api/") ? "info" : "debug";
    logger[level](
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - startedAt),
      },
      "request",
    );
  };
}
