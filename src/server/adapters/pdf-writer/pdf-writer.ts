import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

// Text documents (fact sheets, conversations) as PDF, laid out here once: word-wrapped blocks
// across US Letter pages with a page footer. The 14 standard fonts need no font file, so the
// writer works offline; they encode only WinAnsi (Windows-1252) characters, and the rest are
// mapped to their nearest spelling or replaced, never thrown on.

/** How a block looks: a document title, a section heading, a label line, running text, a quotation, a small note. */
export type PdfTextStyle = "title" | "heading" | "label" | "body" | "quote" | "note";

export interface PdfTextBlock {
  style: PdfTextStyle;
  text: string;
}

export interface TextPdfInput {
  /** The document's title, in its properties (the first block usually shows it too). */
  title: string;
  createdAt: Date;
  blocks: readonly PdfTextBlock[];
  /** A line at the foot of every page, before "Page n of m". */
  footer?: string;
}

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 56;
const FOOTER_HEIGHT = 28;
const QUOTE_INDENT = 16;

interface StyleSpec {
  font: "regular" | "bold" | "italic";
  size: number;
  /** Space above the block, in points. */
  before: number;
  indent: number;
  gray: number;
}

const styles: Record<PdfTextStyle, StyleSpec> = {
  title: { font: "bold", size: 18, before: 0, indent: 0, gray: 0 },
  heading: { font: "bold", size: 13, before: 16, indent: 0, gray: 0 },
  label: { font: "bold", size: 10.5, before: 10, indent: 0, gray: 0 },
  body: { font: "regular", size: 10, before: 3, indent: 0, gray: 0 },
  quote: { font: "italic", size: 10, before: 3, indent: QUOTE_INDENT, gray: 0.25 },
  note: { font: "regular", size: 8.5, before: 6, indent: 0, gray: 0.35 },
};

/** Characters outside WinAnsi with a readable spelling inside it. */
const spellings: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2032": "'",
  "\u2033": '"',
  "\u2190": "<-",
  "\u2192": "->",
  "\u2194": "<->",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2260": "!=",
  "\u2248": "~",
  "\u2713": "v",
  "\u2714": "v",
  "\u2717": "x",
  "\u25CF": "\u2022",
  "\u25E6": "\u2022",
  "\u2023": "\u2022",
  "\u2043": "-",
  "\uFB00": "ff",
  "\uFB01": "fi",
  "\uFB02": "fl",
  "\uFB03": "ffi",
  "\uFB04": "ffl",
  "\u200B": "",
  "\u200C": "",
  "\u200D": "",
  "\u2060": "",
  "\uFEFF": "",
  "\u00AD": "",
};
const REPLACEMENT = "?";

/**
 * The text as a standard font can draw it: characters the font encodes (WinAnsi, which includes
 * curly quotes, en and em dashes, the ellipsis and the bullet) are kept, except invisible ones
 * (the soft hyphen would print); others take a spelling from the table, lose their accents
 * (NFKD), or become "?". Tabs and odd spaces become spaces.
 */
export function toStandardFontText(text: string, encodable: ReadonlySet<number>): string {
  let result = "";
  for (const character of text.replace(/\r\n?/g, "\n")) {
    const code = character.codePointAt(0)!;
    if (character in spellings) result += spellings[character];
    else if (character === "\n" || encodable.has(code)) result += character;
    else if (/[\t\u2000-\u200A\u202F\u205F\u3000]/.test(character)) result += " ";
    else {
      const base = character.normalize("NFKD").replace(/\p{M}/gu, "");
      result += base && [...base].every((part) => encodable.has(part.codePointAt(0)!)) ? base : REPLACEMENT;
    }
  }
  return result;
}

/** Splits one line of text into lines at most `width` wide, breaking a word only when it alone is wider. */
export function wrapLine(line: string, width: number, measure: (text: string) => number): string[] {
  const words = line.split(/ +/).filter(Boolean);
  if (words.length === 0) return [""];
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (measure(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    let rest = word;
    while (measure(rest) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && measure(rest.slice(0, cut)) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  lines.push(current);
  return lines;
}

/** A PDF of text blocks, word-wrapped onto as many US Letter pages as they need (bytes backed by a plain ArrayBuffer, as a response body takes them). */
export async function writeTextPdf(input: TextPdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const fonts: Record<StyleSpec["font"], PDFFont> = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.HelveticaOblique),
  };
  const encodable = new Set(fonts.regular.getCharacterSet());
  const clean = (text: string) => toStandardFontText(text, encodable);
  pdf.setTitle(clean(input.title));
  pdf.setCreator("Clausewise");
  pdf.setProducer("Clausewise");
  pdf.setCreationDate(input.createdAt);
  pdf.setModificationDate(input.createdAt);

  const bottom = MARGIN + FOOTER_HEIGHT;
  let page: PDFPage = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  let isPageEmpty = true;
  const newPage = () => {
    page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    y = PAGE_HEIGHT - MARGIN;
    isPageEmpty = true;
  };

  for (const [index, block] of input.blocks.entries()) {
    const spec = styles[block.style];
    const font = fonts[spec.font];
    const lineHeight = spec.size * 1.35;
    const width = PAGE_WIDTH - 2 * MARGIN - spec.indent;
    const lines = clean(block.text)
      .split("\n")
      .flatMap((line) => wrapLine(line, width, (text) => font.widthOfTextAtSize(text, spec.size)));
    // A heading or label is kept with the first lines of what follows it.
    const next = input.blocks[index + 1];
    const keepWith = block.style === "heading" || block.style === "label" ? (next ? 2 * styles[next.style].size * 1.35 : 0) : 0;
    const before = isPageEmpty ? 0 : spec.before;
    if (!isPageEmpty && y - before - Math.min(lines.length, 2) * lineHeight - keepWith < bottom) newPage();
    else y -= before;
    for (const line of lines) {
      if (y - lineHeight < bottom) newPage();
      y -= lineHeight;
      page.drawText(line, { x: MARGIN + spec.indent, y: y + (lineHeight - spec.size) / 2, size: spec.size, font, color: rgb(spec.gray, spec.gray, spec.gray) });
      isPageEmpty = false;
    }
  }

  const pages = pdf.getPages();
  const footer = input.footer ? clean(input.footer) : "";
  for (const [index, each] of pages.entries()) {
    const numbering = `Page ${index + 1} of ${pages.length}`;
    const size = 8;
    const numberingWidth = fonts.regular.widthOfTextAtSize(numbering, size);
    const gray = rgb(0.4, 0.4, 0.4);
    each.drawText(numbering, { x: PAGE_WIDTH - MARGIN - numberingWidth, y: MARGIN / 2, size, font: fonts.regular, color: gray });
    if (footer) {
      const [firstLine = ""] = wrapLine(footer.replace(/\n/g, " "), PAGE_WIDTH - 2 * MARGIN - numberingWidth - 12, (text) =>
        fonts.regular.widthOfTextAtSize(text, size),
      );
      each.drawText(firstLine, { x: MARGIN, y: MARGIN / 2, size, font: fonts.regular, color: gray });
    }
  }
  return new Uint8Array(await pdf.save());
}
