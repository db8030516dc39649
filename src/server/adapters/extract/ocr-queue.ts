import { ExtractionError, type OcrBudget } from "./types";

/** What a document may spend on OCR unless the settings say otherwise (OCR_BYTES_PER_PAGE, OCR_MIN_PAGES, OCR_SECONDS_PER_PAGE). */
export const defaultOcrBudget: OcrBudget = { bytesPerPage: 2_000, minPages: 50, secondsPerPage: 20, baseSeconds: 60 };

/** The most pages a file of `fileBytes` may send to OCR: one per `bytesPerPage` of the file, and never fewer than `minPages`. */
export function ocrPageLimit(fileBytes: number, budget: OcrBudget): number {
  return Math.max(budget.minPages, Math.floor(fileBytes / budget.bytesPerPage));
}

export const tooManyOcrPagesMessage = (limit: number) =>
  `This file has more pages to read as scans than a file of its size holds (over ${limit}), so it was not read. ` +
  "Scan or save it again and upload the new copy, or split it into smaller files.";

export const ocrTooSlowMessage =
  "Reading the scanned pages of this file took far longer than scans of its size take, so it was stopped. " +
  "Scan it again at 300 dpi, or split it into smaller files, and upload it again.";

/**
 * Keeps a few OCR jobs in flight so the next page is rasterized while earlier ones are being
 * recognized, without holding every page image of a long scan in memory; and holds the document
 * to its OCR budget: at most `ocrPageLimit` pages, and OCR done within `baseSeconds` plus
 * `secondsPerPage` for each page sent (a page must be read by the time its share allows). A
 * document over either fails with an ExtractionError ("too_large") that says what to do.
 */
export class OcrQueue {
  private readonly inFlight = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;
  private pagesSent = 0;
  private startedAt: number | undefined;
  private readonly pageLimit: number;

  constructor(
    private readonly maxInFlight: number,
    private readonly budget: OcrBudget,
    fileBytes: number,
  ) {
    this.pageLimit = ocrPageLimit(fileBytes, budget);
  }

  /** Starts `job`; waits while the queue is full. Rethrows the first failure of any job. */
  async add(job: () => Promise<void>): Promise<void> {
    this.throwIfFailed();
    if (this.pagesSent >= this.pageLimit) throw new ExtractionError("too_large", tooManyOcrPagesMessage(this.pageLimit));
    this.pagesSent += 1;
    this.startedAt ??= Date.now();
    const deadline = this.startedAt + (this.budget.baseSeconds + this.budget.secondsPerPage * this.pagesSent) * 1000;
    const tracked: Promise<void> = withDeadline(job(), deadline)
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

/** `work`, or an ExtractionError once `deadline` (epoch ms) passes first; the work itself runs on (OCR engines cannot all be interrupted). */
function withDeadline(work: Promise<void>, deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ExtractionError("too_large", ocrTooSlowMessage)), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** How many page images may wait for or be in OCR at once. */
export const ocrPagesInFlight = 3;
