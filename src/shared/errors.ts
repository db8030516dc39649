/** Every error code the API answers with; the web branches on these, never on statuses or messages. */
export const errorCodes = [
  "bad_request",
  "incorrect_password",
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

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (errorCodes as readonly string[]).includes(value);
}

/** The one table of HTTP statuses: the server answers each code with its status. */
export const statusByErrorCode = {
  bad_request: 400,
  incorrect_password: 400,
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
} as const satisfies Record<ErrorCode, number>;

/**
 * The code of a failed answer that carries none of ours: Better Auth's own answers under
 * /api/auth, or a proxy's page. Read backwards from the same table; any other status is a
 * request problem (4xx) or a failure on the server's side (5xx).
 */
export function errorCodeForStatus(status: number): ErrorCode {
  const code = errorCodes.find((candidate) => statusByErrorCode[candidate] === status);
  if (code) return code;
  return status >= 400 && status < 500 ? "bad_request" : "internal_error";
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; requestId: string; details?: unknown };
}
