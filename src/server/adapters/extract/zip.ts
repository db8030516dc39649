import * as zlib from "node:zlib";

/** Thrown for archives we refuse: too big once inflated, or structurally broken. */
export class ZipError extends Error {
  override readonly name = "ZipError";
  constructor(
    readonly kind: "too_large" | "corrupt" | "encrypted",
    message: string,
  ) {
    super(message);
  }
}

export interface ZipLimits {
  /** Largest uncompressed size of one entry. */
  maxEntryBytes: number;
  /** Largest uncompressed size of all inflated entries together. */
  maxTotalBytes: number;
  /** Largest compression ratio of an entry bigger than `ratioCheckFromBytes`. */
  maxRatio: number;
  ratioCheckFromBytes: number;
}

export const defaultZipLimits: ZipLimits = {
  maxEntryBytes: 50 * 1024 * 1024,
  maxTotalBytes: 100 * 1024 * 1024,
  maxRatio: 100,
  ratioCheckFromBytes: 1024 * 1024,
};

interface CentralEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

function readCentralDirectory(zip: Buffer): CentralEntry[] {
  // End of central directory: 22 bytes plus a comment of up to 65,535 bytes, at the very end.
  let eocd = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (zip.readUInt32LE(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new ZipError("corrupt", "not a zip archive (no end of central directory)");
  const count = zip.readUInt16LE(eocd + 10);
  const size = zip.readUInt32LE(eocd + 12);
  const offset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw new ZipError("too_large", "ZIP64 archives are not supported");
  if (offset + size > eocd) throw new ZipError("corrupt", "central directory out of range");
  const entries: CentralEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw new ZipError("corrupt", "bad central directory entry");
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      uncompressedSize: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
      name: zip.toString("utf8", at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Reads the entries of a zip archive for which `wanted(name)` is true. Sizes are checked from
 * the central directory BEFORE inflating, and inflation is capped at the declared size, so an
 * archive that lies about its sizes cannot blow up memory either.
 */
export function readZipEntries(bytes: Uint8Array, wanted: (name: string) => boolean, limits: ZipLimits = defaultZipLimits): Map<string, Buffer> {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readCentralDirectory(zip).filter((entry) => !entry.name.endsWith("/") && wanted(entry.name));
  let total = 0;
  for (const entry of entries) {
    if (entry.uncompressedSize === 0xffffffff) throw new ZipError("too_large", `${entry.name} is too large`);
    if (entry.uncompressedSize > limits.maxEntryBytes) {
      throw new ZipError("too_large", `${entry.name} would inflate to ${entry.uncompressedSize} bytes`);
    }
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (entry.uncompressedSize > limits.ratioCheckFromBytes && ratio > limits.maxRatio) {
      throw new ZipError("too_large", `${entry.name} has a compression ratio of ${Math.round(ratio)}`);
    }
    total += entry.uncompressedSize;
  }
  if (total > limits.maxTotalBytes) throw new ZipError("too_large", `the archive would inflate to ${total} bytes`);

  const result = new Map<string, Buffer>();
  for (const entry of entries) {
    if (entry.flags & 0x1) throw new ZipError("encrypted", `${entry.name} is encrypted`);
    const local = entry.localHeaderOffset;
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw new ZipError("corrupt", `bad local header for ${entry.name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const end = start + entry.compressedSize;
    if (end > zip.length) throw new ZipError("corrupt", `${entry.name} is truncated`);
    const raw = zip.subarray(start, end);
    let data: Buffer;
    if (entry.method === 0) {
      data = Buffer.from(raw);
    } else if (entry.method === 8) {
      try {
        data = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") {
          throw new ZipError("too_large", `${entry.name} inflates beyond its declared size`);
        }
        throw new ZipError("corrupt", `${entry.name} cannot be inflated`);
      }
    } else {
      throw new ZipError("corrupt", `${entry.name} uses unsupported compression method ${entry.method}`);
    }
    if (data.length !== entry.uncompressedSize) throw new ZipError("corrupt", `${entry.name} has the wrong size`);
    result.set(entry.name, data);
  }
  return result;
}

const crcTable = new Int32Array(256).map((_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value;
});

export function crc32(data: Uint8Array): number {
  // zlib.crc32 exists from Node 20.15; the table version covers earlier releases.
  const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  if (native) return native(data) >>> 0;
  let crc = -1;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

/**
 * Writes a zip archive, entries stored uncompressed; an entry with `compressed` is written with
 * those deflated bytes instead (and `declaredSize` as its size, which tests use to build bombs).
 */
export function writeZip(entries: Array<{ name: string; data: Uint8Array; compressed?: { bytes: Uint8Array; declaredSize?: number } }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const payload = entry.compressed ? Buffer.from(entry.compressed.bytes) : Buffer.from(entry.data);
    const method = entry.compressed ? 8 : 0;
    const size = entry.compressed?.declaredSize ?? entry.data.byteLength;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(payload.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(payload.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, payload);
    centrals.push(central, name);
    offset += local.length + name.length + payload.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
