import { describe, expect, it } from "vitest";
import { markStruck, readStrikeMarkers, STRIKE_END as end, STRIKE_START as start } from "./struck-marks";
import { splitIntoEstimatedPages, textPage } from "./text";

const shownStruck = (text: string, ranges: readonly (readonly [number, number])[] = []) => ranges.map(([from, to]) => text.slice(from, to));

describe("strike markers: struck words carried inside the text", () => {
  it.each<[string, string, [number, number][], string]>([
    ["a whole run", "lesser of billed charges", [[0, 24]], `${start}lesser of billed charges${end}`],
    ["spaces at a range's edges stay outside it", " lesser of ", [[0, 11]], ` ${start}lesser of${end} `],
    [
      "two ranges",
      "one two three",
      [
        [0, 3],
        [8, 13],
      ],
      `${start}one${end} two ${start}three${end}`,
    ],
    ["a range of spaces only marks nothing", "one   two", [[3, 6]], "one   two"],
  ])("markStruck: %s", (_, text, ranges, expected) => {
    expect(markStruck(text, ranges)).toBe(expected);
  });

  it.each<[string, string, string, string[]]>([
    [
      "ranges apart only by spaces and line breaks are one",
      `${start}one${end} ${start}two${end}\n${start}three${end} four`,
      "one two\nthree four",
      ["one two\nthree"],
    ],
    ["a word in force between them keeps them apart", `${start}one${end} two ${start}three${end}`, "one two three", ["one", "three"]],
    ["opened and not closed (cut at an estimated page's end): to the end", `one ${start}two three`, "one two three", ["two three"]],
    ["closed and not opened (the rest of it, on the next page): from the start", `one two${end} three`, "one two three", ["one two"]],
  ])("readStrikeMarkers: %s", (_, marked, text, struck) => {
    const read = readStrikeMarkers(marked);
    expect(read.text).toBe(text);
    expect(shownStruck(read.text, read.struckRanges)).toEqual(struck);
  });

  it("textPage keeps the page's text exactly as without markers (cleaned the same way) and the ranges in it", () => {
    const marked = `  4.1 Rates &amp; fees.   \n\n\n\n${start}Plan pays the lesser of charges &amp; the schedule.${end}   \n`;
    const page = textPage(3, marked);
    expect(page.text).toBe(textPage(3, marked.replaceAll(start, "").replaceAll(end, "")).text);
    expect(page.text).toBe("  4.1 Rates & fees.\n\nPlan pays the lesser of charges & the schedule.");
    expect(shownStruck(page.text, page.struckRanges)).toEqual(["Plan pays the lesser of charges & the schedule."]);
  });

  it("a page with nothing struck has no ranges", () => {
    expect(textPage(1, "Plan pays clean claims within thirty days.").struckRanges).toBeUndefined();
  });

  it("estimated pages are cut where the unmarked text is cut", () => {
    const words = Array.from({ length: 900 }, (_, index) => `word${index}`);
    const plain = words.join(" ");
    const marked = words.map((word, index) => (index % 7 === 0 ? `${start}${word}${end}` : word)).join(" ");
    const pages = splitIntoEstimatedPages(marked, 1000);
    expect(pages.map((page) => page.replaceAll(start, "").replaceAll(end, ""))).toEqual(splitIntoEstimatedPages(plain, 1000));
    expect(pages.length).toBeGreaterThan(3);
  });
});
