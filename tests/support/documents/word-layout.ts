import type { OcrWordBox } from "../../../src/shared/contracts/documents";

/**
 * Word boxes for a page's text as if printed on a grid: line n (from 0) at 10 + 10n % to
 * 14 + 10n % from the top, each word 10 % wide with 2 % between words, starting 10 % from the left.
 */
export function layOutWords(text: string): OcrWordBox[] {
  const boxes: OcrWordBox[] = [];
  let offset = 0;
  text.split("\n").forEach((line, row) => {
    line.split(" ").forEach((word, column) => {
      boxes.push({ start: offset, end: offset + word.length, box: [0.1 + column * 0.12, 0.1 + row * 0.1, 0.2 + column * 0.12, 0.14 + row * 0.1] });
      // Past the word and the one space or line break after it.
      offset += word.length + 1;
    });
  });
  return boxes;
}
