import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ZipError, crc32, readZipEntries, writeZip } from "./zip";

function zipError(run: () => unknown): ZipError {
  try {
    run();
  } catch (error) {
    if (error instanceof ZipError) return error;
    throw error;
  }
  throw new Error("expected a ZipError");
}

describe("zip", () => {
  it("reads back stored and deflated entries, only those asked for", () => {
    const text = Buffer.from("<w:document>hello</w:document>".repeat(50));
    const zip = writeZip([
      { name: "word/document.xml", data: text, compressed: { bytes: deflateRawSync(text) } },
      { name: "word/media/image1.png", data: Buffer.from("not inflated") },
    ]);
    const entries = readZipEntries(zip, (name) => name.endsWith(".xml"));
    expect([...entries.keys()]).toEqual(["word/document.xml"]);
    expect(entries.get("word/document.xml")?.toString()).toBe(text.toString());
  });

  it("computes the standard CRC-32", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
  });

  it("refuses an entry whose declared size is over the limit before inflating it", () => {
    const zip = writeZip([
      { name: "word/document.xml", data: Buffer.alloc(0), compressed: { bytes: deflateRawSync(Buffer.alloc(1000)), declaredSize: 60 * 1024 * 1024 } },
    ]);
    expect(zipError(() => readZipEntries(zip, () => true)).kind).toBe("too_large");
  });

  it("refuses a suspicious compression ratio", () => {
    const data = Buffer.alloc(2 * 1024 * 1024, 0x61);
    const zip = writeZip([{ name: "word/document.xml", data, compressed: { bytes: deflateRawSync(data) } }]);
    expect(zipError(() => readZipEntries(zip, () => true)).message).toMatch(/compression ratio/);
  });

  it("stops inflating an entry that lies about its size", () => {
    const data = Buffer.alloc(2 * 1024 * 1024, 0x61);
    const zip = writeZip([{ name: "word/document.xml", data: Buffer.alloc(0), compressed: { bytes: deflateRawSync(data), declaredSize: 1000 } }]);
    const error = zipError(() => readZipEntries(zip, () => true, { maxEntryBytes: 50e6, maxTotalBytes: 100e6, maxRatio: 1e9, ratioCheckFromBytes: 1e9 }));
    expect(error.kind).toBe("too_large");
    expect(error.message).toMatch(/beyond its declared size/);
  });

  it("reports broken archives as corrupt", () => {
    const zip = writeZip([{ name: "word/document.xml", data: Buffer.from("<x/>") }]);
    expect(zipError(() => readZipEntries(zip.subarray(0, zip.length - 30), () => true)).kind).toBe("corrupt");
    expect(zipError(() => readZipEntries(Buffer.from("not a zip at all"), () => true)).kind).toBe("corrupt");
  });
});
