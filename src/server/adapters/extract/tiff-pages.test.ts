import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { blankTiff } from "../../../../tests/support/documents/hostile-files";
import { multiPageTiff, renderTextPng } from "../../../../tests/support/documents/test-fixtures";
import { tiffPageFingerprints } from "./tiff-pages";

const white = (width = 400, height = 500) =>
  sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();

describe("tiffPageFingerprints", () => {
  it("gives pages that point at one strip the same fingerprint, and stops at the page limit", () => {
    const prints = tiffPageFingerprints(blankTiff(5, { width: 200, height: 300 }), 500)!;
    expect(prints).toHaveLength(5);
    expect(new Set(prints).size).toBe(1);
    expect(prints[0]).toEqual(expect.any(String));
    expect(tiffPageFingerprints(blankTiff(5, { width: 200, height: 300 }), 3)).toHaveLength(3);
  });

  it("tells apart pages whose pictures differ, and matches copies stored apart", async () => {
    const text = renderTextPng(["1. Term. One year."], { width: 400 });
    const prints = tiffPageFingerprints(await multiPageTiff([await white(), await sharp(text).resize(400, 500).png().toBuffer(), await white()]), 500)!;
    expect(prints).toHaveLength(3);
    expect(prints[0]).toBe(prints[2]);
    expect(prints[1]).not.toBe(prints[0]);
  });

  it.each<[string, () => Promise<Uint8Array>]>([
    ["a PNG", () => white()],
    ["a BigTIFF header", async () => Buffer.from([0x49, 0x49, 43, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])],
    ["a TIFF cut short inside its first directory", async () => blankTiff(2, { width: 200, height: 300 }).subarray(0, 40)],
    [
      "a TIFF whose directories loop",
      async () => {
        const file = Buffer.from(blankTiff(2, { width: 200, height: 300 }));
        file.writeUInt32LE(file.readUInt32LE(4), file.length - 4);
        return file;
      },
    ],
  ])("has none for %s", async (_case, build) => {
    expect(tiffPageFingerprints(await build(), 500)).toBeUndefined();
  });

  it("has none for a page whose strip lies outside the file", () => {
    const file = Buffer.from(blankTiff(1, { width: 200, height: 300 }));
    const firstIfd = file.readUInt32LE(4);
    // The strip byte count (the eighth field) made larger than the file.
    file.writeUInt32LE(file.length * 2, firstIfd + 2 + 7 * 12 + 8);
    expect(tiffPageFingerprints(file, 500)).toEqual([undefined]);
  });
});
