export interface Backoff {
  firstMs: number;
  maxMs: number;
}

/** How long to wait after `failures` failed attempts in a row: the first wait, doubled with each failure, up to the longest. */
export function backoffDelayMs(failures: number, { firstMs, maxMs }: Backoff): number {
  return Math.min(firstMs * 2 ** failures, maxMs);
}
