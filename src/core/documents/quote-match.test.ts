import { describe, expect, it } from "vitest";
import { findQuote, segmentText } from "./quote-match";

const page = [
  "2.1 Termination without Cause. Each party may terminate this Agreement",
  "on one hundred twenty (120) days’ prior written notice.",
  "2.2 Termination for Cause \u2014 immediate.",
];

describe("findQuote", () => {
  it("finds a quote that runs across text items, ignoring line breaks and case", () => {
    expect(findQuote(page, "may terminate this agreement on one hundred")).toEqual([
      { item: 0, start: 42, end: 70 },
      { item: 1, start: 0, end: 14 },
    ]);
  });

  it("treats straight and curly quotes, and all dashes, alike", () => {
    expect(findQuote(page, "twenty (120) days' prior")).toEqual([{ item: 1, start: 15, end: 39 }]);
    expect(findQuote(page, "Termination for Cause - immediate")).toEqual([{ item: 2, start: 4, end: 37 }]);
  });

  it("joins a word hyphenated at a line end", () => {
    expect(findQuote(["claims must be sub-\nmitted within 90 days"], "claims must be submitted")).toEqual([{ item: 0, start: 0, end: 26 }]);
  });

  it("with wordsOnly, compares letters and digits alone", () => {
    const text = "2.1 Timely Filing. Provider shall submit claims.";
    expect(findQuote([text], "2.1 Timely Filing Provider shall")).toBeUndefined();
    expect(findQuote([text], "2.1 Timely Filing Provider shall", { wordsOnly: true })).toEqual([{ item: 0, start: 0, end: 33 }]);
  });

  it("matches the parts of a quote with an ellipsis in order", () => {
    const ranges = findQuote(page, "Each party may terminate … written notice");
    expect(ranges?.[0]).toEqual({ item: 0, start: 31, end: 70 });
    expect(ranges?.at(-1)).toEqual({ item: 1, start: 0, end: 54 });
  });

  it("matches a long quote by its ends when the middle was reworded", () => {
    const quote = "Each party may terminate this Agreement upon 120 days prior written notice to the other party.";
    expect(findQuote(page, quote)).toBeUndefined();
    const long = "Each party may terminate this Agreement, on one hundred and twenty (120) days’ prior written notice.";
    expect(findQuote(page, long)).toEqual([
      { item: 0, start: 31, end: 70 },
      { item: 1, start: 0, end: 55 },
    ]);
    expect(findQuote(page, long, { exact: true })).toBeUndefined();
  });

  it("answers undefined for text that is not there or too short", () => {
    expect(findQuote(page, "timely filing")).toBeUndefined();
    expect(findQuote(page, " ")).toBeUndefined();
  });

  it("maps ligatures back to the characters they came from", () => {
    expect(findQuote(["the \ufb01ling deadline"], "filing deadline")).toEqual([{ item: 0, start: 4, end: 18 }]);
  });
});

describe("segmentText", () => {
  it("splits a text into plain and marked parts", () => {
    const text = "Claims are due within 90 days.";
    expect(segmentText(text, findQuote([text], "within 90 DAYS"))).toEqual([
      { text: "Claims are due ", isMatch: false },
      { text: "within 90 days", isMatch: true },
      { text: ".", isMatch: false },
    ]);
    expect(segmentText(text, undefined)).toEqual([{ text, isMatch: false }]);
  });
});
