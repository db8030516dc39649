import path from "node:path";
import mammoth from "mammoth";
import { cfbHasStream } from "./detect";
import { addListLabels } from "./docx-numbering";
import { markStruck, visibleLength, withoutStrikeMarkers } from "./struck-marks";
import { estimatedPageCharacters, splitIntoEstimatedPages, textPage } from "./text";
import { ExtractionError, type ExtractionResult } from "./types";
import { ZipError, readZipEntries, writeZip } from "./zip";

const tooLargeMessage = "This document is too large to process. Split it into smaller files and upload them again.";
const corruptMessage = "This Word document is damaged and can't be read. Open it in Word, save it again, and upload the new copy.";
const encryptedMessage = "This document is password-protected. Remove the password and upload it again.";

/** A segment longer than this between two explicit page breaks cannot be one printed page. */
const maxCharactersPerExplicitPage = estimatedPageCharacters * 1.5;

// Page-break markers carried through mammoth's document model: Word's explicit page breaks stay
// `w:br w:type="page"`; the breaks Word recorded when it last laid the file out
// (`w:lastRenderedPageBreak`, which mammoth ignores) become column breaks, and real column
// breaks become line breaks (same text, and they would otherwise be taken for pages).
function markRenderedPageBreaks(xml: string): { xml: string; renderedBreaks: number } {
  let renderedBreaks = 0;
  const marked = xml.replace(/<w:br\b[^>]*\bw:type="column"[^>]*\/>/g, "<w:br/>").replace(/<w:lastRenderedPageBreak\s*\/>/g, () => {
    renderedBreaks += 1;
    return '<w:br w:type="column"/>';
  });
  return { xml: marked, renderedBreaks };
}

/**
 * Struck runs as mammoth reads them: it knows `w:strike`, not the double strike `w:dstrike`, which
 * becomes a `w:strike` of the same value; and it takes "off" for on, so "off" becomes "false".
 * (Tracked deletions, `w:del`, mammoth leaves out of the text altogether.)
 */
function markDoubleStrikes(xml: string): string {
  return xml.replace(/<w:d?strike\b([^>]*)\/>/g, (_, attributes: string) => `<w:strike${attributes.replace(/\bw:val="off"/, 'w:val="false"')}/>`);
}

/** The part a relationship of `type` in `relsPath` points to, resolved against `baseFolder`. */
function relatedPart(parts: Map<string, Buffer>, relsPath: string, type: string, baseFolder: string): string | undefined {
  const rels = parts.get(relsPath)?.toString("utf8") ?? "";
  for (const match of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const relationType = /\bType="([^"]*)"/.exec(match[0])?.[1] ?? "";
    const target = /\bTarget="([^"]*)"/.exec(match[0])?.[1];
    if (relationType.endsWith(`/${type}`) && target) {
      return target.startsWith("/") ? target.slice(1) : path.posix.normalize(path.posix.join(baseFolder, target));
    }
  }
  return undefined;
}

/** The bits of mammoth's document model this adapter reads. */
interface DocElement {
  type: string;
  children?: DocElement[];
  value?: string;
  breakType?: "line" | "page" | "column";
  checked?: boolean;
  body?: DocElement[];
  noteType?: string;
  noteId?: string;
  /** Runs: struck through once or twice (see markDoubleStrikes). */
  isStrikethrough?: boolean;
}
interface DocRoot extends DocElement {
  notes?: { _notes?: Record<string, DocElement> };
}

class PageCollector {
  readonly pages: string[][] = [[]];
  /** Footnotes referenced on each page (Word prints them at the foot of that page). */
  readonly footnotes: string[][] = [[]];
  explicitBreaks = 0;
  private paragraph = "";
  private hasTextSinceBoundary = false;
  private hasAnyText = false;

  addText(text: string): void {
    if (!text) return;
    this.paragraph += text;
    if (text.trim()) {
      this.hasTextSinceBoundary = true;
      this.hasAnyText = true;
    }
  }

  endParagraph(): void {
    const text = this.paragraph.replace(/^\n+|\n+$/g, "");
    this.paragraph = "";
    if (text.trim()) this.pages.at(-1)!.push(text);
  }

  pageBreak(kind: "explicit" | "rendered"): void {
    if (!this.hasAnyText) return;
    // Word records a rendered break at the top of the page that an explicit break started:
    // one boundary, not two. Nor can a rendered break start a page that has no text yet.
    if (kind === "rendered" && !this.hasTextSinceBoundary) return;
    if (kind === "explicit") this.explicitBreaks += 1;
    const partial = this.paragraph;
    this.paragraph = "";
    if (partial.trim()) this.pages.at(-1)!.push(partial.replace(/^\n+|\n+$/g, ""));
    this.pages.push([]);
    this.footnotes.push([]);
    this.hasTextSinceBoundary = false;
  }
}

function inlineText(element: DocElement, onBreak: (kind: "explicit" | "rendered") => void): string {
  switch (element.type) {
    case "text":
      // The markers are ours alone: a noncharacter in the file's own text is dropped.
      return withoutStrikeMarkers(element.value ?? "");
    case "tab":
      return "\t";
    case "checkbox":
      return element.checked ? "☒" : "☐";
    case "break":
      if (element.breakType === "page") onBreak("explicit");
      else if (element.breakType === "column") onBreak("rendered");
      else return "\n";
      return "";
    default: {
      const text = (element.children ?? []).map((child) => inlineText(child, onBreak)).join("");
      return element.type === "run" && element.isStrikethrough ? struck(text) : text;
    }
  }
}

/** All of `text` between strike markers (its edges' spaces left out). */
const struck = (text: string) => markStruck(text, [[0, text.length]]);

function collectBlocks(elements: DocElement[], pages: PageCollector): void {
  for (const element of elements) {
    if (element.type === "paragraph") {
      for (const child of element.children ?? []) {
        collectInline(child, pages);
      }
      pages.endParagraph();
    } else if (element.type === "table") {
      collectTable(element, pages);
    } else if (element.children) {
      collectBlocks(element.children, pages);
    }
  }
}

function collectInline(element: DocElement, pages: PageCollector, isInStruckRun = false): void {
  if (element.type === "noteReference" && element.noteType === "footnote") {
    pages.footnotes.at(-1)!.push(`${element.noteType}-${element.noteId}`);
  } else if (element.type === "break" && (element.breakType === "page" || element.breakType === "column")) {
    pages.pageBreak(element.breakType === "page" ? "explicit" : "rendered");
  } else if (element.children && element.type !== "paragraph") {
    const isStruck = isInStruckRun || (element.type === "run" && element.isStrikethrough === true);
    for (const child of element.children) collectInline(child, pages, isStruck);
  } else {
    const text = inlineText(element, (kind) => pages.pageBreak(kind));
    pages.addText(isInStruckRun ? struck(text) : text);
  }
}

/** One line per row, cells separated by tabs; a page break inside a row moves the whole row. */
function collectTable(table: DocElement, pages: PageCollector): void {
  const rows: string[] = [];
  const flush = () => {
    if (rows.length) pages.addText(rows.join("\n"));
    rows.length = 0;
    pages.endParagraph();
  };
  for (const row of table.children ?? []) {
    let breakKind: "explicit" | "rendered" | undefined;
    const onBreak = (kind: "explicit" | "rendered") => {
      breakKind = breakKind === "explicit" ? breakKind : kind;
    };
    const cells = (row.children ?? []).map((cell) =>
      (cell.children ?? [])
        .map((block) =>
          inlineText(block, onBreak)
            .replace(/\s*\n\s*/g, " ")
            .trim(),
        )
        .filter(Boolean)
        .join(" "),
    );
    if (breakKind) {
      flush();
      pages.pageBreak(breakKind);
    }
    if (cells.some((cell) => cell)) rows.push(cells.join("\t"));
  }
  flush();
}

/** A note's paragraphs as text (notes hold plain paragraphs; breaks inside them are ignored). */
function noteText(note: DocElement | undefined): string {
  return (note?.body ?? [])
    .map((block) => inlineText(block, () => undefined).trim())
    .filter(Boolean)
    .join("\n\n");
}

async function readDocumentModel(buffer: Buffer): Promise<DocRoot> {
  let captured: DocRoot | undefined;
  await mammoth.convertToHtml(
    { buffer },
    {
      transformDocument: (document: DocRoot) => {
        captured = document;
        return document;
      },
      // Images are not text; never read them (their parts are not even passed on).
      convertImage: mammoth.images.imgElement(async () => ({ src: "" })),
    },
  );
  if (!captured) throw new Error("mammoth produced no document");
  return captured;
}

export async function extractDocx(bytes: Uint8Array): Promise<ExtractionResult> {
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf) {
    if (cfbHasStream(bytes, "EncryptedPackage")) throw new ExtractionError("encrypted", encryptedMessage);
    throw new ExtractionError("unsupported", "This file is not a Word .docx document.");
  }
  let parts: Map<string, Buffer>;
  try {
    // Only the XML parts carry text; media are skipped and never inflated.
    parts = readZipEntries(bytes, (name) => /\.(xml|rels)$/i.test(name));
  } catch (error) {
    if (error instanceof ZipError) {
      if (error.kind === "too_large") throw new ExtractionError("too_large", tooLargeMessage, { cause: error });
      if (error.kind === "encrypted") throw new ExtractionError("encrypted", encryptedMessage, { cause: error });
      throw new ExtractionError("corrupt", corruptMessage, { cause: error });
    }
    throw error;
  }
  const mainPath = relatedPart(parts, "_rels/.rels", "officeDocument", "") ?? "word/document.xml";
  const main = parts.get(mainPath);
  if (!main) throw new ExtractionError("corrupt", corruptMessage);
  const mainFolder = path.posix.dirname(mainPath);
  const mainRels = path.posix.join(mainFolder, "_rels", `${path.posix.basename(mainPath)}.rels`);
  const numberingPath = relatedPart(parts, mainRels, "numbering", mainFolder);
  const stylesPath = relatedPart(parts, mainRels, "styles", mainFolder);
  const labelled = addListLabels(
    main.toString("utf8"),
    numberingPath ? parts.get(numberingPath)?.toString("utf8") : undefined,
    stylesPath ? parts.get(stylesPath)?.toString("utf8") : undefined,
  );
  const { xml, renderedBreaks } = markRenderedPageBreaks(markDoubleStrikes(labelled));
  parts.set(mainPath, Buffer.from(xml, "utf8"));

  let document: DocRoot;
  try {
    document = await readDocumentModel(writeZip([...parts].map(([name, data]) => ({ name, data }))));
  } catch (error) {
    throw new ExtractionError("corrupt", corruptMessage, { cause: error });
  }

  const collector = new PageCollector();
  collectBlocks(document.children ?? [], collector);
  // mammoth keeps notes by "footnote-<id>" / "endnote-<id>" (an internal but stable field).
  const notes = document.notes?._notes ?? {};
  collector.footnotes.forEach((keys, index) => collector.pages[index]!.push(...keys.map((key) => noteText(notes[key])).filter(Boolean)));
  const endnotes = Object.entries(notes)
    .filter(([key]) => key.startsWith("endnote-"))
    .map(([, note]) => noteText(note))
    .filter(Boolean);
  collector.pages.at(-1)!.push(...endnotes);

  let texts = collector.pages.map((blocks) => blocks.join("\n\n"));
  while (texts.length > 1 && !texts.at(-1)!.trim()) texts.pop();
  if (!texts.some((text) => text.trim())) throw new ExtractionError("empty", "This document has no text to read.");

  let pageNumbersEstimated = false;
  if (renderedBreaks === 0) {
    // No layout recorded by Word: explicit breaks are exact boundaries, but a stretch too long
    // for one page is cut into estimated pages.
    if (collector.explicitBreaks === 0 || texts.some((text) => visibleLength(text) > maxCharactersPerExplicitPage)) {
      pageNumbersEstimated = true;
      texts = texts.flatMap((text) =>
        visibleLength(text) > maxCharactersPerExplicitPage || collector.explicitBreaks === 0 ? splitIntoEstimatedPages(text) : [text],
      );
    }
  }
  return { pages: texts.map((text, index) => textPage(index + 1, text)), pageNumbersEstimated };
}
