import { eq } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRUCK_CLAUSE_NO } from "../../src/core/fact-sheet/read-facts";
import { documentPages } from "../../src/server/db/schema/index";
import { documentPagesResponseSchema } from "../../src/shared/contracts/documents";
import type { FactSheet } from "../../src/shared/contracts/fact-sheet";
import { signedUpClient } from "../support/accounts";
import { buildDocx } from "../support/documents/test-fixtures";
import { processedDocument, waitForStatus } from "../support/documents/processing";
import { readyFactSheet } from "../support/fact-sheets";
import type { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";

// A template agreement whose user struck out its standard renewal, filing and lesser-of clauses
// ("~~" before a clause: struck through on the page), written once as a PDF and once as Word.
const clauses = [
  "PROVIDER PARTICIPATION AGREEMENT",
  'This Provider Participation Agreement is made between Tamarack Health Plan ("Plan") and Cedar Hollow Medical Group ("Provider").',
  "1. TERM",
  "1.1 Term. This Agreement starts when both parties sign it and runs for an initial term of three (3) years.",
  "~~1.2 Renewal. At the end of the term this Agreement shall renew automatically for successive one (1) year terms.",
  "2. CLAIMS AND PAYMENT",
  "~~2.1 Timely Filing. Provider shall submit each claim within ninety (90) days of the date of service.",
  "~~2.2 Payment Rule. Plan shall pay Provider the lesser of Provider's billed charges or the Plan fee schedule.",
  "2.3 Prompt Payment. Plan shall pay each clean claim within thirty (30) days of receiving it.",
  "3. GENERAL",
  "3.1 Governing Law. The laws of the State of Montana govern this Agreement.",
];
const isStruckClause = (clause: string) => clause.startsWith("~~");
const wording = (clause: string) => clause.replace(/^~~/, "");

/** The agreement as a PDF drawn the way an editor strikes text: a thin line through the middle of each struck line of text. */
async function struckPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  const size = 11;
  let y = 730;
  for (const clause of clauses) {
    const lines: string[] = [];
    for (const word of wording(clause).split(" ")) {
      const last = lines.at(-1);
      if (last !== undefined && font.widthOfTextAtSize(`${last} ${word}`, size) <= 470) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    for (const line of lines) {
      page.drawText(line, { x: 72, y, size, font });
      const middle = y + 0.3 * size;
      if (isStruckClause(clause))
        page.drawLine({ start: { x: 72, y: middle }, end: { x: 72 + font.widthOfTextAtSize(line, size), y: middle }, thickness: 0.8 });
      y -= 15;
    }
    y -= 8;
  }
  return pdf.save();
}

/** The agreement as a Word file: struck clauses are runs with <w:strike/>. */
function struckDocx(): Buffer {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const paragraph = (clause: string) =>
    `<w:p><w:r>${isStruckClause(clause) ? "<w:rPr><w:strike/></w:rPr>" : ""}<w:t xml:space="preserve">${escape(wording(clause))}</w:t></w:r></w:p>`;
  return buildDocx(clauses.map(paragraph).join(""));
}

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
  { kind: "PDF", filename: "Tamarack template (struck).pdf", bytes: struckPdf },
  { kind: "Word", filename: "Tamarack template (struck).docx", bytes: async () => struckDocx() },
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
