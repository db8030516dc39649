import { loadPdfJs, pdfjsAssets } from "../../src/server/adapters/extract/pdfjs";

export interface PdfText {
  title: string | undefined;
  /** Each page's text, its runs joined by spaces (a wrapped sentence reads as one). */
  pages: string[];
}

/** Reads a PDF the way a viewer would, with pdf.js: its title and every page's text. */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const pdf = await getDocument({ data: new Uint8Array(bytes), ...pdfjsAssets, isEvalSupported: false, verbosity: VerbosityLevel.ERRORS }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(
        content.items
          .map((item) => ("str" in item ? item.str : ""))
          .join(" ")
          .replace(/\s+/g, " ")
          .trim(),
      );
    }
    const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
    return { title: info.Title, pages };
  } finally {
    await pdf.destroy();
  }
}
