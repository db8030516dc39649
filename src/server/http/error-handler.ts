import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Logger } from "pino";
import type { ErrorBody } from "../../shared/errors";
import { AppError } from "./app-error";
import type { AppBindings } from "./bindings";

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException && error.status === 413) {
    return new AppError("payload_too_large", "The request body is too large.");
  }
  if (error instanceof HTTPException && error.status < 500) {
    return new AppError("bad_request", error.message || "The request could not be understood.");
  }
  return new AppError("internal_error", "Something went wrong on our side. Please try again.");
}

export function errorResponse(c: Context<AppBindings>, error: AppError) {
  const body: ErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      requestId: c.get("requestId"),
      ...(error.details === undefined ? {} : { details: error.details }),
    },
  };
  return c.json(body, error.status);
}

export function createErrorHandler(logger: Logger) {
  return (error: unknown, c: Context<AppBindings>) => {
    const appError = toAppError(error);
    if (appError.status >= 500) logger.error({ err: error, requestId: c.get("requestId") }, "request failed");
    return errorResponse(c, appError);
  };
}
