// The sample contract the answerer's and the citation checker's tests read: three pages, a
// running footer between pages 2 and 3, a clause hyphenated over a line end.
import { chunkClauses } from "../documents/chunking";
import { structureDocument } from "../documents/structure";
import type { SourcePassage } from "./citations";

const pageList = [
  {
    pageNumber: 1,
    text: [
      "PROVIDER PARTICIPATION AGREEMENT",
      "",
      'This Agreement is entered into by and between Blue Valley Health Plan ("Plan") and Riverside Family Medicine ("Provider").',
      "",
      "ARTICLE 1 COMPENSATION",
      "1.1 Payment. Plan shall pay Provider the lesser of billed charges or the Fee Schedule in Exhibit A within thirty (30) days of a clean claim.",
      "1.2 Rates. Office visits are paid at one hundred ten percent (110%) of the Medicare fee schedule.",
    ].join("\n"),
  },
  {
    pageNumber: 2,
    text: [
      "ARTICLE 2 CLAIMS",
      "2.1 Timely Filing. Provider shall submit claims within ninety (90) days after the date of service. Claims submitted after",
      "Blue Valley Provider Agreement - Confidential",
    ].join("\n"),
  },
  {
    pageNumber: 3,
    text: [
      "Blue Valley Provider Agreement - Confidential",
      "that deadline will be denied.",
      "ARTICLE 3 TERM AND TERMINATION",
      "3.1 Term. This Agreement begins on January 1, 2026 and renews automatically for successive one-year terms.",
      "3.2 Termination Without Cause. Either party may termi-",
      "nate this Agreement without cause on one hundred twenty (120) days prior written notice.",
      "3.3 Termination for Cause. Plan may terminate this Agreement immediately if Provider loses its license.",
    ].join("\n"),
  },
];
export const pages = new Map(pageList.map((page) => [page.pageNumber, page.text]));
export const chunks = chunkClauses(structureDocument(pageList), { maxChars: 400, minChars: 120 });
export const sources: SourcePassage[] = chunks.map((chunk, index) => ({ ...chunk, number: index + 1, chunkId: `chunk-${chunk.ordinal}` }));

/** The sample contract's passage holding these words. */
export const sourceHolding = (words: string) => sources.find((source) => source.text.includes(words))!;
