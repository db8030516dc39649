import { fileTypeFromBuffer } from "file-type";
import type { DocumentKind } from "./types";

const extensionsByKind: Record<DocumentKind, readonly string[]> = {
  pdf: ["pdf"],
  docx: ["docx"],
  doc: ["doc"],
  png: ["png"],
  jpeg: ["jpg", "jpeg"],
  webp: ["webp"],
  tiff: ["tif", "tiff"],
};

const cfbMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
}

/** Whether an OLE compound file has a directory entry named `name` (names are UTF-16LE). */
export function cfbHasStream(bytes: Uint8Array, name: string): boolean {
  const needle = Buffer.from(name, "utf16le");
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(needle);
}

/** PDF readers accept "%PDF-" anywhere in the first 1 KB (some generators prepend junk). */
function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).includes("%PDF-");
}

async function detectFromMagic(bytes: Uint8Array): Promise<DocumentKind | undefined> {
  if (startsWith(bytes, cfbMagic)) {
    // A Word 97-2003 file has a "WordDocument" stream; a password-protected .docx is an OLE
    // container with an "EncryptedPackage" stream (extraction then reports it as encrypted).
    if (cfbHasStream(bytes, "WordDocument")) return "doc";
    if (cfbHasStream(bytes, "EncryptedPackage")) return "docx";
    return undefined;
  }
  const type = await fileTypeFromBuffer(bytes);
  switch (type?.ext) {
    case "pdf":
    case "ai": // Illustrator files are PDFs inside
      return "pdf";
    case "docx":
      return "docx";
    case "png":
      return "png";
    case "jpg":
      return "jpeg";
    case "webp":
      return "webp";
    case "tif":
      return "tiff";
    case undefined:
      return looksLikePdf(bytes) ? "pdf" : undefined;
    default:
      return undefined;
  }
}

/**
 * The document kind of an upload: the magic bytes decide and the file name's extension must
 * agree (a ".pdf" that is really a PNG is refused). Undefined when the type is not accepted.
 */
export async function detectDocumentKind(bytes: Uint8Array, filename: string): Promise<DocumentKind | undefined> {
  if (bytes.byteLength === 0) return undefined;
  const kind = await detectFromMagic(bytes);
  if (!kind) return undefined;
  return extensionsByKind[kind].includes(extensionOf(filename)) ? kind : undefined;
}
