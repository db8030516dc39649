import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { StagedFile } from "../../adapters/storage/file-storage";
import type { DocumentKind } from "../../adapters/extract/types";

/** An upload written to this machine's disk as it arrived, with its hash and first bytes. */
export interface StagedUpload extends StagedFile {
  /** Lower-case hex: how a person's duplicate uploads are recognised. */
  sha256: string;
  /** The first bytes, enough to tell the file's type. */
  head: Uint8Array;
}

/** How many first bytes type sniffing looks at: every accepted type announces itself well within them. */
export const UPLOAD_HEAD_BYTES = 64 * 1024;

export class UploadTooLargeError extends Error {
  constructor() {
    super("The upload is larger than the limit.");
    this.name = "UploadTooLargeError";
  }
}

/**
 * Writes an upload into `dir` as it streams in, hashing it and keeping its head on the way, so a
 * file is never held whole in memory; past `maxBytes` it stops with UploadTooLargeError and
 * leaves nothing behind.
 */
export async function stageUpload(content: Readable, options: { dir: string; maxBytes: number }): Promise<StagedUpload> {
  await mkdir(options.dir, { recursive: true });
  const file = path.join(options.dir, `${randomUUID()}.part`);
  const hash = createHash("sha256");
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength;
      if (size > options.maxBytes) return done(new UploadTooLargeError());
      hash.update(chunk);
      if (headLength < UPLOAD_HEAD_BYTES) {
        // A copy: a slice would keep the whole chunk (and its pool) alive.
        const part = Buffer.from(chunk.subarray(0, UPLOAD_HEAD_BYTES - headLength));
        head.push(part);
        headLength += part.byteLength;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(content, measure, createWriteStream(file, { flags: "wx" }));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return { path: file, size, sha256: hash.digest("hex"), head: new Uint8Array(Buffer.concat(head)) };
}

/**
 * Types whose telling parts may lie past the head: a .docx is a ZIP whose entries are read in turn,
 * a .doc an OLE file whose stream names may sit anywhere, a TIFF's first directory is wherever its
 * header points (often the end), and a PNG's chunks before its image data can be large.
 */
const structuredMagics = [
  [0x50, 0x4b, 0x03, 0x04], // ZIP
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], // OLE
  [0x49, 0x49, 0x2a, 0x00], // TIFF, little-endian
  [0x4d, 0x4d, 0x00, 0x2a], // TIFF, big-endian
  [0x89, 0x50, 0x4e, 0x47], // PNG
];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);

/**
 * The staged file's kind, told from its head. A file of a structured type (above) whose head
 * leaves it open is read whole, as every upload was before uploads streamed.
 */
export async function detectStagedKind(
  staged: StagedUpload,
  filename: string,
  detectKind: (bytes: Uint8Array, filename: string) => Promise<DocumentKind | undefined>,
): Promise<DocumentKind | undefined> {
  const fromHead = await detectKind(staged.head, filename);
  const isStructured = structuredMagics.some((magic) => startsWith(staged.head, magic));
  if (fromHead || staged.head.byteLength === staged.size || !isStructured) return fromHead;
  return detectKind(new Uint8Array(await readFile(staged.path)), filename);
}

/** Staged files older than `olderThanMs`, left by a process that stopped mid-upload, are removed. */
export async function removeAbandonedUploads(dir: string, olderThanMs: number, now = Date.now()): Promise<void> {
  const names = await readdir(dir).catch(() => []);
  for (const name of names) {
    const file = path.join(dir, name);
    const modifiedAt = (await stat(file).catch(() => undefined))?.mtimeMs;
    if (modifiedAt !== undefined && now - modifiedAt > olderThanMs) await rm(file, { force: true });
  }
}
