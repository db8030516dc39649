export interface JobProgress {
  stage: string;
  done: number;
  total: number;
}

/**
 * Four updates a second keep a progress bar moving; a short document's stages pass faster than
 * anyone can read them, and each update is a database write and a refresh in every open library.
 */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * Passes progress on to `write` at most once per `intervalMs`: the first report at once, later
 * ones coalesced and the latest written when the interval is up, so a stage that lasts is always
 * shown. `settle` drops what is still waiting and resolves when the write in flight is done.
 */
export function throttleProgress(write: (progress: JobProgress) => Promise<void>, intervalMs: number) {
  let lastWriteAt = -Infinity;
  let waiting: JobProgress | undefined;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const writeWaiting = (): Promise<void> => {
    timer = undefined;
    const progress = waiting;
    if (!progress) return inFlight;
    waiting = undefined;
    lastWriteAt = Date.now();
    inFlight = inFlight.then(() => write(progress));
    return inFlight;
  };

  return {
    report(progress: JobProgress): Promise<void> {
      waiting = progress;
      const wait = lastWriteAt + intervalMs - Date.now();
      if (wait <= 0) return writeWaiting();
      timer ??= setTimeout(() => void writeWaiting(), wait);
      return Promise.resolve();
    },
    settle(): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      waiting = undefined;
      return inFlight;
    },
  };
}
