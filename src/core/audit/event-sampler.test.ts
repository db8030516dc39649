import { describe, expect, it } from "vitest";
import { createEventSampler } from "./event-sampler";

describe("createEventSampler", () => {
  it("records the first few events of a key per window, then counts the rest into the next recorded one", () => {
    let now = 0;
    const sampler = createEventSampler({ perWindow: 2, windowMs: 1000, now: () => now });
    const seen = [sampler.admit("a"), sampler.admit("a"), sampler.admit("a"), sampler.admit("a"), sampler.admit("b")];
    expect(seen).toEqual([
      { record: true, suppressed: 0 },
      { record: true, suppressed: 0 },
      { record: false, suppressed: 0 },
      { record: false, suppressed: 0 },
      { record: true, suppressed: 0 },
    ]);
    now = 1000;
    expect(sampler.admit("a")).toEqual({ record: true, suppressed: 2 });
    expect(sampler.admit("a")).toEqual({ record: true, suppressed: 0 });
  });

  it("forgets the oldest key when it holds too many", () => {
    const sampler = createEventSampler({ perWindow: 1, windowMs: 1000, now: () => 0, maxKeys: 2 });
    sampler.admit("a");
    sampler.admit("b");
    sampler.admit("c");
    expect(sampler.admit("a")).toEqual({ record: true, suppressed: 0 });
  });
});
