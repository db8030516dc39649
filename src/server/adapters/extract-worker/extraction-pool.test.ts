import { describe, expect, it } from "vitest";
import { isStalled } from "./extraction-pool";

describe("a stuck extraction reader", () => {
  it.each([
    [{ documents: 1, silentForMs: 301 }, true, "silent on a document for longer than allowed (waiting on OCR or not)"],
    [{ documents: 1, silentForMs: 300 }, false, "silent for exactly the limit"],
    [{ documents: 0, silentForMs: 10_000 }, false, "idle, with no document"],
    [{ documents: 2, silentForMs: 5_000 }, true, "two documents, neither moving"],
  ])("%o is stuck: %s (%s)", (reader, expected) => {
    expect(isStalled(reader, 300)).toBe(expected);
  });
});
