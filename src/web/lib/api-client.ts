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

const FALLBACK_MESSAGE = "Please try again.";

async function errorFrom(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => undefined)) as Partial<ErrorBody> & { code?: string; message?: string } | undefined;
  // Our envelope is { error: { code, message } }; Better Auth answers { code, message }.
  const message = body?.error?.message ?? body?.message ?? FALLBACK_MESSAGE;
  return new ApiError(message, response.status, body?.error?.code ?? body?.code);
}

export async function apiRequest<T>(path: string, init: { method?: "GET" | "POST"; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: "same-origin",
  });
  if (!response.ok) throw await errorFrom(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE;
}
