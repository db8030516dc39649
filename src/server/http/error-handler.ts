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

/** What every request answers while the database cannot be reached: a pause, not a fault. */
export function databaseUnavailableError(): AppError {
  return new AppError("service_unavailable", "Clausewise is briefly unavailable. Please try again in a minute.");
}

/**
 * An unexpected error while the database is down is the outage, not a bug: 503 with a clear
 * message and Retry-After, logged as a warning; any other is a 500 logged with the request id.
 */
export function createErrorHandler(logger: Logger, isDatabaseReachable: () => Promise<boolean>) {
  return async (error: unknown, c: Context<AppBindings>) => {
    let appError = toAppError(error);
    if (appError.code === "internal_error" && !(await isDatabaseReachable())) {
      appError = databaseUnavailableError();
      c.header("Retry-After", "30");
      logger.warn({ err: error, requestId: c.get("requestId") }, "request failed: the database is unreachable");
    } else if (appError.status >= 500) {
      logger.error({ err: error, requestId: c.get("requestId") }, "request failed");
    }
    return errorResponse(c, appError);
  };
}
