import type { Ref } from "react";
import type { QuoteBox } from "./quote-boxes";

const percent = (fraction: number) => `${fraction * 100}%`;

/**
 * The quoted words marked over a page picture (a scanned PDF page or an image document's page),
 * laid over the picture's box in percentages so it stays on its words at any zoom or width. A
 * marker stroke: multiplied into the picture, so the ink under it stays readable. Where the page
 * has no text beside it (a scanned PDF page), `quote` is what a screen reader announces.
 */
export function QuoteHighlight({ boxes, quote, ref }: { boxes: readonly QuoteBox[]; quote?: string; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} role="img" aria-label={quote ? `Quoted passage: “${quote}”` : "Quoted passage"} className="pointer-events-none absolute inset-0">
      {boxes.map((box, index) => (
        <div
          key={index}
          className="absolute rounded-[2px] bg-highlight/55 shadow-[0_0_0_2px_color-mix(in_oklab,var(--highlight)_55%,transparent)] mix-blend-multiply forced-colors:outline-2 forced-colors:outline-[Highlight] forced-colors:outline-solid"
          style={{ left: percent(box.left), top: percent(box.top), width: percent(box.width), height: percent(box.height) }}
        />
      ))}
    </div>
  );
}
