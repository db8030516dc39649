import { describe, expect, it } from "vitest";
import type { ProductLine } from "../../shared/fact-sheet";
import { programOfText } from "./product-lines";

describe("programOfText: the one program an attachment's text speaks of", () => {
  it.each<[string, ProductLine | undefined]>([
    ["Services for Medicaid enrollees. The state Medicaid agency decides eligibility. Medicaid rules apply.", "medicaid"],
    ["Medicaid enrollees and Medicaid rules, under the Medicaid program, and once Medicare crossover claims.", undefined],
    ["Medicaid network, Medicaid rules, Medicaid enrollees, Medicaid waivers, Medicaid billing, and Medicare crossover claims.", "medicaid"],
    ["Medicare Advantage members, Medicare Advantage plans and Medicare Advantage rules.", "medicare_advantage"],
    ["The Plan's Medicaid network and its Medicare Advantage network; Medicaid and Medicare Advantage members.", undefined],
    ["Medicaid appears only twice here: Medicaid.", undefined],
    ["Services billed under this attachment follow the Plan's policies.", undefined],
  ])("%s → %s", (text, expected) => {
    expect(programOfText(text)).toBe(expected);
  });
});
