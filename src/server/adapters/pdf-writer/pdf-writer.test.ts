import { describe, expect, it } from "vitest";
import { toStandardFontText, wrapLine } from "./pdf-writer";

// WinAnsi (Windows-1252): ASCII, Latin-1 and a few typographic characters.
const winAnsiExtras = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const encodable = new Set<number>([
  ...Array.from({ length: 0x7f - 0x20 }, (_, index) => 0x20 + index),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, index) => 0xa0 + index),
  ...[...winAnsiExtras].map((character) => character.codePointAt(0)!),
]);

describe("toStandardFontText", () => {
  it.each([
    ["plain text", "Timely filing: 90 days.", "Timely filing: 90 days."],
    [
      "curly quotes, dashes, ellipsis and bullets are WinAnsi and kept",
      "“Provider’s” notice – 90 days — see § 4… •",
      "“Provider’s” notice – 90 days — see § 4… •",
    ],
    ["arrows and comparisons are spelled", "30 days → 60 days, ≥ 90 ≤ 120", "30 days -> 60 days, >= 90 <= 120"],
    ["non-breaking hyphen and minus", "non\u2011renewal \u22125", "non-renewal -5"],
    ["ligatures are spelled out", "\uFB01le \uFB02at", "file flat"],
    ["accents outside Latin-1 are dropped, Latin-1 kept", "Łódź Ștefan", "?ódz Stefan"],
    ["invisible characters vanish", "zero\u200Bwidth soft\u00ADhyphen", "zerowidth softhyphen"],
    ["tabs and odd spaces are spaces", "a\tb\u2009c", "a b c"],
    ["what has no spelling becomes ?", "合同 😀", "?? ?"],
    ["line breaks are kept, CRLF made LF", "one\r\ntwo\rthree", "one\ntwo\nthree"],
  ])("%s", (_, text, expected) => {
    expect(toStandardFontText(text, encodable)).toBe(expected);
  });
});

describe("wrapLine", () => {
  const measure = (text: string) => text.length;
  it.each([
    ["fits on one line", "one two three", 20, ["one two three"]],
    ["wraps between words", "one two three four", 9, ["one two", "three", "four"]],
    ["breaks a word wider than the line", "abcdefghij kl", 4, ["abcd", "efgh", "ij", "kl"]],
    ["collapses runs of spaces", "a   b", 10, ["a b"]],
    ["an empty line stays a line", "", 10, [""]],
  ])("%s", (_, line, width, expected) => {
    expect(wrapLine(line, width, measure)).toEqual(expected);
  });
});
