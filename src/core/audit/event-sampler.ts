/**
 * Which of many like events the audit log records: at most `perWindow` per key in each window, so
 * a scanner walking ids (refusals per person) or a page refetching (views per person and
 * document) cannot flood the log. The first one recorded after a window whose quota was reached
 * carries the count of those skipped in it.
 */
export function createEventSampler(options: { perWindow: number; windowMs: number; now?: () => number; maxKeys?: number }) {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  const windows = new Map<string, { startedAt: number; recorded: number; skipped: number; skippedBefore: number }>();

  return {
    /** Whether to record this refusal, and how many refusals of the same key went unrecorded before it. */
    admit(key: string): { record: boolean; suppressed: number } {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.startedAt >= options.windowMs) {
        if (!window && windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        window = { startedAt: at, recorded: 0, skipped: 0, skippedBefore: window?.skipped ?? 0 };
        windows.set(key, window);
      }
      if (window.recorded >= options.perWindow) {
        window.skipped += 1;
        return { record: false, suppressed: 0 };
      }
      window.recorded += 1;
      const suppressed = window.skippedBefore;
      window.skippedBefore = 0;
      return { record: true, suppressed };
    },
  };
}
