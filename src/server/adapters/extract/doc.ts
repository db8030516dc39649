import WordExtractor from "word-extractor";
import { splitIntoEstimatedPages, textPage } from "./text";
import { ExtractionError, type ExtractionResult } from "./types";

/**
 * Word 97-2003 (.doc). The format keeps no page layout that word-extractor exposes, so pages are
 * estimated. Curly quotes and dashes are kept as written (filterUnicode: false).
 */
export async function extractDoc(bytes: Uint8Array): Promise<ExtractionResult> {
  let body: string;
  let notes: string;
  try {
    const document = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    body = document.getBody({ filterUnicode: false });
    notes = [document.getFootnotes({ filterUnicode: false }), document.getEndnotes({ filterUnicode: false })].join("\n");
  } catch (error) {
    const encrypted = error instanceof Error && /encrypt|password/i.test(error.message);
    throw new ExtractionError(
      encrypted ? "encrypted" : "corrupt",
      encrypted
        ? "This document is password-protected. Remove the password and upload it again."
        : "This Word document is damaged and can't be read. Open it in Word, save it as .docx, and upload the new copy.",
      { cause: error },
    );
  }
  const text = paragraphsToBlocks(`${body}\n${notes}`);
  if (!text.trim()) throw new ExtractionError("empty", "This document has no text to read.");
  return { pages: splitIntoEstimatedPages(text).map((page, index) => textPage(index + 1, page)), pageNumbersEstimated: true };
}

/** word-extractor ends each paragraph with one "\n"; table rows hold their cells tab-separated. */
function paragraphsToBlocks(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let result = "";
  let previousWasRow = false;
  for (const line of lines) {
    if (!line.trim()) continue;
    const isRow = line.includes("\t");
    if (result) result += isRow && previousWasRow ? "\n" : "\n\n";
    result += line;
    previousWasRow = isRow;
  }
  return result;
}
