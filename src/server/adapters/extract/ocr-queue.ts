/**
 * Keeps a few OCR jobs in flight so the next page is rasterized while earlier ones are being
 * recognized, without holding every page image of a long scan in memory.
 */
export class OcrQueue {
  private readonly inFlight = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;

  constructor(private readonly maxInFlight: number) {}

  /** Starts `job`; waits while the queue is full. Rethrows the first failure of any job. */
  async add(job: () => Promise<void>): Promise<void> {
    this.throwIfFailed();
    const tracked: Promise<void> = job()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    while (this.inFlight.size >= this.maxInFlight) await Promise.race(this.inFlight);
    this.throwIfFailed();
  }

  /** Waits for every job; rethrows the first failure. */
  async drain(): Promise<void> {
    await Promise.all(this.inFlight);
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}

/** How many page images may wait for or be in OCR at once. */
export const ocrPagesInFlight = 3;
