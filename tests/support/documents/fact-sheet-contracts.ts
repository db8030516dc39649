import { buildPdf, type PdfPageSpec } from "./test-fixtures";

const LINE_CHARS = 88;
const LINE_HEIGHT = 14;

/** A page's text as a PDF page: each line of the text a paragraph, wrapped at word boundaries. */
function pageOf(text: string): PdfPageSpec {
  const lines: { text: string; x: number; y: number }[] = [];
  let y = 740;
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(" ")) {
      if (line && line.length + word.length + 1 > LINE_CHARS) {
        lines.push({ text: line, x: 60, y });
        y -= LINE_HEIGHT;
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push({ text: line, x: 60, y });
    y -= LINE_HEIGHT + 6;
  }
  return { lines };
}

/** A text PDF of a contract given one string per page (the fact sheet's synthetic contracts). */
export function contractPdfOf(pages: readonly string[]): Buffer {
  return buildPdf(pages.map(pageOf));
}
