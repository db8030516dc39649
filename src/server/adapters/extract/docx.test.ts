import { describe, expect, it } from "vitest";
import { extractDocument } from "./extract";
import { buildDocx, fakeOcr, w } from "../../../../tests/support/documents/test-fixtures";
import { ExtractionError, type ExtractionResult } from "./types";

const ocr = fakeOcr(() => {
  throw new Error("Word files are never OCRed");
});

async function extractDocx(bytes: Uint8Array): Promise<ExtractionResult> {
  return extractDocument(bytes, "docx", { ocr });
}

async function failure(bytes: Uint8Array, kind: "docx" | "doc" = "docx"): Promise<ExtractionError> {
  const error = await extractDocument(bytes, kind, { ocr }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

const clause = (index: number) => w.p(`${index}. ${"The Payer shall reimburse the Provider for Covered Services. ".repeat(6).trim()}`);

describe("DOCX extraction", () => {
  it("splits pages at Word's page break and keeps headings, paragraphs and table rows apart", async () => {
    const docx = buildDocx(
      [
        w.p("PROVIDER AGREEMENT", { style: "Heading1" }),
        w.p("This Agreement is made between Acme Health Plan and the Practice."),
        w.p("ARTICLE II COMPENSATION", { style: "Heading1", before: w.pageBreak }),
        w.p("Payer pays the rates below."),
        w.table([
          ["CPT", "Description", "Rate"],
          ["99213", "Office visit", "$85.00"],
        ]),
      ].join(""),
      { deflate: true },
    );
    const progress: Array<[number, number]> = [];
    const result = await extractDocument(docx, "docx", { ocr, onProgress: (done, total) => progress.push([done, total]) });
    expect(result.pageNumbersEstimated).toBe(false);
    expect(result.pages).toEqual([
      { pageNumber: 1, method: "text", isUnreadable: false, text: "PROVIDER AGREEMENT\n\nThis Agreement is made between Acme Health Plan and the Practice." },
      {
        pageNumber: 2,
        method: "text",
        isUnreadable: false,
        text: "ARTICLE II COMPENSATION\n\nPayer pays the rates below.\n\nCPT\tDescription\tRate\n99213\tOffice visit\t$85.00",
      },
    ]);
    expect(progress.at(-1)).toEqual([2, 2]);
  });

  it("uses the page breaks Word rendered, also in mid-paragraph, counting an explicit break and the rendered one after it once", async () => {
    const docx = buildDocx(
      [
        w.p("Page one text."),
        `<w:p><w:r><w:t xml:space="preserve">Clause that starts on page one </w:t></w:r><w:r><w:lastRenderedPageBreak/><w:t>and ends on page two.</w:t></w:r></w:p>`,
        w.p("End of page two.", { after: w.pageBreak }),
        w.p("Exhibit A", { style: "Heading1", before: w.renderedBreak }),
      ].join(""),
    );
    const result = await extractDocx(docx);
    expect(result.pageNumbersEstimated).toBe(false);
    expect(result.pages.map((page) => page.text)).toEqual([
      "Page one text.\n\nClause that starts on page one",
      "and ends on page two.\n\nEnd of page two.",
      "Exhibit A",
    ]);
  });

  it("puts a footnote at the end of the page that refers to it", async () => {
    const docx = buildDocx([w.p("Payer pays within 30 days.", { after: w.footnoteReference(1) }), w.p("Second page.", { before: w.pageBreak })].join(""), {
      footnotes: { 1: "Days are calendar days." },
    });
    const result = await extractDocx(docx);
    expect(result.pages.map((page) => page.text)).toEqual(["Payer pays within 30 days.\n\nDays are calendar days.", "Second page."]);
  });

  it("estimates pages of about 3,000 characters when the file records no page breaks", async () => {
    const docx = buildDocx(Array.from({ length: 40 }, (_, index) => clause(index + 1)).join(""));
    const result = await extractDocx(docx);
    expect(result.pageNumbersEstimated).toBe(true);
    expect(result.pages.length).toBeGreaterThanOrEqual(4);
    expect(result.pages.map((page) => page.pageNumber)).toEqual(result.pages.map((_, index) => index + 1));
    for (const page of result.pages) {
      expect(page.text.length).toBeLessThanOrEqual(3_000);
      expect(page.text).toMatch(/^\d+\. The Payer/); // cut at paragraph boundaries
    }
  });

  it("estimates pages between explicit breaks that are too long to be one page", async () => {
    const docx = buildDocx([w.p("Cover page", { after: w.pageBreak }), ...Array.from({ length: 30 }, (_, index) => clause(index + 1))].join(""));
    const result = await extractDocx(docx);
    expect(result.pageNumbersEstimated).toBe(true);
    expect(result.pages[0]?.text).toBe("Cover page");
    expect(result.pages.length).toBeGreaterThan(3);
  });

  it("refuses a zip bomb before inflating it", async () => {
    // 60 MB of XML that deflates to about 60 KB.
    const bomb = buildDocx(`${w.p("Start")}<w:p><w:r><w:t>${"A".repeat(60 * 1024 * 1024)}</w:t></w:r></w:p>`, { deflate: true });
    expect(bomb.length).toBeLessThan(200_000);
    const error = await failure(bomb);
    expect(error.reason).toBe("too_large");
    expect(error.message).toMatch(/too large/);
  });

  it("refuses a file whose zip headers understate how much it inflates", async () => {
    const docx = buildDocx(`<w:p><w:r><w:t>${"B".repeat(3 * 1024 * 1024)}</w:t></w:r></w:p>`, { declaredSizes: { "word/document.xml": 4_000 } });
    expect((await failure(docx)).reason).toBe("too_large");
  });

  it("reports a truncated or non-Word zip as corrupt", async () => {
    const docx = buildDocx(w.p("Hello"), { deflate: true });
    expect((await failure(docx.subarray(0, docx.length - 40))).reason).toBe("corrupt");
    expect((await failure(Buffer.from("PK\u0003\u0004 not really a zip"))).reason).toBe("corrupt");
  });

  it("reports a password-protected Word file as encrypted", async () => {
    const header = Buffer.alloc(512);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
    const protectedDocx = Buffer.concat([header, Buffer.from("EncryptedPackage", "utf16le"), Buffer.alloc(64)]);
    const error = await failure(protectedDocx);
    expect(error.reason).toBe("encrypted");
    expect(error.message).toBe("This document is password-protected. Remove the password and upload it again.");
  });

  it("reports a document without text as empty", async () => {
    expect((await failure(buildDocx(w.p("") + w.p("   ")))).reason).toBe("empty");
  });

  it("reports a .doc that is not a Word document as corrupt", async () => {
    const header = Buffer.alloc(1024);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
    expect((await failure(header, "doc")).reason).toBe("corrupt");
  });
});

describe("DOCX list numbering", () => {
  const level = (ilvl: number, format: string, text: string, extra = "") =>
    `<w:lvl w:ilvl="${ilvl}"><w:start w:val="1"/><w:numFmt w:val="${format}"/>${extra}<w:lvlText w:val="${text}"/></w:lvl>`;
  const numbering = [
    `<w:abstractNum w:abstractNumId="0">${level(0, "decimal", "%1.", '<w:pStyle w:val="ClauseHeading"/>')}${level(1, "decimal", "%1.%2")}${level(2, "lowerLetter", "(%3)")}</w:abstractNum>`,
    `<w:abstractNum w:abstractNumId="1">${level(0, "bullet", "\u{F0B7}")}</w:abstractNum>`,
    `<w:abstractNum w:abstractNumId="2">${level(0, "upperRoman", "ARTICLE %1", '<w:suff w:val="space"/>')}</w:abstractNum>`,
    '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>',
    '<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>',
    '<w:num w:numId="3"><w:abstractNumId w:val="2"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="4"/></w:lvlOverride></w:num>',
  ].join("");
  const styles =
    '<w:style w:type="paragraph" w:styleId="ClauseHeading"><w:name w:val="Clause Heading"/><w:basedOn w:val="Heading1"/><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>';
  const numbered = (text: string, numId: number, ilvl: number) =>
    `<w:p><w:pPr><w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;

  it("writes Word's automatic clause numbers into the text, as Word shows them", async () => {
    const docx = buildDocx(
      [
        w.p("DEFINITIONS", { style: "ClauseHeading" }),
        numbered("Payer means the health plan.", 1, 1),
        numbered("Covered Services means:", 1, 1),
        numbered("office visits; and", 1, 2),
        numbered("telehealth visits.", 1, 2),
        w.p("COMPENSATION", { style: "ClauseHeading" }),
        numbered("Payer pays the fee schedule.", 1, 1),
        numbered("No deductible applies", 2, 0),
        w.p("An unnumbered paragraph."),
        numbered("MISCELLANEOUS", 3, 0),
        numbered("GOVERNING LAW", 3, 0),
      ].join(""),
      { numbering, styles },
    );
    const result = await extractDocx(docx);
    expect(result.pages[0]?.text.split("\n\n")).toEqual([
      "1. DEFINITIONS",
      "1.1 Payer means the health plan.",
      "1.2 Covered Services means:",
      "(a) office visits; and",
      "(b) telehealth visits.",
      "2. COMPENSATION",
      "2.1 Payer pays the fee schedule.",
      "• No deductible applies",
      "An unnumbered paragraph.",
      "ARTICLE IV MISCELLANEOUS",
      "ARTICLE V GOVERNING LAW",
    ]);
  });
});
