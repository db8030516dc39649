// Builders for small documents used by this adapter's tests (and the files in
// tests/fixtures/documents). Not used by the application.
import { createRequire } from "node:module";
import path from "node:path";
import { deflateRawSync, deflateSync } from "node:zlib";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import sharp from "sharp";
import type { OcrEngine } from "../../../src/server/adapters/extract/types";
import { writeZip } from "../../../src/server/adapters/extract/zip";

export interface PdfTextLine {
  text: string;
  x: number;
  /** Baseline, PDF user space (origin bottom left). */
  y: number;
  size?: number;
}

export interface PdfPageSpec {
  lines?: PdfTextLine[];
  /** Raw content stream (overrides `lines`). */
  content?: string;
  /** Paint one full-page grayscale image (a "scan") from these raw 8-bit pixels. */
  image?: { width: number; height: number; pixels: Uint8Array };
  width?: number;
  height?: number;
  /** Page /Rotate value (degrees clockwise when displayed). */
  rotate?: number;
  /** Annotation dictionaries, written as given ("<< /Type /Annot /Subtype /StrikeOut … >>"). */
  annotations?: string[];
}

function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (character) => `\\${character}`)})`;
}

/**
 * A minimal PDF 1.4 file written by hand: Helvetica text (a standard font, so pdf.js needs its
 * bundled font data), optional image pages, optional /Encrypt dictionary that no empty
 * password opens.
 */
export function buildPdf(pages: PdfPageSpec[], options: { encrypt?: boolean } = {}): Buffer {
  const objects: Buffer[] = [];
  const add = (body: string | Buffer) => {
    objects.push(typeof body === "string" ? Buffer.from(body, "latin1") : body);
    return objects.length;
  };
  const catalog = add("");
  const pagesId = add("");
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const kids: number[] = [];
  for (const page of pages) {
    const width = page.width ?? 612;
    const height = page.height ?? 792;
    let content = page.content;
    let resources = `<< /Font << /F1 ${font} 0 R >> >>`;
    if (page.image) {
      const { width: w, height: h, pixels } = page.image;
      const compressed = deflateSync(pixels);
      const image = add(
        Buffer.concat([
          Buffer.from(
            `<< /Type /XObject /Subtype /Image /Width ${w} /Height ${h} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n`,
            "latin1",
          ),
          compressed,
          Buffer.from("\nendstream", "latin1"),
        ]),
      );
      resources = `<< /XObject << /Im1 ${image} 0 R >> >>`;
      content ??= `q ${width} 0 0 ${height} 0 0 cm /Im1 Do Q`;
    }
    content ??= (page.lines ?? []).map((line) => `BT /F1 ${line.size ?? 12} Tf ${line.x} ${line.y} Td ${pdfString(line.text)} Tj ET`).join("\n");
    const stream = add(`<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`);
    const annotations = (page.annotations ?? []).map((annotation) => add(annotation));
    const annots = annotations.length ? ` /Annots [${annotations.map((id) => `${id} 0 R`).join(" ")}]` : "";
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${width} ${height}]${page.rotate ? ` /Rotate ${page.rotate}` : ""} /Resources ${resources} /Contents ${stream} 0 R${annots} >>`,
      ),
    );
  }
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pagesId} 0 R >>`, "latin1");
  objects[pagesId - 1] = Buffer.from(`<< /Type /Pages /Kids [${kids.map((id) => `${id} 0 R`).join(" ")}] /Count ${kids.length} >>`, "latin1");
  const encrypt = options.encrypt ? add(`<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <${"4f".repeat(32)}> /U <${"75".repeat(32)}> >>`) : undefined;

  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, "latin1"), body, Buffer.from("\nendobj\n", "latin1")]);
    parts.push(object);
    offset += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`)].join("");
  const trailerExtras = encrypt ? ` /Encrypt ${encrypt} 0 R /ID [<${"ab".repeat(16)}> <${"ab".repeat(16)}>]` : "";
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${trailerExtras} >>\nstartxref\n${offset}\n%%EOF\n`, "latin1"));
  return Buffer.concat(parts);
}

const wordNamespace = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Word paragraph XML helpers for docx fixtures. */
export const w = {
  p: (text: string, options: { style?: string; before?: string; after?: string } = {}) =>
    `<w:p>${options.style ? `<w:pPr><w:pStyle w:val="${options.style}"/></w:pPr>` : ""}${options.before ?? ""}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>${options.after ?? ""}</w:p>`,
  pageBreak: '<w:r><w:br w:type="page"/></w:r>',
  renderedBreak: "<w:r><w:lastRenderedPageBreak/></w:r>",
  footnoteReference: (id: number) => `<w:r><w:footnoteReference w:id="${id}"/></w:r>`,
  table: (rows: string[][]) =>
    `<w:tbl>${rows.map((row) => `<w:tr>${row.map((cell) => `<w:tc><w:p><w:r><w:t>${escapeXml(cell)}</w:t></w:r></w:p></w:tc>`).join("")}</w:tr>`).join("")}</w:tbl>`,
};

/**
 * A .docx with the given body XML (paragraphs as made by `w`) and Heading 1/2 styles.
 * `deflate` compresses parts like Word does; `declaredSizes` overrides sizes in the zip headers.
 */
export function buildDocx(
  bodyXml: string,
  options: { deflate?: boolean; declaredSizes?: Record<string, number>; numbering?: string; styles?: string; footnotes?: Record<number, string> } = {},
): Buffer {
  const numberingRelationship =
    (options.numbering
      ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>'
      : "") +
    (options.footnotes
      ? '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>'
      : "");
  const footnotes = Object.entries(options.footnotes ?? {})
    .map(([id, text]) => `<w:footnote w:id="${id}"><w:p><w:r><w:t>${escapeXml(text)}</w:t></w:r></w:p></w:footnote>`)
    .join("");
  const parts: Record<string, Buffer> = {
    "[Content_Types].xml": Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
    ),
    "_rels/.rels": Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    "word/_rels/document.xml.rels": Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>${numberingRelationship}</Relationships>`,
    ),
    "word/styles.xml": Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${wordNamespace}><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style><w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>${options.styles ?? ""}</w:styles>`,
    ),
    "word/document.xml": Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${wordNamespace}><w:body>${bodyXml}</w:body></w:document>`,
    ),
    ...(options.footnotes
      ? { "word/footnotes.xml": Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:footnotes ${wordNamespace}>${footnotes}</w:footnotes>`) }
      : {}),
    ...(options.numbering
      ? {
          "word/numbering.xml": Buffer.from(
            `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering ${wordNamespace}>${options.numbering}</w:numbering>`,
          ),
        }
      : {}),
  };
  return writeZip(
    Object.entries(parts).map(([name, data]) => ({
      name,
      data,
      ...(options.deflate || options.declaredSizes?.[name] !== undefined
        ? { compressed: { bytes: deflateRawSync(data), declaredSize: options.declaredSizes?.[name] } }
        : {}),
    })),
  );
}

const require = createRequire(import.meta.url);
let fontRegistered = false;

/** Liberation Sans from pdfjs-dist, so rendering does not depend on the machine's fonts. */
export function testFontFamily(): string {
  if (!fontRegistered) {
    const fontPath = path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts", "LiberationSans-Regular.ttf");
    GlobalFonts.registerFromPath(fontPath, "Clausewise Test Sans");
    fontRegistered = true;
  }
  return "Clausewise Test Sans";
}

/** Black text lines on white, as a PNG: a stand-in for a photographed or scanned page. */
export function renderTextPng(lines: string[], options: { width?: number; fontSize?: number } = {}): Buffer {
  const fontSize = options.fontSize ?? 40;
  const lineHeight = Math.round(fontSize * 1.5);
  const width = options.width ?? 1700;
  const height = lineHeight * (lines.length + 2);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.fillStyle = "#000000";
  context.font = `${fontSize}px "${testFontFamily()}"`;
  lines.forEach((line, index) => context.fillText(line, fontSize * 2, lineHeight * (index + 1.5)));
  return canvas.toBuffer("image/png");
}

/** Scanned pages of one size as one multi-page TIFF, as a fax machine sends them. */
export async function multiPageTiff(pages: Buffer[]): Promise<Buffer> {
  return sharp(pages, { join: { animated: true } })
    .withDensity(200)
    .tiff({ compression: "lzw" })
    .toBuffer();
}

/** An OCR engine that records what it was given and answers from `answer`. */
export function fakeOcr(answer: (image: Buffer, dpi: number, call: number) => { text: string; confidence: number }) {
  const calls: Array<{ image: Buffer; dpi: number }> = [];
  const engine: OcrEngine & { calls: typeof calls; closed: boolean } = {
    calls,
    closed: false,
    async recognize(image, dpi) {
      calls.push({ image, dpi });
      return answer(image, dpi, calls.length);
    },
    async close() {
      engine.closed = true;
    },
  };
  return engine;
}
