// How much of a document's page text its passages hold: the "no text is lost" measure of the
// structure invariant test and the question-answering benchmark. Not used by the application.
import { removePageFurniture, splitPageLines, type PageText } from "../../../src/core/documents/page-lines";
import { canonical } from "./cuad-dev";

export interface PassageCoverage {
  /** Letters and digits on the pages once running headers, footers and page numbers are removed. */
  pageCharacters: number;
  /** Of those, the ones whose line is found in a passage covering its page. */
  coveredCharacters: number;
  /** Letters and digits in all passages together: more than pageCharacters means text was repeated. */
  passageCharacters: number;
  /** Page lines found in no passage. */
  missing: { pageNumber: number; text: string }[];
}

/**
 * A line counts as covered when its letters and digits appear, in order, in the passages whose
 * page span includes its page (read one after another, so a line a passage boundary cuts still counts).
 */
export function measurePassageCoverage(pages: readonly PageText[], passages: readonly { text: string; pageStart: number; pageEnd: number }[]): PassageCoverage {
  const coverage: PassageCoverage = { pageCharacters: 0, coveredCharacters: 0, passageCharacters: 0, missing: [] };
  const passagesOnPage = new Map<number, string>();
  for (const page of pages) {
    passagesOnPage.set(
      page.pageNumber,
      passages
        .filter((passage) => passage.pageStart <= page.pageNumber && passage.pageEnd >= page.pageNumber)
        .map((passage) => canonical(passage.text))
        .join(""),
    );
  }
  for (const line of removePageFurniture(pages.map(splitPageLines)).flat()) {
    const letters = canonical(line.text);
    if (!letters) continue;
    coverage.pageCharacters += letters.length;
    if (passagesOnPage.get(line.pageNumber)!.includes(letters)) coverage.coveredCharacters += letters.length;
    else coverage.missing.push({ pageNumber: line.pageNumber, text: line.text });
  }
  coverage.passageCharacters = passages.reduce((total, passage) => total + canonical(passage.text).length, 0);
  return coverage;
}
