/** Seconds to wait before attempt `attempt + 1`: 10 s, 40 s, 160 s… capped at 15 minutes. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(15 * 60, 10 * 4 ** Math.max(0, attempt - 1));
}

export type AttemptOutcome = { kind: "retry"; delaySeconds: number } | { kind: "fail"; reason: string };

/** After a failed attempt: retry while attempts remain; a failure retrying cannot fix (a bad file) fails at once. */
export function outcomeAfterFailure(input: { attempt: number; maxAttempts: number; isPermanent: boolean; message: string }): AttemptOutcome {
  if (input.isPermanent || input.attempt >= input.maxAttempts) return { kind: "fail", reason: input.message };
  return { kind: "retry", delaySeconds: retryDelaySeconds(input.attempt) };
}
