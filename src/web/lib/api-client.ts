import { errorCodeForStatus, isErrorCode, type ErrorBody, type ErrorCode } from "../../shared/errors";

export const FALLBACK_MESSAGE = "Please try again.";

/**
 * A failed answer, as the web branches on it: by `code` (`isApiError`), never by status or words.
 * `reason` is the server's own message, written for the person, when the answer had one.
 */
export class ApiError extends Error {
  readonly reason: string | undefined;

  constructor(
    reason: string | undefined,
    readonly code: ErrorCode,
    /** Better Auth's own code for answers under /api/auth (INVALID_OTP, EMAIL_NOT_VERIFIED…). */
    readonly authCode?: string,
  ) {
    super(reason || FALLBACK_MESSAGE);
    this.name = "ApiError";
    this.reason = reason || undefined;
  }
}

/** Whether `error` is a failed answer, and with one of `codes` when any are named. */
export function isApiError(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}

type ErrorPayload = (Partial<ErrorBody> & { code?: string; message?: string }) | undefined;

/**
 * Reads an error answer. Ours is { error: { code, message } }; Better Auth answers { code, message }
 * with codes of its own, and a proxy answers a page: their code is the one of their status.
 */
export function errorFromAnswer(status: number, text: string): ApiError {
  let body: ErrorPayload;
  try {
    body = text ? (JSON.parse(text) as ErrorPayload) : undefined;
  } catch {
    body = undefined;
  }
  const envelopeCode = body?.error?.code;
  const code = isErrorCode(envelopeCode) ? envelopeCode : errorCodeForStatus(status);
  return new ApiError(body?.error?.message ?? body?.message, code, body?.error ? undefined : body?.code);
}

/** The JSON of a successful answer; one that cannot be read is our failure, not the person's. */
export function readAnswer<T>(status: number, text: string): T {
  if (status < 200 || status >= 300) throw errorFromAnswer(status, text);
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    throw new ApiError(undefined, "internal_error");
  }
}

/** Plain words for a request that had no answer: the browser's own ("Failed to fetch") say nothing a person can act on. */
export const connectionMessages = {
  offline: "You're offline. Check your internet connection and try again.",
  unreachable: "We couldn't reach the server. Check your connection and try again.",
} as const;

/** A request that had no answer: the browser is offline, or the server could not be reached. */
export class ConnectionError extends Error {
  constructor(readonly isOffline: boolean = typeof navigator !== "undefined" && !navigator.onLine) {
    super(isOffline ? connectionMessages.offline : connectionMessages.unreachable);
    this.name = "ConnectionError";
  }
}

/** The plain words of a connection failure, or undefined for any other failure. */
export function connectionProblem(error: unknown): string | undefined {
  return error instanceof ConnectionError ? error.message : undefined;
}

/** What a failed fetch or body read throws instead: the browser's network TypeError as a ConnectionError; an abort stays an abort. */
export function asConnectionError(error: unknown): unknown {
  return error instanceof TypeError ? new ConnectionError() : error;
}

/** `fetch`, with a network failure thrown as a ConnectionError. */
export async function fetchAnswer(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    throw asConnectionError(error);
  }
}

/** `keepalive` lets a request finish after the page that sent it has closed. */
export async function apiRequest<T>(
  path: string,
  init: { method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; body?: unknown; keepalive?: boolean } = {},
): Promise<T> {
  const response = await fetchAnswer(path, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: "same-origin",
    keepalive: init.keepalive,
  });
  return readAnswer<T>(response.status, await response.text());
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE;
}

/** Failures on the server's side: their message is an apology, not a reason the person can act on. */
const serverFailureCodes: readonly ErrorCode[] = ["internal_error", "service_unavailable"];

/** Why the server refused a request, in its own words for the person, when it said; undefined otherwise. */
export function refusalReason(error: unknown): string | undefined {
  if (!isApiError(error) || serverFailureCodes.includes(error.code)) return undefined;
  return error.reason;
}

/** Why a request failed, for the person: the server's refusal, or the connection; else `fallback`. */
export function failureReason(error: unknown, fallback: string = FALLBACK_MESSAGE): string {
  return refusalReason(error) ?? connectionProblem(error) ?? fallback;
}
