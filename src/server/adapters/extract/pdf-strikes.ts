import type { PositionedText } from "./pdf-layout";

// Text struck through on a PDF page: a thin horizontal line — a stroked segment, a thin filled
// rectangle, or a strike-out or line annotation — through the middle of a run of text (ADR 044).
// Everything here is in device space: x to the right, y downwards, in points.

export type Matrix = [number, number, number, number, number, number];

/** n first, then m. */
export function multiply(m: Matrix, n: readonly number[]): Matrix {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = n;
  return [m[0] * a + m[2] * b, m[1] * a + m[3] * b, m[0] * c + m[2] * d, m[1] * c + m[3] * d, m[0] * e + m[2] * f + m[4], m[1] * e + m[3] * f + m[5]];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** A horizontal line drawn on the page. */
export interface HorizontalLine {
  left: number;
  right: number;
  y: number;
  thickness: number;
}

/** pdf.js's operator list (`page.getOperatorList()`): operator codes and their arguments. */
export interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

/** The operator codes read here, by pdf.js's names (`OPS`). */
export type OperatorCodes = Record<
  | "save"
  | "restore"
  | "transform"
  | "paintFormXObjectBegin"
  | "paintFormXObjectEnd"
  | "beginAnnotation"
  | "endAnnotation"
  | "setLineWidth"
  | "setGState"
  | "constructPath"
  | "stroke"
  | "closeStroke"
  | "fill"
  | "eoFill"
  | "fillStroke"
  | "eoFillStroke"
  | "closeFillStroke"
  | "closeEOFillStroke",
  number
>;

/** pdf.js's path drawing codes inside a constructPath buffer (DrawOPS in pdfjs-dist 5). */
const draw = { moveTo: 0, lineTo: 1, curveTo: 2, quadraticCurveTo: 3, closePath: 4 } as const;

/** A segment leaning more than this (rise over run) is not horizontal. */
const MAX_SLOPE = 0.05;
/** A filled shape is a line when it is at least this many times wider than high. */
const MIN_FILLED_ASPECT = 4;

interface Subpath {
  /** Each point, and whether a straight segment leads to it (not a curve, not the start). */
  points: { x: number; y: number; isLineEnd: boolean }[];
  hasCurves: boolean;
}

/** The subpaths of a constructPath buffer, points in the path's own space. */
function subpathsOf(buffer: ArrayLike<number>): Subpath[] {
  const subpaths: Subpath[] = [];
  let current: Subpath | undefined;
  for (let index = 0; index < buffer.length;) {
    const code = buffer[index++];
    if (code === draw.moveTo) {
      current = { points: [{ x: buffer[index]!, y: buffer[index + 1]!, isLineEnd: false }], hasCurves: false };
      subpaths.push(current);
      index += 2;
    } else if (code === draw.lineTo) {
      current?.points.push({ x: buffer[index]!, y: buffer[index + 1]!, isLineEnd: true });
      index += 2;
    } else if (code === draw.curveTo || code === draw.quadraticCurveTo) {
      const size = code === draw.curveTo ? 6 : 4;
      if (current) {
        current.hasCurves = true;
        current.points.push({ x: buffer[index + size - 2]!, y: buffer[index + size - 1]!, isLineEnd: false });
      }
      index += size;
    } else if (code === draw.closePath) {
      if (current?.points.length) current.points.push({ ...current.points[0]!, isLineEnd: true });
    } else {
      break; // a code this version does not write: read no further than understood
    }
  }
  return subpaths;
}

/** The horizontal segments of a stroked subpath, each as thick as the line width. */
function strokedLines(subpath: Subpath, device: Matrix, lineWidth: number): HorizontalLine[] {
  const thickness = lineWidth * Math.sqrt(Math.abs(device[0] * device[3] - device[1] * device[2]));
  const lines: HorizontalLine[] = [];
  const points = subpath.points.map(({ x, y }) => apply(device, x, y));
  for (let index = 1; index < points.length; index += 1) {
    if (!subpath.points[index]!.isLineEnd) continue;
    const [x1, y1] = points[index - 1]!;
    const [x2, y2] = points[index]!;
    const run = Math.abs(x2 - x1);
    if (run > 0 && Math.abs(y2 - y1) <= MAX_SLOPE * run) lines.push({ left: Math.min(x1, x2), right: Math.max(x1, x2), y: (y1 + y2) / 2, thickness });
  }
  return lines;
}

/** A filled subpath as a line when it is a thin, wide shape with straight sides (a rectangle drawn as a rule). */
function filledLine(subpath: Subpath, device: Matrix): HorizontalLine | undefined {
  if (subpath.hasCurves || subpath.points.length < 3) return undefined;
  let [left, right, top, bottom] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const point of subpath.points) {
    const [x, y] = apply(device, point.x, point.y);
    [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
  }
  // A shape with no height paints nothing.
  if (bottom <= top || right - left < MIN_FILLED_ASPECT * (bottom - top)) return undefined;
  return { left, right, y: (top + bottom) / 2, thickness: bottom - top };
}

/** The line width a setGState operator sets, if it sets one: its arguments are [[key, value], …]. */
function gStateLineWidth(args: unknown[] | null): number | undefined {
  const entries = Array.isArray(args?.[0]) ? (args[0] as unknown[]) : [];
  const width = entries.find((entry): entry is ["LW", number] => Array.isArray(entry) && entry[0] === "LW" && typeof entry[1] === "number");
  return width?.[1];
}

/**
 * The horizontal lines a page's content draws, in device space: the current transformation
 * matrix and line width followed through save/restore, transforms and form XObjects.
 * Annotations' appearances are left to `annotationLines`, which reads where they are.
 */
export function drawnHorizontalLines(operators: OperatorList, ops: OperatorCodes, viewport: Matrix): HorizontalLine[] {
  const strokes = new Set([ops.stroke, ops.closeStroke, ops.fillStroke, ops.eoFillStroke, ops.closeFillStroke, ops.closeEOFillStroke]);
  const fills = new Set([ops.fill, ops.eoFill, ops.fillStroke, ops.eoFillStroke, ops.closeFillStroke, ops.closeEOFillStroke]);
  const stack: { matrix: Matrix; lineWidth: number }[] = [];
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  let lineWidth = 1;
  let annotationDepth = 0;
  const lines: HorizontalLine[] = [];
  operators.fnArray.forEach((op, index) => {
    const args = operators.argsArray[index] as unknown[] | null;
    if (op === ops.save) stack.push({ matrix, lineWidth });
    else if (op === ops.restore) ({ matrix, lineWidth } = stack.pop() ?? { matrix, lineWidth });
    else if (op === ops.transform && args) matrix = multiply(matrix, args as number[]);
    else if (op === ops.paintFormXObjectBegin) {
      stack.push({ matrix, lineWidth });
      if (Array.isArray(args?.[0]) || ArrayBuffer.isView(args?.[0])) matrix = multiply(matrix, Array.from(args[0] as ArrayLike<number>));
    } else if (op === ops.paintFormXObjectEnd) ({ matrix, lineWidth } = stack.pop() ?? { matrix, lineWidth });
    else if (op === ops.beginAnnotation) annotationDepth += 1;
    else if (op === ops.endAnnotation) annotationDepth = Math.max(0, annotationDepth - 1);
    else if (op === ops.setLineWidth && typeof args?.[0] === "number") lineWidth = args[0];
    else if (op === ops.setGState) lineWidth = gStateLineWidth(args) ?? lineWidth;
    else if (op === ops.constructPath && annotationDepth === 0 && args) {
      // pdfjs-dist 5: [paint operator, [path buffer or null], bounding box or null].
      const [paint, buffers] = args as [number, (ArrayLike<number> | null)[] | undefined];
      const buffer = buffers?.[0];
      if (!buffer) return;
      const device = multiply(viewport, matrix);
      for (const subpath of subpathsOf(buffer)) {
        if (strokes.has(paint)) lines.push(...strokedLines(subpath, device, lineWidth));
        const filled = fills.has(paint) ? filledLine(subpath, device) : undefined;
        if (filled) lines.push(filled);
      }
    }
  });
  return lines;
}

/** What pdf.js's `page.getAnnotations()` gives for the annotations read here. */
export interface AnnotationData {
  annotationType: number;
  /** Strike-outs: [minX, maxY, maxX, maxY, minX, minY, maxX, minY] per struck stretch, in page space. */
  quadPoints?: ArrayLike<number> | null;
  /** Lines: their bounding box [x1, y1, x2, y2], in page space. */
  lineCoordinates?: ArrayLike<number> | null;
}

/** How thick a strike-out annotation's line is drawn (pdf.js draws it 1 wide when the file gives no appearance). */
const ANNOTATION_LINE_WIDTH = 1;

/** Strike-out annotations (a line through the middle of each stretch they mark) and horizontal line annotations, in device space. */
export function annotationLines(annotations: readonly AnnotationData[], types: { STRIKEOUT: number; LINE: number }, viewport: Matrix): HorizontalLine[] {
  const lines: HorizontalLine[] = [];
  const add = (x1: number, y1: number, x2: number, y2: number) => {
    const [left, top] = apply(viewport, x1, y1);
    const [right, bottom] = apply(viewport, x2, y2);
    const run = Math.abs(right - left);
    if (run > 0 && Math.abs(bottom - top) <= MAX_SLOPE * run)
      lines.push({ left: Math.min(left, right), right: Math.max(left, right), y: (top + bottom) / 2, thickness: ANNOTATION_LINE_WIDTH });
  };
  for (const annotation of annotations) {
    if (annotation.annotationType === types.STRIKEOUT && annotation.quadPoints) {
      const quads = Array.from(annotation.quadPoints);
      for (let index = 0; index + 8 <= quads.length; index += 8) {
        const [minX, maxY, maxX, , , minY] = quads.slice(index, index + 8) as number[];
        const middle = (minY! + maxY!) / 2;
        add(minX!, middle, maxX!, middle);
      }
    } else if (annotation.annotationType === types.LINE && annotation.lineCoordinates?.length === 4) {
      const [x1, y1, x2, y2] = Array.from(annotation.lineCoordinates) as [number, number, number, number];
      add(x1, y1, x2, y2);
    }
  }
  return lines;
}

/** A strike runs through this band above the baseline, as shares of the font size: below it is an underline, above it an overline. */
const STRIKE_BAND = { low: 0.12, high: 0.6 } as const;
/** A strike is thinner than this share of the font size (a highlight or a box behind the text is not). */
const MAX_THICKNESS = 0.3;
/** A line shorter than this share of the font size strikes nothing (a dash, a check box's stroke). */
const MIN_LENGTH = 0.5;
/** A line reaching further than this many font sizes past the text it crosses is a rule drawn through the text (a table's), not a strike. */
const MAX_OVERREACH = 1.5;

/** Whether `line` runs through the middle of `item`'s text and across some of it. */
function crosses(line: HorizontalLine, item: PositionedText): boolean {
  const height = item.y - line.y;
  return (
    height >= STRIKE_BAND.low * item.size &&
    height <= STRIKE_BAND.high * item.size &&
    line.thickness <= MAX_THICKNESS * item.size &&
    line.right - line.left >= MIN_LENGTH * item.size &&
    Math.min(line.right, item.x + item.width) - Math.max(line.left, item.x) > 0
  );
}

/**
 * The words of `item` (ranges of its text) that `lines` strike: a word is struck when a line runs
 * across most of its characters (their places along the run are taken as evenly spaced).
 */
function struckWords(item: PositionedText, lines: readonly HorizontalLine[]): [number, number][] {
  const length = item.text.length;
  if (length === 0 || item.width <= 0) return [];
  const isCharacterStruck = (index: number) => {
    const centre = item.x + (item.width * (index + 0.5)) / length;
    return lines.some((line) => line.left <= centre && centre <= line.right);
  };
  const ranges: [number, number][] = [];
  for (const word of item.text.matchAll(/\S+/g)) {
    let struck = 0;
    for (let index = word.index; index < word.index + word[0].length; index += 1) if (isCharacterStruck(index)) struck += 1;
    if (2 * struck >= word[0].length) ranges.push([word.index, word.index + word[0].length]);
  }
  return ranges;
}

/** The index of the first item (sorted by baseline) whose baseline is at or below `y`. */
function firstAtOrBelow(sorted: readonly PositionedText[], y: number): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]!.y < y) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Which words of each run of text the page's lines strike through: a thin line through the middle
 * band of the text (not at its baseline, which is an underline), not reaching far past the text it
 * crosses (a table rule), across most of a word's width.
 */
export function struckTextRanges(items: readonly PositionedText[], lines: readonly HorizontalLine[]): Map<PositionedText, [number, number][]> {
  const strikesOf = new Map<PositionedText, HorizontalLine[]>();
  // Items by baseline, so each line looks only at the text just below it (a page of drawing costs no more than its lines).
  const byBaseline = [...items].sort((a, b) => a.y - b.y);
  const reachBelow = STRIKE_BAND.high * items.reduce((largest, item) => Math.max(largest, item.size), 0);
  for (const line of lines) {
    const crossed: PositionedText[] = [];
    for (let index = firstAtOrBelow(byBaseline, line.y); index < byBaseline.length && byBaseline[index]!.y <= line.y + reachBelow; index += 1)
      if (crosses(line, byBaseline[index]!)) crossed.push(byBaseline[index]!);
    if (!crossed.length) continue;
    const reach = MAX_OVERREACH * crossed.reduce((largest, item) => Math.max(largest, item.size), 0);
    const textLeft = crossed.reduce((left, item) => Math.min(left, item.x), Infinity);
    const textRight = crossed.reduce((right, item) => Math.max(right, item.x + item.width), -Infinity);
    if (line.left < textLeft - reach || line.right > textRight + reach) continue;
    for (const item of crossed) strikesOf.set(item, [...(strikesOf.get(item) ?? []), line]);
  }
  const struck = new Map<PositionedText, [number, number][]>();
  for (const [item, itemLines] of strikesOf) {
    const ranges = struckWords(item, itemLines);
    if (ranges.length) struck.set(item, ranges);
  }
  return struck;
}
