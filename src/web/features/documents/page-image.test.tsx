import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PageImage } from "./page-image";
import type { QuoteBox } from "./quote-boxes";

const twoLines: QuoteBox[] = [
  { left: 0.46, top: 0.1, width: 0.1, height: 0.04 },
  { left: 0.1, top: 0.2, width: 0.22, height: 0.04 },
];

function renderPage(quoteBoxes?: QuoteBox[]) {
  render(<PageImage documentId="doc-1" pageNumber={3} filename="Cigna fax.tiff" quoteBoxes={quoteBoxes} />);
  return screen.getByRole("img", { name: "Page 3 of Cigna fax.tiff" });
}

describe("PageImage with a quoted passage", () => {
  it("marks each line of the passage over the picture, placed in percentages of it", () => {
    fireEvent.load(renderPage(twoLines));
    const highlight = screen.getByRole("img", { name: "Quoted passage" });
    const strokes = [...highlight.children] as HTMLElement[];
    expect(strokes.map((stroke) => [stroke.style.left, stroke.style.top, stroke.style.width, stroke.style.height])).toEqual([
      ["46%", "10%", "10%", "4%"],
      ["10%", "20%", "22%", "4%"],
    ]);
    // Laid over the picture's own box, so it follows the picture at any width.
    expect(highlight.parentElement).toBe(screen.getByRole("img", { name: "Page 3 of Cigna fax.tiff" }).parentElement);
  });

  it("draws nothing over the placeholder before the picture arrives, nor once it failed to load", () => {
    const picture = renderPage(twoLines);
    expect(screen.queryByRole("img", { name: "Quoted passage" })).not.toBeInTheDocument();
    fireEvent.error(picture);
    expect(screen.getByRole("alert")).toHaveTextContent("The image of page 3 could not be loaded.");
    expect(screen.queryByRole("img", { name: "Quoted passage" })).not.toBeInTheDocument();
  });

  it.each([
    ["no quote", undefined],
    ["a quote with no boxes", []],
  ])("draws nothing for %s", (_name, quoteBoxes) => {
    fireEvent.load(renderPage(quoteBoxes));
    expect(screen.getByRole("link", { name: "Open page 3 full size" })).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Quoted passage" })).not.toBeInTheDocument();
  });
});
