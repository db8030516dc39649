import { describe, expect, it } from "vitest";
import { layoutPageText, type PositionedText } from "./pdf-layout";

/** Words of one line as separate runs, each `size * 0.5` wide per character, one space apart. */
function words(line: string, x: number, y: number, size = 10): PositionedText[] {
  const runs: PositionedText[] = [];
  let at = x;
  for (const word of line.split(" ")) {
    runs.push({ text: word, x: at, y, width: word.length * size * 0.5, size });
    at += (word.length + 1) * size * 0.5;
  }
  return runs;
}

describe("layoutPageText", () => {
  it("orders lines top to bottom and runs left to right, whatever order they arrive in", () => {
    const items = [...words("second line here", 72, 112), ...words("first line", 72, 100)].reverse();
    expect(layoutPageText(items)).toBe("first line\nsecond line here");
  });

  it("puts a space between runs only where the gap is a word gap", () => {
    const items: PositionedText[] = [
      { text: "Pay", x: 72, y: 100, width: 15, size: 10 },
      { text: "er", x: 87.2, y: 100, width: 10, size: 10 }, // kerning gap, same word
      { text: "terms", x: 100, y: 100, width: 25, size: 10 }, // 2.8 pt gap: a space
    ];
    expect(layoutPageText(items)).toBe("Payer terms");
  });

  it("keeps a raised footnote marker on its line", () => {
    const items = [...words("Covered Services", 72, 100), { text: "1", x: 155, y: 96.5, width: 3, size: 6 }, ...words("next line", 72, 112)];
    expect(layoutPageText(items)).toBe("Covered Services 1\nnext line");
  });

  it("leaves a blank line where the vertical gap is clearly larger than the line spacing", () => {
    const items = [
      ...words("1.1 First clause", 72, 100),
      ...words("continues here.", 72, 112),
      ...words("1.2 Second clause", 72, 136),
      ...words("continues too.", 72, 148),
    ];
    expect(layoutPageText(items)).toBe("1.1 First clause\ncontinues here.\n\n1.2 Second clause\ncontinues too.");
  });

  it("keeps words hyphenated at a line end as printed", () => {
    const items = [...words("reimburse- ment", 72, 100).slice(0, 1), ...words("ment is due", 72, 112)];
    expect(layoutPageText(items)).toBe("reimburse-\nment is due");
  });

  it("drops a run drawn twice at almost the same place (fake bold)", () => {
    const items = [...words("ARTICLE IV", 72, 100), ...words("ARTICLE IV", 72.3, 100)];
    expect(layoutPageText(items)).toBe("ARTICLE IV");
  });

  it("joins cells of a table row into one line", () => {
    const items = [...words("99213", 72, 100), ...words("Office visit", 200, 100), ...words("$85.00", 400, 100)];
    expect(layoutPageText(items)).toBe("99213 Office visit $85.00");
  });

  it("returns an empty string for a page without text", () => {
    expect(layoutPageText([])).toBe("");
    expect(layoutPageText([{ text: "   ", x: 1, y: 1, width: 3, size: 10 }])).toBe("");
  });
});
