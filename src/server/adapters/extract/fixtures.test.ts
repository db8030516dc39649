import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detectDocumentKind } from "./detect";
import { extractDocument } from "./extract";
import { fakeOcr } from "../../../../tests/support/documents/test-fixtures";
import { fixturesDirectory } from "../../../../tests/support/documents/write-fixtures";

// The sample files other tests upload: each must still be what its name says.
const read = (name: string) => readFileSync(path.join(fixturesDirectory, name));
const ocr = () => fakeOcr(() => ({ text: "3.1 Provider shall submit claims within ninety (90) days", confidence: 90 }));

describe("tests/fixtures/documents", () => {
  it("payer-agreement.pdf is a two-page text PDF", async () => {
    expect(await detectDocumentKind(read("payer-agreement.pdf"), "payer-agreement.pdf")).toBe("pdf");
    const result = await extractDocument(read("payer-agreement.pdf"), "pdf", { ocr: ocr() });
    expect(result.pages.map((page) => page.method)).toEqual(["text", "text"]);
    expect(result.pages[1]?.text).toContain("3. TIMELY FILING. Claims must be filed within 90 days.");
  });

  it("payer-agreement.docx has two pages split by a page break", async () => {
    expect(await detectDocumentKind(read("payer-agreement.docx"), "payer-agreement.docx")).toBe("docx");
    const result = await extractDocument(read("payer-agreement.docx"), "docx", { ocr: ocr() });
    expect(result.pageNumbersEstimated).toBe(false);
    expect(result.pages[1]?.text).toBe("EXHIBIT A - FEE SCHEDULE\n\nCPT\tDescription\tRate\n99213\tOffice visit, established patient\t$85.00");
  });

  it.each([
    ["scanned-page.pdf", "pdf"],
    ["scanned-page.png", "png"],
  ] as const)("%s is an image-only page that goes to OCR", async (name, kind) => {
    expect(await detectDocumentKind(read(name), name)).toBe(kind);
    const engine = ocr();
    const result = await extractDocument(read(name), kind, { ocr: engine });
    expect(engine.calls).toHaveLength(1);
    expect(engine.calls[0]?.dpi).toBe(200);
    expect(result.pages[0]?.method).toBe("ocr");
  });

  it("password-protected.pdf, truncated.pdf and png-renamed.pdf are refused", async () => {
    await expect(extractDocument(read("password-protected.pdf"), "pdf", { ocr: ocr() })).rejects.toMatchObject({ reason: "encrypted" });
    await expect(extractDocument(read("truncated.pdf"), "pdf", { ocr: ocr() })).rejects.toMatchObject({ reason: "corrupt" });
    expect(await detectDocumentKind(read("png-renamed.pdf"), "png-renamed.pdf")).toBeUndefined();
  });
});
