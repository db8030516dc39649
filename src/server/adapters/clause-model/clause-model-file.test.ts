import { describe, expect, it } from "vitest";
import { createClauseModelSource } from "./clause-model-file";

// The shipped model, trained on cuad-train only (scripts/clause-model/train.ts), reading sentences
// written for this test: a word in another sense must not pass for the clause it names elsewhere.
const loadModel = createClauseModelSource().model;

async function replyTo(kind: string, sentence: string, headings: string[]): Promise<"answer" | "closest" | "none"> {
  const model = await loadModel();
  const probability = model.probability(kind, model.featuresOf(sentence, headings))!;
  const thresholds = model.thresholdsOf(kind)!;
  return probability >= thresholds.answer ? "answer" : probability >= thresholds.closest ? "closest" : "none";
}

describe("the shipped clause-kind model", () => {
  it.each([
    ["Cap On Liability", "Harbor Imaging, LLC, a Texas limited liability company, enters into this Agreement with the Clinic.", ["Parties"]],
    ["Exclusivity", "Each party consents to the exclusive jurisdiction of the state courts located in Denver, Colorado.", ["Jurisdiction"]],
    ["Exclusivity", "This appointment shall not be deemed exclusive, and the Supplier is free to sell to other buyers.", ["Appointment"]],
    ["Termination For Convenience", "Any translation of this Agreement is provided for convenience only, and the English version controls.", ["Language"]],
    ["Expiration Date", "Gift certificates sold under this program carry no expiration date.", ["Gift Certificates"]],
    ["Revenue/Profit Sharing", "The Company has ten thousand shares of common stock outstanding.", ["Capitalization"]],
    ["Governing Law", "Licensee was incorporated in Ohio under the statutes of that state.", ["Parties"]],
  ])("does not answer %s with a word used in another sense: %s", async (kind, sentence, headings) => {
    expect(await replyTo(kind, sentence, headings)).not.toBe("answer");
  });

  it.each([
    [
      "Cap On Liability",
      "In no event shall either party's total liability under this Agreement exceed the fees paid in the twelve months before the claim.",
      [],
    ],
    ["Exclusivity", "The Clinic shall purchase all of its imaging supplies exclusively from the Vendor during the Term.", ["Exclusivity"]],
    [
      "Termination For Convenience",
      "Either side may terminate this Agreement for convenience at any time on sixty (60) days' written notice.",
      ["Termination"],
    ],
    ["Revenue/Profit Sharing", "Distributor shall pay Supplier fifteen percent (15%) of the net revenue from each sale.", ["Payments"]],
    ["Governing Law", "Ohio law governs this Agreement and every dispute about it, whatever the conflict-of-laws rules say.", ["Governing Law"]],
  ])("answers %s from a sentence that is that clause: %s", async (kind, sentence, headings) => {
    expect(await replyTo(kind, sentence, headings)).toBe("answer");
  });

  it("knows every kind the question kinds ask it about", async () => {
    const { questionKinds } = await import("../../../core/rag/question-kinds");
    const model = await loadModel();
    const unknown = questionKinds.flatMap((kind) => (kind.modelKind && !model.thresholdsOf(kind.modelKind) ? [kind.modelKind] : []));
    expect(unknown.sort()).toEqual([]);
  });
});
