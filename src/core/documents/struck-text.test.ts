import { describe, expect, it } from "vitest";
import { isStruck, nothingStruck, type PageSpan } from "./struck-text";

describe("isStruck: a span is struck when most of its characters are", () => {
  const struck = new Map([[3, [[100, 160] as const, [200, 210] as const]]]);
  it.each<[string, PageSpan, boolean]>([
    ["wholly inside a struck range", { page: 3, startOffset: 110, endOffset: 150 }, true],
    ["exactly a struck range", { page: 3, startOffset: 100, endOffset: 160 }, true],
    ["more than half struck", { page: 3, startOffset: 90, endOffset: 160 }, true],
    ["half struck, no more", { page: 3, startOffset: 40, endOffset: 160 }, false],
    ["one struck word in a long sentence", { page: 3, startOffset: 180, endOffset: 300 }, false],
    ["nothing struck around it", { page: 3, startOffset: 0, endOffset: 90 }, false],
    ["the same offsets on another page", { page: 4, startOffset: 110, endOffset: 150 }, false],
    ["an empty span", { page: 3, startOffset: 120, endOffset: 120 }, false],
  ])("%s → %s", (_, span, expected) => {
    expect(isStruck(span, struck)).toBe(expected);
  });

  it("a document read before strikes were kept has nothing struck", () => {
    expect(isStruck({ page: 3, startOffset: 110, endOffset: 150 }, nothingStruck)).toBe(false);
  });
});
