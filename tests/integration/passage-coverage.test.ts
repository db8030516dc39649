import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cuadFile, readCuadContracts, repoRoot, requireCuadDev } from "../support/documents/cuad-dev";
import { measurePassageCoverage } from "../support/documents/passage-coverage";
import { payerContractPages } from "../support/documents/payer-contract";
import { buildPdf, fakeOcr } from "../support/documents/test-fixtures";
import { chunkClauses } from "../../src/core/documents/chunking";
import { removePageFurniture, splitPageLines, type PageText } from "../../src/core/documents/page-lines";
import { structureDocument } from "../../src/core/documents/structure";
import { findQuote } from "../../src/core/documents/quote-match";
import { extractDocument } from "../../src/server/adapters/extract/extract";

requireCuadDev();
const MIN_COVERAGE = 0.995;
/** Passages repeat no text: their letters are at most this share more than the page's. */
const MAX_REPEATED = 0.005;

async function read(bytes: Uint8Array, kind: "pdf" | "docx" = "pdf"): Promise<PageText[]> {
  const { pages } = await extractDocument(bytes, kind, { ocr: fakeOcr(() => ({ text: "", confidence: 0 })) });
  return pages;
}

const fixture = (name: string) => readFileSync(path.join(repoRoot, "tests/fixtures/documents", name));

const documents: [string, () => Promise<PageText[]>][] = [
  ...readCuadContracts().map((contract): [string, () => Promise<PageText[]>] => [
    contract.contract_id,
    () => read(readFileSync(cuadFile("contracts", contract.contract_id))),
  ]),
  ["the sample payer contract", () => read(buildPdf(payerContractPages))],
  ["payer-agreement.pdf", () => read(fixture("payer-agreement.pdf"))],
  ["payer-agreement.docx", () => read(fixture("payer-agreement.docx"), "docx")],
];

describe("passages hold every word of the page text (CUAD dev set and fixtures)", () => {
  it.each(documents)("%s", async (_name, read) => {
    const pages = await read();
    const passages = chunkClauses(structureDocument(pages));
    const coverage = measurePassageCoverage(pages, passages);
    expect(coverage.coveredCharacters / coverage.pageCharacters, JSON.stringify(coverage.missing.slice(0, 5))).toBeGreaterThanOrEqual(MIN_COVERAGE);
    expect(coverage.passageCharacters / coverage.pageCharacters).toBeLessThanOrEqual(1 + MAX_REPEATED);

    // A passage's text is the page's own words: found word for word on its pages, running heads aside.
    const bodyText = new Map(removePageFurniture(pages.map(splitPageLines)).map((lines) => [lines[0]?.pageNumber, lines.map((line) => line.text).join("\n")]));
    const notOnPage = passages.filter((passage) => {
      const span = Array.from({ length: passage.pageEnd - passage.pageStart + 1 }, (_, index) => bodyText.get(passage.pageStart + index) ?? "");
      return findQuote([span.join("\n")], passage.text, { exact: true, wordsOnly: true }) === undefined;
    });
    expect(notOnPage.map((passage) => passage.text.slice(0, 80))).toEqual([]);
  });
});
