import sharp from "sharp";

/**
 * RGBA pixels as 8-bit grayscale, transparent pixels blended over white paper. Luminance is
 * computed here (ITU-R BT.601 weights) because it is several times faster than sharp's
 * colour-managed conversion.
 */
export function rgbaToGray(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer {
  const gray = Buffer.allocUnsafe(width * height);
  for (let pixel = 0, offset = 0; pixel < gray.length; pixel += 1, offset += 4) {
    const alpha = rgba[offset + 3]!;
    const luminance = (rgba[offset]! * 299 + rgba[offset + 1]! * 587 + rgba[offset + 2]! * 114) / 1000;
    gray[pixel] = Math.round((luminance * alpha + 255 * (255 - alpha)) / 255);
  }
  return gray;
}

/** Encodes 8-bit grayscale pixels as the PNG handed to OCR. */
export function grayToPng(gray: Uint8Array, width: number, height: number, dpi: number): Promise<Buffer> {
  return sharp(gray, { raw: { width, height, channels: 1 } })
    .toColourspace("b-w")
    .withDensity(dpi)
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * Largest page image handed to OCR, in pixels: a Letter page at 400 dpi (15 MP). Tesseract reads
 * best near 300 dpi and gains nothing finer, while its memory (which tesseract.js's WebAssembly
 * heap keeps at its peak for good) grows with the picture.
 */
export const maxOcrPixels = 15_000_000;

/**
 * Largest picture decoded at all, in pixels: a Legal page scanned at 600 dpi is 40 MP. Beyond this
 * an image is a memory hazard (a 144 MP PNG took 1 GB to read), not a page: an image file is
 * refused, and pdf.js leaves such an image in a PDF undrawn instead of inflating it.
 */
export const maxDecodedPixels = 60_000_000;

/** A pixel is ink when its gray level is at least this far from the paper's, either way (dark on light, or light on dark). */
const inkContrast = 40;
/** Side of the squares ink is counted in, in inches: about one letter of 10-point type. */
const cellInches = 0.1;
/** A square holds marks when this many of its ink pixels are the corner of a 2 × 2 block of ink (speckle is single pixels). */
const solidPixelsPerMarkedCell = 6;
/** A page with fewer marked squares than this has nothing to read: blank, or paper noise. */
const minMarkedCells = 3;

/**
 * Whether a page image is blank (or near-blank: scanner speckle, a stray dot), so OCR can be
 * skipped. Cheap (two passes over the pixels, no allocation beyond a byte per pixel) and
 * cautious: the paper level is the most common gray, ink is anything clearly off it (faint
 * gray type included), single-pixel noise is ignored by counting only pixels that are the
 * corner of a 2 × 2 block of ink, and three letter-sized squares holding such ink are enough
 * to call the page not blank.
 */
export function isBlankPage(gray: Uint8Array, width: number, height: number, dpi: number): boolean {
  if (width < 2 || height < 2) return true;
  const histogram = new Uint32Array(256);
  for (let index = 0; index < gray.length; index += 1) histogram[gray[index]!]! += 1;
  let paper = 255;
  for (let level = 0; level < 256; level += 1) if (histogram[level]! > histogram[paper]!) paper = level;
  const isInk = new Uint8Array(256);
  let inkPixels = 0;
  for (let level = 0; level < 256; level += 1) {
    isInk[level] = Math.abs(level - paper) >= inkContrast ? 1 : 0;
    if (isInk[level]) inkPixels += histogram[level]!;
  }
  // Too little ink to mark even the fewest squares (clean paper, or a few specks): blank without looking where it is.
  if (inkPixels < minMarkedCells * solidPixelsPerMarkedCell) return true;

  const cell = Math.max(4, Math.round(dpi * cellInches));
  const columns = Math.ceil(width / cell);
  const solidInCell = new Uint16Array(columns * Math.ceil(height / cell));
  let markedCells = 0;
  for (let y = 0; y < height - 1; y += 1) {
    const row = y * width;
    const cellRow = Math.floor(y / cell) * columns;
    for (let x = 0; x < width - 1; x += 1) {
      const at = row + x;
      if (!isInk[gray[at]!] || !isInk[gray[at + 1]!] || !isInk[gray[at + width]!] || !isInk[gray[at + width + 1]!]) continue;
      const index = cellRow + Math.floor(x / cell);
      solidInCell[index] = solidInCell[index]! + 1;
      if (solidInCell[index] === solidPixelsPerMarkedCell && ++markedCells >= minMarkedCells) return false;
    }
  }
  return true;
}
