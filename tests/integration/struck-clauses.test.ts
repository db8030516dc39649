import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRUCK_CLAUSE_NO } from "../../src/core/fact-sheet/read-facts";
import { documentPages } from "../../src/server/db/schema/index";
import { documentPagesResponseSchema } from "../../src/shared/contracts/documents";
import type { FactSheet } from "../../src/shared/contracts/fact-sheet";
import { signedUpClient } from "../support/accounts";
import { askedAnswer } from "../support/chat";
import { isStruckClause, struckTemplateClauses as clauses, struckTemplateDocx, struckTemplatePdf, wording } from "../support/documents/struck-template";
import { processedDocument, waitForStatus } from "../support/documents/processing";
import { readyFactSheet } from "../support/fact-sheets";
import type { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  owner = await signedUpClient(testApp);
}, 60_000);
afterAll(() => testApp.close());

const valuesOf = (sheet: FactSheet, key: string) => sheet.fields.find((field) => field.key === key)!.values;
const shown = (sheet: FactSheet, key: string) => valuesOf(sheet, key).map((value) => [value.value, value.source.page]);

async function pageTexts(documentId: string): Promise<Map<number, string>> {
  const { pages } = (await (await owner.get(`/api/documents/${documentId}/pages`)).json()) as { pages: { pageNumber: number; text: string }[] };
  return new Map(pages.map((page) => [page.pageNumber, page.text]));
}

/** The sheet read again after `change`, once the new reading is saved. */
async function sheetReadAgain(documentId: string, change: () => Promise<void>): Promise<FactSheet> {
  const before = await readyFactSheet(owner, documentId);
  await change();
  const deadline = Date.now() + 20_000;
  for (;;) {
    const sheet = await readyFactSheet(owner, documentId);
    if (sheet.builtAt !== before.builtAt) return sheet;
    if (Date.now() > deadline) throw new Error("the fact sheet was not read again");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each([
  { kind: "PDF", filename: "Tamarack template (struck).pdf", bytes: struckTemplatePdf },
  { kind: "Word", filename: "Tamarack template (struck).docx", bytes: async () => struckTemplateDocx() },
])("a $kind agreement with struck standard clauses, processed by the real pipeline", ({ filename, bytes }) => {
  let documentId: string;

  beforeAll(async () => {
    documentId = (await processedDocument(testApp, owner, filename, await bytes())).id;
  }, 60_000);

  it("its fact sheet reads the struck yes-or-no clauses as a stated No and the struck length of time as Not stated", async () => {
    const sheet = await readyFactSheet(owner, documentId);
    expect(shown(sheet, "auto_renewal")).toEqual([[STRUCK_CLAUSE_NO, 1]]);
    expect(shown(sheet, "lesser_of")).toEqual([[STRUCK_CLAUSE_NO, 1]]);
    expect(shown(sheet, "timely_filing")).toEqual([]);
    // The clauses in force read as they always did.
    expect(shown(sheet, "initial_term")).toEqual([["3 years", 1]]);
    expect(shown(sheet, "clean_claim_payment")).toEqual([["30 days", 1]]);
    expect(shown(sheet, "governing_law")).toEqual([["Montana", 1]]);
    // The No cites the struck clause, quoted verbatim from the page.
    const pages = await pageTexts(documentId);
    const renewal = valuesOf(sheet, "auto_renewal")[0]!;
    expect(renewal.source.quote).toContain("shall renew automatically");
    expect(pages.get(1)!.slice(renewal.source.startOffset, renewal.source.endOffset).replace(/\s+/g, " ")).toBe(renewal.source.quote);
  });

  it.each(["How many days do we have to submit a claim?", "What does the agreement say about submitting claims after the date of service?"])(
    "chat does not answer from or quote a struck clause: %s",
    async (question) => {
      const { content, metadata } = await askedAnswer(owner, documentId, question);
      expect(metadata.outcome).not.toBe("answer");
      expect(content).not.toContain("ninety (90) days");
      expect(metadata.citations.map((citation) => citation.quote).join(" ")).not.toContain("ninety (90) days");
    },
  );

  it("chat answers from the clauses in force beside a struck one", async () => {
    const { content, metadata } = await askedAnswer(owner, documentId, "How fast must the plan pay a clean claim?");
    expect(metadata.outcome).toBe("answer");
    expect(content).toContain("**30 days");
  });

  it("keeps the page text whole (struck words included) and stores where the strikes are", async () => {
    const text = (await pageTexts(documentId)).get(1)!;
    for (const clause of clauses.filter(isStruckClause)) expect(text.replace(/\s+/g, " ")).toContain(wording(clause));
    const [row] = await testApp.container.db
      .select({ struckRanges: documentPages.struckRanges })
      .from(documentPages)
      .where(eq(documentPages.documentId, documentId));
    const struck = row!.struckRanges!.map(([start, end]) => text.slice(start, end).replace(/\s+/g, " "));
    // The document view gets them with the page, to show those words struck through.
    const { pages } = documentPagesResponseSchema.parse(await (await owner.get(`/api/documents/${documentId}/pages`)).json());
    expect(pages[0]!.struckRanges).toEqual(row!.struckRanges);
    expect(struck).toEqual([
      wording(clauses[4]!),
      // The two struck clauses in a row are one struck stretch.
      `${wording(clauses[6]!)} ${wording(clauses[7]!)}`,
    ]);
  });

  it("read before strikes were kept, nothing is struck; Reprocess reads the strikes again", async () => {
    const unstruck = await sheetReadAgain(documentId, async () => {
      await testApp.container.db.update(documentPages).set({ struckRanges: null }).where(eq(documentPages.documentId, documentId));
      await testApp.container.factSheets.requestBuild(documentId);
    });
    expect(shown(unstruck, "auto_renewal")).toEqual([["Yes, for 1 year terms", 1]]);
    expect(shown(unstruck, "timely_filing")).toEqual([["90 days", 1]]);

    const reprocessed = await sheetReadAgain(documentId, async () => {
      const response = await owner.post(`/api/documents/${documentId}/process`, { trigger: "reprocess" });
      expect(response.status).toBe(200);
      await waitForStatus(owner, documentId, ["completed"]);
    });
    expect(shown(reprocessed, "auto_renewal")).toEqual([[STRUCK_CLAUSE_NO, 1]]);
    expect(shown(reprocessed, "timely_filing")).toEqual([]);
  });
});
