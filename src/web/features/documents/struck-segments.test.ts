import { describe, expect, it } from "vitest";
import { withStruckRanges } from "./struck-segments";

const shown = (pieces: ReturnType<typeof withStruckRanges>) =>
  pieces.map((piece) => `${piece.isMatch ? "[quote]" : ""}${piece.isStruck ? "[struck]" : ""}${piece.text}`);

describe("withStruckRanges: the text view's pieces, struck where the page is", () => {
  const text = "1.2 Renewal. This Agreement renews automatically. 1.3 Notice.";
  it.each<[string, { text: string; isMatch: boolean }[], [number, number][], string[]]>([
    ["nothing struck: the pieces as they were", [{ text, isMatch: false }], [], [text]],
    [
      "a struck clause inside unmarked text",
      [{ text, isMatch: false }],
      [[0, 49]],
      ["[struck]1.2 Renewal. This Agreement renews automatically.", " 1.3 Notice."],
    ],
    [
      "a quote that is struck, and struck text on both sides of it",
      [
        { text: "1.2 Renewal. ", isMatch: false },
        { text: "This Agreement renews automatically.", isMatch: true },
        { text: " 1.3 Notice.", isMatch: false },
      ],
      [[4, 49]],
      ["1.2 ", "[struck]Renewal. ", "[quote][struck]This Agreement renews automatically.", " 1.3 Notice."],
    ],
  ])("%s", (_, segments, ranges, expected) => {
    expect(shown(withStruckRanges(segments, ranges))).toEqual(expected);
  });
});
