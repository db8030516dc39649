import { createHash } from "node:crypto";

/** Bytes of one value of each TIFF field type (TIFF 6.0 and its IFD type). */
const typeSizes: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };
const STRIP_OFFSETS = 273;
const STRIP_BYTE_COUNTS = 279;
const TILE_OFFSETS = 324;
const TILE_BYTE_COUNTS = 325;
/**
 * Fields that say where something is or describe the page without changing its picture: two
 * copies of a page may differ there (libvips numbers its pages, scanners stamp times). Any other
 * field, known or not, counts.
 */
const ignoredFields = new Set([
  ...[STRIP_OFFSETS, TILE_OFFSETS, 330 /* SubIFDs */, 34665 /* Exif */, 34853 /* GPS */],
  ...[254, 255 /* (New)SubfileType */, 269, 270, 271, 272 /* document name, description, make, model */, 285 /* PageName */, 286, 287 /* position */],
  ...[297 /* PageNumber */, 305, 306, 315, 316 /* software, date, artist, host */, 700 /* XMP */, 33432 /* copyright */, 33723, 37724 /* IPTC, Photoshop */],
]);

/**
 * One fingerprint per page of a classic TIFF: a hash of every field that says what its picture is
 * (size, bits, compression, photometric, resolution, orientation…) and of the compressed bytes of
 * its strips or tiles, wherever in the file they sit. Two pages with one fingerprint decode to the
 * same picture. Undefined when the file is not a classic TIFF or its directories cannot be walked;
 * a page whose fields point outside the file has no fingerprint. Reads only the directories and
 * hashes the page data once per page: no decoding.
 */
export function tiffPageFingerprints(bytes: Uint8Array, maxPages: number): Array<string | undefined> | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8) return undefined;
  const order = String.fromCharCode(bytes[0]!, bytes[1]!);
  if (order !== "II" && order !== "MM") return undefined;
  const little = order === "II";
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  if (u16(2) !== 42) return undefined;

  const prints: Array<string | undefined> = [];
  const seen = new Set<number>();
  for (let ifd = u32(4); ifd !== 0 && prints.length < maxPages;) {
    if (seen.has(ifd) || ifd + 2 > bytes.length) return undefined;
    seen.add(ifd);
    const entries = u16(ifd);
    const end = ifd + 2 + entries * 12;
    if (end + 4 > bytes.length) return undefined;
    prints.push(fingerprintOf(ifd, entries));
    ifd = u32(end);
  }
  return prints;

  function fingerprintOf(ifd: number, entries: number): string | undefined {
    const hash = createHash("sha256");
    const numbers = new Map<number, number[]>();
    for (let index = 0; index < entries; index += 1) {
      const at = ifd + 2 + index * 12;
      const [tag, type, count] = [u16(at), u16(at + 2), u32(at + 4)];
      const size = typeSizes[type];
      if (size === undefined) return undefined;
      const length = size * count;
      const valueAt = length <= 4 ? at + 8 : u32(at + 8);
      if (valueAt + length > bytes.length) return undefined;
      if (tag === STRIP_OFFSETS || tag === STRIP_BYTE_COUNTS || tag === TILE_OFFSETS || tag === TILE_BYTE_COUNTS) {
        if (type !== 3 && type !== 4) return undefined;
        numbers.set(
          tag,
          Array.from({ length: count }, (_, item) => (type === 3 ? u16(valueAt + item * 2) : u32(valueAt + item * 4))),
        );
      }
      if (ignoredFields.has(tag)) continue;
      hash.update(`${tag}:${type}:${count}:`).update(bytes.subarray(valueAt, valueAt + length));
    }
    const offsets = numbers.get(STRIP_OFFSETS) ?? numbers.get(TILE_OFFSETS);
    const counts = numbers.get(STRIP_BYTE_COUNTS) ?? numbers.get(TILE_BYTE_COUNTS);
    if (!offsets || !counts || offsets.length !== counts.length) return undefined;
    for (const [index, offset] of offsets.entries()) {
      if (offset + counts[index]! > bytes.length) return undefined;
      hash.update(bytes.subarray(offset, offset + counts[index]!));
    }
    return hash.digest("base64url");
  }
}
