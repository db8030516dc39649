import { describe, expect, it } from "vitest";
import { buildDocx, fakeOcr, w } from "../../../../tests/support/documents/test-fixtures";
import { extractDocument } from "./extract";

const ocr = fakeOcr(() => {
  throw new Error("Word files are never OCRed");
});

/** A run of text with the given run properties (`<w:strike/>`…). */
const run = (text: string, properties = "") => `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ""}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const paragraph = (...runs: string[]) => `<w:p>${runs.join("")}</w:p>`;

async function read(body: string): Promise<{ texts: string[]; struck: string[][] }> {
  const { pages } = await extractDocument(buildDocx(body), "docx", { ocr });
  return {
    texts: pages.map((page) => page.text),
    struck: pages.map((page) => (page.struckRanges ?? []).map(([start, end]) => page.text.slice(start, end))),
  };
}

const renewal = "5.2 Renewal. This Agreement renews by itself for further one-year terms.";
const payment = "6.1 Payment. Plan pays clean claims within thirty days.";

describe("Word extraction carries struck runs", () => {
  it.each<[string, string, string[]]>([
    ["a run struck once (w:strike)", "<w:strike/>", [renewal]],
    ['w:strike w:val="true"', '<w:strike w:val="true"/>', [renewal]],
    ["a run struck twice (w:dstrike)", "<w:dstrike/>", [renewal]],
    ['w:strike w:val="0": not struck', '<w:strike w:val="0"/>', []],
    ['w:strike w:val="false": not struck', '<w:strike w:val="false"/>', []],
    ['w:dstrike w:val="off": not struck', '<w:dstrike w:val="off"/>', []],
    ["other formatting (bold, underline): not struck", '<w:b/><w:u w:val="single"/>', []],
  ])("%s", async (_, properties, expected) => {
    const { texts, struck } = await read([paragraph(run(renewal, properties)), paragraph(run(payment))].join(""));
    expect(texts).toEqual([`${renewal}\n\n${payment}`]);
    expect(struck).toEqual([expected]);
  });

  it("struck words inside a paragraph in force: only those words", async () => {
    const { texts, struck } = await read(paragraph(run("6.1 Payment. Plan pays "), run("paper and", "<w:strike/>"), run(" clean claims within thirty days.")));
    expect(texts).toEqual(["6.1 Payment. Plan pays paper and clean claims within thirty days."]);
    expect(struck).toEqual([["paper and"]]);
  });

  it("a struck run in a table cell", async () => {
    const cell = (content: string) => `<w:tc>${paragraph(content)}</w:tc>`;
    const table = `<w:tbl><w:tr>${cell(run("Lesser of"))}${cell(run("Plan pays the lesser of billed charges or the fee schedule.", "<w:strike/>"))}</w:tr></w:tbl>`;
    const { texts, struck } = await read(table);
    expect(texts).toEqual(["Lesser of\tPlan pays the lesser of billed charges or the fee schedule."]);
    expect(struck).toEqual([["Plan pays the lesser of billed charges or the fee schedule."]]);
  });

  it("a tracked deletion (w:del) is left out of the text, as it was before strikes were read", async () => {
    const deleted = `<w:del w:id="1" w:author="Reviewer" w:date="2026-11-01T00:00:00Z"><w:r><w:delText xml:space="preserve">automatically </w:delText></w:r></w:del>`;
    const { texts, struck } = await read(paragraph(run("5.2 Renewal. This Agreement renews "), deleted, run("by mutual consent.")));
    expect(texts).toEqual(["5.2 Renewal. This Agreement renews by mutual consent."]);
    expect(struck).toEqual([[]]);
  });

  it("estimated pages fall where they fall without strikes, and a paragraph struck across two of them is struck on both", async () => {
    const sentence = "The Payer shall reimburse the Provider for Covered Services under this Agreement. ";
    const paragraphs = [1, 2, 3].map((number) => `${number}. ${sentence.repeat(5).trim()}`);
    const long = `4. ${sentence.repeat(45).trim()}`;
    const body = (longProperties: string) =>
      [...paragraphs.map((text) => paragraph(run(text))), paragraph(run(long, longProperties)), paragraph(run(`5. ${sentence}`))].join("");
    const [plain, marked] = await Promise.all([read(body("")), read(body("<w:dstrike/>"))]);
    expect(plain.texts.length).toBe(3);
    expect(marked.texts).toEqual(plain.texts);
    // The long paragraph is cut in two: all of page 2 is struck, and page 3 from its start to where the paragraph ends.
    expect(marked.struck.map((ranges) => ranges.length)).toEqual([0, 1, 1]);
    expect(marked.struck.flat().join(" ")).toBe(long);
    expect(marked.struck[1]).toEqual([marked.texts[1]]);
    expect(marked.texts[2]!.startsWith(marked.struck[2]![0]!)).toBe(true);
  });

  it("the page text is the same as before strikes were read (headings, breaks and notes as they were)", async () => {
    const body = [
      w.p("PROVIDER AGREEMENT", { style: "Heading1" }),
      paragraph(run(renewal, "<w:strike/>")),
      w.p("ARTICLE 6", { before: w.pageBreak }),
      paragraph(run(payment)),
    ].join("");
    const unstruck = body.replace("<w:rPr><w:strike/></w:rPr>", "");
    const [plain, marked] = await Promise.all([read(unstruck), read(body)]);
    expect(marked.texts).toEqual(plain.texts);
    expect(marked.struck).toEqual([[renewal], []]);
  });
});
