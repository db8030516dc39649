import type { ErrorBody } from "../../shared/errors";

/** An API failure with the server's message; `code` is ours or Better Auth's error code. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const FALLBACK_MESSAGE = "Please try again.";

type ErrorPayload = (Partial<ErrorBody> & { code?: string; message?: string }) | undefined;

/** Reads an error answer: our envelope is { error: { code, message } }; Better Auth answers { code, message }. */
export function errorFromText(status: number, text: string): ApiError {
  let body: ErrorPayload;
  try {
    body = text ? (JSON.parse(text) as ErrorPayload) : undefined;
  } catch {
    body = undefined;
  }
  return new ApiError(body?.error?.message ?? body?.message ?? FALLBACK_MESSAGE, status, body?.error?.code ?? body?.code);
}

export async function apiRequest<T>(path: string, init: { method?: "GET" | "POST" | "PATCH" | "DELETE"; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: "same-origin",
  });
  const text = await response.text();
  if (!response.ok) throw errorFromText(response.status, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE;
}
