import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "../../shared/errors";

export const statusByErrorCode: Record<ErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  validation_failed: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  service_unavailable: 503,
  internal_error: 500,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): ContentfulStatusCode {
    return statusByErrorCode[this.code];
  }
}
