import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { detectDocumentKind } from "../../adapters/extract/detect";
import { detectStagedKind, removeAbandonedUploads, stageUpload, UPLOAD_HEAD_BYTES, UploadTooLargeError, type StagedUpload } from "./upload-staging";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "clausewise-staging-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A stream of `bytes` in chunks of `chunkBytes`, as a request body arrives. */
const arriving = (bytes: Buffer, chunkBytes = 16 * 1024) =>
  Readable.from(Array.from({ length: Math.ceil(bytes.byteLength / chunkBytes) }, (_, index) => bytes.subarray(index * chunkBytes, (index + 1) * chunkBytes)));

describe("stageUpload", () => {
  it("writes the file as it arrives, with its size, SHA-256 and first bytes", async () => {
    const bytes = Buffer.alloc(200 * 1024 + 3);
    for (let index = 0; index < bytes.byteLength; index++) bytes[index] = (index * 7) % 251;
    const staged = await stageUpload(arriving(bytes), { dir, maxBytes: bytes.byteLength });
    expect(staged.size).toBe(bytes.byteLength);
    expect(staged.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(Buffer.from(staged.head).equals(bytes.subarray(0, UPLOAD_HEAD_BYTES))).toBe(true);
    expect(await readdir(dir)).toEqual([path.basename(staged.path)]);
  });

  it("stops past the limit and leaves nothing behind", async () => {
    await expect(stageUpload(arriving(Buffer.alloc(100 * 1024 + 1)), { dir, maxBytes: 100 * 1024 })).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(await readdir(dir)).toEqual([]);
  });

  it("leaves nothing behind when the body fails midway", async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error("the connection closed"));
      },
    });
    await expect(stageUpload(failing, { dir, maxBytes: 1024 * 1024 })).rejects.toThrow("the connection closed");
    expect(await readdir(dir)).toEqual([]);
  });
});

describe("detectStagedKind", () => {
  const oleHead = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  const staged = async (bytes: Buffer): Promise<StagedUpload> => stageUpload(arriving(bytes), { dir, maxBytes: 50 * 1024 * 1024 });

  it("reads an OLE container whose Word stream lies past the head whole, as before", async () => {
    const bytes = Buffer.concat([Buffer.from(oleHead), Buffer.alloc(UPLOAD_HEAD_BYTES + 1000), Buffer.from("WordDocument", "utf16le")]);
    expect(await detectDocumentKind(bytes.subarray(0, UPLOAD_HEAD_BYTES), "contract.doc")).toBeUndefined();
    expect(await detectStagedKind(await staged(bytes), "contract.doc", detectDocumentKind)).toBe("doc");
  });

  it("reads a TIFF whose first directory lies past the head whole, as before", async () => {
    const page = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#fff" } })
      .composite([{ input: Buffer.from('<svg width="1200" height="1600"><text x="40" y="80" font-size="40">FAX</text></svg>'), top: 0, left: 0 }])
      .png()
      .toBuffer();
    const tiff = await sharp([page, page, page], { join: { animated: true } })
      .tiff({ compression: "none" })
      .toBuffer();
    expect(tiff.readUInt32LE(4)).toBeGreaterThan(UPLOAD_HEAD_BYTES); // sharp writes the directory after the pictures
    expect(await detectDocumentKind(tiff.subarray(0, UPLOAD_HEAD_BYTES), "fax.tiff")).toBeUndefined();
    expect(await detectStagedKind(await staged(tiff), "fax.tiff", detectDocumentKind)).toBe("tiff");
  });

  it("tells a PDF from its head and reads no more of it", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(UPLOAD_HEAD_BYTES * 2, 0x20)]);
    const upload = await staged(pdf);
    await rm(upload.path); // were the file read, detection would fail
    expect(await detectStagedKind(upload, "contract.pdf", detectDocumentKind)).toBe("pdf");
  });

  it("refuses, from its head alone, a large file that is no container of ours", async () => {
    const upload = await staged(Buffer.alloc(UPLOAD_HEAD_BYTES * 2, 0x41));
    await rm(upload.path);
    expect(await detectStagedKind(upload, "notes.pdf", detectDocumentKind)).toBeUndefined();
  });
});

describe("removeAbandonedUploads", () => {
  it("removes staged files older than the limit and keeps the rest", async () => {
    const now = Date.now();
    await writeFile(path.join(dir, "old.part"), "x");
    await writeFile(path.join(dir, "recent.part"), "x");
    const twoDaysAgo = new Date(now - 2 * 24 * 60 * 60 * 1000);
    await utimes(path.join(dir, "old.part"), twoDaysAgo, twoDaysAgo);
    await removeAbandonedUploads(dir, 24 * 60 * 60 * 1000, now);
    expect(await readdir(dir)).toEqual(["recent.part"]);
  });

  it("does nothing when nothing was ever staged", async () => {
    await expect(removeAbandonedUploads(path.join(dir, "never-made"), 1000)).resolves.toBeUndefined();
  });
});
