/** Every error code the API answers with; the web branches on these, never on messages. */
export const errorCodes = [
  "bad_request",
  "validation_failed",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "service_unavailable",
  "internal_error",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface ErrorBody {
  error: { code: ErrorCode; message: string; requestId: string; details?: unknown };
}
