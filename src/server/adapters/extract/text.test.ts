import { describe, expect, it } from "vitest";
import { cleanPageText, decodeEntityDebris, ocrPage, splitIntoEstimatedPages } from "./text";

describe("cleanPageText", () => {
  it("removes NUL and other control characters but keeps newlines and tabs", () => {
    expect(cleanPageText("Rate\u0000:\t$85\u0007.00\r\nnext\u001b line\u0085")).toBe("Rate:\t$85.00\nnext line");
  });

  it("removes unpaired surrogates and keeps paired ones", () => {
    expect(cleanPageText("a\ud800b\udc00c 😀")).toBe("abc 😀");
  });

  it("trims trailing spaces and collapses runs of blank lines", () => {
    expect(cleanPageText("\n\nTitle   \n\n\n\nBody\f\n")).toBe("Title\n\nBody");
  });
});

describe("decodeEntityDebris", () => {
  it.each([
    ["listed on the &sbsp;attached Commission Schedule", "listed on the  attached Commission Schedule"],
    ["the &bbsp;Agency and &nbsp;MICOA", "the  Agency and  MICOA"],
    ["Smith &amp; Jones, &quot;Provider&quot;", 'Smith & Jones, "Provider"'],
    ["Provider&#8217;s claims &#x2014; all of them", "Provider’s claims — all of them"],
    ["AT&T and Johnson &Wales &c.", "AT&T and Johnson &Wales &c."],
    ["a control &#7; stays", "a control &#7; stays"],
  ])("%s", (text, expected) => {
    expect(decodeEntityDebris(text)).toBe(expected);
  });

  it("is applied when a page is cleaned", () => {
    expect(cleanPageText("the &sbsp;attached Schedule")).toBe("the  attached Schedule");
  });
});

describe("ocrPage", () => {
  it("flags pages with next to no text or very low confidence as unreadable", () => {
    expect(ocrPage(1, "~ ,", 80).isUnreadable).toBe(true);
    expect(ocrPage(1, "The Payer shall reimburse Provider within thirty days.", 20).isUnreadable).toBe(true);
    expect(ocrPage(1, "The Payer shall reimburse Provider within thirty days.", 91.23)).toEqual({
      pageNumber: 1,
      text: "The Payer shall reimburse Provider within thirty days.",
      method: "ocr",
      ocrConfidence: 91.2,
      isUnreadable: false,
    });
  });
});

describe("splitIntoEstimatedPages", () => {
  const paragraph = (index: number) => `${index}. ${"word ".repeat(80).trim()}`;

  it("cuts at paragraph boundaries into pages of about the target size", () => {
    const text = Array.from({ length: 30 }, (_, index) => paragraph(index + 1)).join("\n\n");
    const pages = splitIntoEstimatedPages(text, 3_000);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(3_000);
    // Nothing lost, nothing cut mid-paragraph.
    expect(pages.join("\n\n")).toBe(text);
  });

  it("cuts a paragraph longer than a page between words", () => {
    const long = "word ".repeat(2_000).trim();
    const pages = splitIntoEstimatedPages(long, 3_000);
    expect(pages.length).toBe(4);
    expect(pages.join(" ")).toBe(long);
  });

  it("keeps a short text on one page and drops blank input", () => {
    expect(splitIntoEstimatedPages("Short.\n\nAgreement.")).toEqual(["Short.\n\nAgreement."]);
    expect(splitIntoEstimatedPages("\n\n  \n")).toEqual([]);
  });
});
