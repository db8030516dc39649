import { describe, expect, it, vi } from "vitest";

// No Word 97-2003 writer is available to make a real .doc here, so word-extractor is replaced
// by a stand-in returning what it returns for such a file: paragraphs ending in "\n", table
// cells separated by tabs, Word's page breaks already turned into "\n".
const extracted = vi.hoisted(() => ({ body: "", footnotes: "", options: [] as unknown[] }));
vi.mock("word-extractor", () => ({
  default: class {
    async extract(source: Buffer) {
      if (source.length < 16) throw new Error("Unable to read this type of file");
      return {
        getBody: (options: unknown) => {
          extracted.options.push(options);
          return extracted.body;
        },
        getFootnotes: () => extracted.footnotes,
        getEndnotes: () => "",
      };
    }
  },
}));

const { extractDocument } = await import("./extract");
const { fakeOcr } = await import("../../../../tests/support/documents/test-fixtures");
const ocr = fakeOcr(() => ({ text: "", confidence: 0 }));
const docBytes = Buffer.alloc(1024);

describe("DOC extraction", () => {
  it("keeps paragraphs apart, table rows together, quotes as written, and estimates pages", async () => {
    extracted.body = `PROVIDER AGREEMENT\n“Payer” means Acme Health Plan.\nCPT\tRate\n99213\t$85.00\n\n${"The Provider shall see Members promptly. ".repeat(100)}\n`;
    extracted.footnotes = "1 See Exhibit A.\n";
    const result = await extractDocument(docBytes, "doc", { ocr });
    expect(result.pageNumbersEstimated).toBe(true);
    expect(result.pages[0]?.text.startsWith("PROVIDER AGREEMENT\n\n“Payer” means Acme Health Plan.\n\nCPT\tRate\n99213\t$85.00")).toBe(true);
    expect(result.pages.length).toBeGreaterThanOrEqual(2);
    expect(result.pages.at(-1)?.text.endsWith("1 See Exhibit A.")).toBe(true);
    expect(extracted.options).toContainEqual({ filterUnicode: false });
  });

  it("reports an unreadable .doc as corrupt and one without text as empty", async () => {
    await expect(extractDocument(Buffer.alloc(8, 1), "doc", { ocr })).rejects.toMatchObject({ reason: "corrupt" });
    extracted.body = "\n\n";
    extracted.footnotes = "";
    await expect(extractDocument(docBytes, "doc", { ocr })).rejects.toMatchObject({ reason: "empty" });
  });
});
