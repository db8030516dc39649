import { afterEach, describe, expect, it, vi } from "vitest";
import { throttleProgress, type JobProgress } from "./progress";

describe("progress throttle", () => {
  afterEach(() => vi.useRealTimers());
  const extract = (done: number): JobProgress => ({ stage: "extract", done, total: 10 });

  it("writes the first report at once, then at most one per interval: the latest, when the interval is up", async () => {
    vi.useFakeTimers();
    const written: JobProgress[] = [];
    const progress = throttleProgress(async (reported) => void written.push(reported), 250);
    await progress.report(extract(1));
    for (const done of [2, 3, 4]) await progress.report(extract(done));
    expect(written).toEqual([extract(1)]);
    await vi.advanceTimersByTimeAsync(250);
    expect(written).toEqual([extract(1), extract(4)]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toHaveLength(2);
    await progress.report({ stage: "index", done: 0, total: 10 });
    expect(written.at(-1)).toEqual({ stage: "index", done: 0, total: 10 });
  });

  it("drops what is still waiting when settled, after the write in flight is done", async () => {
    vi.useFakeTimers();
    const written: JobProgress[] = [];
    let finishWrite: (() => void) | undefined;
    const progress = throttleProgress((reported) => new Promise<void>((resolve) => (finishWrite = () => resolve(void written.push(reported)))), 250);
    const first = progress.report(extract(1));
    await progress.report(extract(2));
    let settled = false;
    const settling = progress.settle().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    finishWrite!();
    await Promise.all([first, settling]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toEqual([extract(1)]);
  });
});
