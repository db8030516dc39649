import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { canonical, cuadFile, readCuadContracts, readCuadQuestions, requireCuadDev } from "../../../../tests/support/documents/cuad-dev";
import { extractDocument } from "./extract";
import { fakeOcr } from "../../../../tests/support/documents/test-fixtures";

requireCuadDev();
const contracts = readCuadContracts();
const questions = readCuadQuestions();

describe("text PDFs of the CUAD dev set", () => {
  it("has the 15 contracts and 213 pages the README lists", () => {
    expect(contracts).toHaveLength(15);
    expect(contracts.reduce((sum, contract) => sum + contract.n_pages, 0)).toBe(213);
  });

  it.each(contracts.map((contract) => [contract.contract_id, contract] as const))(
    "%s: every page, and each gold answer span on the page CUAD labels",
    async (_id, contract) => {
      const ocr = fakeOcr(() => ({ text: "", confidence: 0 }));
      const result = await extractDocument(readFileSync(cuadFile("contracts", contract.contract_id)), "pdf", { ocr });
      expect(result.pages).toHaveLength(contract.n_pages);
      expect(result.pages.every((page) => page.method === "text" && !page.isUnreadable)).toBe(true);
      expect(ocr.calls).toHaveLength(0);

      const pageText = result.pages.map((page) => canonical(page.text));
      const spans = questions
        .filter((question) => question.contract_id === contract.contract_id)
        .flatMap((question) => question.answers.map((answer) => ({ ...answer, category: question.category })))
        .filter((answer) => answer.pages.length > 0 && canonical(answer.text));
      expect(spans.length).toBeGreaterThan(0);
      const missing = spans
        .filter(
          (span) =>
            !span.pages
              .map((page) => pageText[page - 1] ?? "")
              .join("")
              .includes(canonical(span.text)),
        )
        .map((span) => `${span.category} (page ${span.pages.join(", ")}): ${span.text.slice(0, 80)}`);
      expect(missing).toEqual([]);
    },
  );
});
