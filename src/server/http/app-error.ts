import type { ContentfulStatusCode } from "hono/utils/http-status";
import { statusByErrorCode, type ErrorCode } from "../../shared/errors";

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
    return statusByErrorCode[this.code] satisfies ContentfulStatusCode;
  }
}
