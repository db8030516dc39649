// Hostile files as an attacker would upload them, built small and fast by the tests and the
// bench (never stored): thousands of blank pages, a decompression bomb, a huge picture.
import { createDeflate, deflateSync } from "node:zlib";
import sharp from "sharp";
import { buildPdf } from "./test-fixtures";

/** A PDF of `pages` empty Letter pages: about 100 bytes a page (2,000 pages in ~200 KB). */
export function blankPagesPdf(pages: number): Buffer {
  return buildPdf(Array.from({ length: pages }, () => ({})));
}

/**
 * A multi-page TIFF of `pages` white Letter pages at 200 dpi (1-bit, Deflate), written by hand:
 * every page's directory points at the same compressed strip, so 500 pages take ~80 KB and no
 * time to build, yet a reader decodes 500 pictures of 3.7 megapixels.
 */
export function blankTiff(pages: number, options: { width?: number; height?: number; dpi?: number } = {}): Buffer {
  const width = options.width ?? 1700;
  const height = options.height ?? 2200;
  const dpi = options.dpi ?? 200;
  const rowBytes = Math.ceil(width / 8);
  // WhiteIsZero: a strip of zero bytes is white paper.
  const strip = deflateSync(Buffer.alloc(rowBytes * height));
  const entries = 11;
  const ifdSize = 2 + entries * 12 + 4;
  const headerSize = 8;
  const resolutionAt = headerSize;
  const stripAt = resolutionAt + 8;
  const firstIfdAt = stripAt + strip.length + ((stripAt + strip.length) % 2);
  const size = firstIfdAt + pages * ifdSize;
  const file = Buffer.alloc(size);
  file.write("II", 0, "latin1");
  file.writeUInt16LE(42, 2);
  file.writeUInt32LE(firstIfdAt, 4);
  file.writeUInt32LE(dpi, resolutionAt);
  file.writeUInt32LE(1, resolutionAt + 4);
  strip.copy(file, stripAt);
  const SHORT = 3;
  const LONG = 4;
  const RATIONAL = 5;
  for (let page = 0; page < pages; page += 1) {
    let at = firstIfdAt + page * ifdSize;
    file.writeUInt16LE(entries, at);
    at += 2;
    const tag = (id: number, type: number, value: number) => {
      file.writeUInt16LE(id, at);
      file.writeUInt16LE(type, at + 2);
      file.writeUInt32LE(1, at + 4);
      if (type === SHORT) file.writeUInt16LE(value, at + 8);
      else file.writeUInt32LE(value, at + 8);
      at += 12;
    };
    // Tags in ascending order, as TIFF requires.
    tag(256, LONG, width); // ImageWidth
    tag(257, LONG, height); // ImageLength
    tag(258, SHORT, 1); // BitsPerSample
    tag(259, SHORT, 8); // Compression: Deflate
    tag(262, SHORT, 0); // PhotometricInterpretation: WhiteIsZero
    tag(273, LONG, stripAt); // StripOffsets
    tag(278, LONG, height); // RowsPerStrip
    tag(279, LONG, strip.length); // StripByteCounts
    tag(282, RATIONAL, resolutionAt); // XResolution
    tag(283, RATIONAL, resolutionAt); // YResolution
    tag(296, SHORT, 2); // ResolutionUnit: inch
    file.writeUInt32LE(page + 1 < pages ? at + 4 : 0, at);
  }
  return file;
}

/** A white PNG of `width` × `height` pixels: a few hundred KB that decode to `width × height` bytes and more. */
export function hugePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** `bytes` zero bytes through Flate, streamed (never held whole): ~1,000 to 1 compressed. */
async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  const ended = new Promise<void>((resolve, reject) => deflate.on("end", resolve).on("error", reject));
  const chunk = Buffer.alloc(4 * 1024 * 1024);
  for (let written = 0; written < bytes; written += chunk.length) {
    const piece = written + chunk.length <= bytes ? chunk : chunk.subarray(0, bytes - written);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(parts);
}

/**
 * A one-page PDF whose picture is a Flate bomb: a gray image of `megabytes` MiB of pixels (a
 * square of them), stored as ~1/1000 of that. Reading it naively inflates the whole picture.
 */
export async function flateBombPdf(megabytes: number): Promise<Buffer> {
  const side = Math.floor(Math.sqrt(megabytes * 1024 * 1024));
  const compressed = await deflatedZeros(side * side);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>",
  ];
  const content = "q 612 0 0 792 0 0 cm /Im1 Do Q";
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n", "latin1")];
  const offsets: number[] = [];
  let offset = parts[0]!.length;
  const push = (part: Buffer) => {
    parts.push(part);
    offset += part.length;
  };
  const add = (body: Buffer) => {
    offsets.push(offset);
    push(Buffer.concat([Buffer.from(`${offsets.length} 0 obj\n`, "latin1"), body, Buffer.from("\nendobj\n", "latin1")]));
  };
  for (const body of objects) add(Buffer.from(body, "latin1"));
  add(Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`, "latin1"));
  add(
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n`,
        "latin1",
      ),
      compressed,
      Buffer.from("\nendstream", "latin1"),
    ]),
  );
  const xref = [`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`, ...offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`)].join("");
  push(Buffer.from(`${xref}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`, "latin1"));
  return Buffer.concat(parts);
}
