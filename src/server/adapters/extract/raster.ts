import sharp from "sharp";

/**
 * Encodes RGBA pixels as an 8-bit grayscale PNG for OCR. Luminance is computed here (ITU-R
 * BT.601 weights) because it is several times faster than sharp's colour-managed conversion.
 */
export async function rgbaToGrayPng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, dpi: number): Promise<Buffer> {
  const gray = Buffer.allocUnsafe(width * height);
  for (let pixel = 0, offset = 0; pixel < gray.length; pixel += 1, offset += 4) {
    const alpha = rgba[offset + 3]!;
    const luminance = (rgba[offset]! * 299 + rgba[offset + 1]! * 587 + rgba[offset + 2]! * 114) / 1000;
    // Transparent pixels are paper: blend over white.
    gray[pixel] = Math.round((luminance * alpha + 255 * (255 - alpha)) / 255);
  }
  return sharp(gray, { raw: { width, height, channels: 1 } })
    .toColourspace("b-w")
    .withDensity(dpi)
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Largest page image handed to OCR, in pixels (a Letter page at 600 dpi is 33.7 MP). */
export const maxOcrPixels = 36_000_000;
