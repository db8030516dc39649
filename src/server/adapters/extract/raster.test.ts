import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { testFontFamily } from "../../../../tests/support/documents/test-fixtures";
import { isBlankPage, rgbaToGray } from "./raster";

interface PageDrawing {
  dpi?: number;
  paper?: string;
  ink?: string;
  /** Points, as printed. */
  fontSize?: number;
  lines?: string[];
  /** Share of pixels turned into single black specks, and gray jitter of the paper (± levels). */
  speckle?: number;
  jitter?: number;
  /** 2 × 2 dust dots scattered over the page. */
  dust?: number;
}

/** A Letter page as a scanner would hand it over at `dpi`, in gray levels. */
function drawPage(drawing: PageDrawing): { gray: Buffer; width: number; height: number; dpi: number } {
  const dpi = drawing.dpi ?? 200;
  const width = Math.round(8.5 * dpi);
  const height = Math.round(11 * dpi);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = drawing.paper ?? "#ffffff";
  context.fillRect(0, 0, width, height);
  const fontPixels = Math.round(((drawing.fontSize ?? 11) * dpi) / 72);
  context.fillStyle = drawing.ink ?? "#000000";
  context.font = `${fontPixels}px "${testFontFamily()}"`;
  (drawing.lines ?? []).forEach((line, index) => context.fillText(line, dpi, dpi + fontPixels * 1.4 * (index + 1)));
  const gray = rgbaToGray(context.getImageData(0, 0, width, height).data, width, height);
  // A fixed pseudo-random sequence: the same noise every run.
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  if (drawing.jitter)
    for (let index = 0; index < gray.length; index += 1)
      gray[index] = Math.max(0, Math.min(255, gray[index]! + Math.round((random() * 2 - 1) * drawing.jitter)));
  if (drawing.speckle) for (let index = 0; index < gray.length; index += 1) if (random() < drawing.speckle) gray[index] = 0;
  for (let dot = 0; dot < (drawing.dust ?? 0); dot += 1) {
    const at = Math.floor(random() * (height - 1)) * width + Math.floor(random() * (width - 1));
    gray[at] = gray[at + 1] = gray[at + width] = gray[at + width + 1] = 20;
  }
  return { gray, width, height, dpi };
}

const contractLines = [
  "12. TERM AND TERMINATION. This Agreement lasts three (3) years from its Effective Date",
  "and then renews for successive one-year terms, unless a party tells the other party",
  "in writing, ninety (90) days or more before a term ends, that it will not renew it.",
];

describe("isBlankPage", () => {
  it.each<[string, boolean, PageDrawing]>([
    ["a white page", true, {}],
    ["a white page at 150 dpi", true, { dpi: 150 }],
    ["off-white paper with gray jitter", true, { paper: "#f2f2f2", jitter: 12 }],
    ["a noisy blank scan: 0.5% black specks, jitter and 200 dust dots", true, { paper: "#f4f4f4", jitter: 10, speckle: 0.005, dust: 200 }],
    ["a grey page (toner wash) with nothing on it", true, { paper: "#9a9a9a", jitter: 8 }],
    ["a page with one short line", false, { lines: ["Signed: J. Smith"] }],
    ["a page with one short line in 8-point type at 150 dpi", false, { dpi: 150, fontSize: 8, lines: ["Initials: ____"] }],
    ["a page of light-grey text", false, { ink: "#c0c0c0", lines: contractLines }],
    ["a page of faint text (gray 210 on white)", false, { ink: "#d2d2d2", lines: contractLines }],
    ["faint text on a noisy scan", false, { ink: "#b4b4b4", paper: "#f4f4f4", jitter: 10, speckle: 0.005, lines: contractLines }],
    ["white text on black", false, { paper: "#000000", ink: "#ffffff", lines: ["Exhibit B"] }],
  ])("%s: blank is %s", (_, isBlank, drawing) => {
    const { gray, width, height, dpi } = drawPage(drawing);
    expect(isBlankPage(gray, width, height, dpi)).toBe(isBlank);
  });

  it("calls a degenerate image (a line of pixels) blank", () => {
    expect(isBlankPage(Buffer.alloc(100, 0), 100, 1, 200)).toBe(true);
  });
});
