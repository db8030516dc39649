import type { Citation } from "../../shared/chat";
import type { FactField, FactValue } from "../../shared/contracts/fact-sheet";
import { notStatedFor, productLineLabels, productLinesCovered, productLinesNotStated, type ProductLine } from "../../shared/fact-sheet";
import { confirmationLine, correctionLine } from "../../shared/fact-value-reviews";
import type { AnswerPoint, ComposedAnswer } from "./answer";
import { addCitation, clauseLabel } from "./citations";
import { answerKindOf } from "./facts";
import { markdownText } from "./markdown";
import type { QuestionKind } from "./question-kinds";

/** How a question names a product line: "for Medicaid", "our Medicare Advantage patients", "commercial members". */
const productLineWords: readonly [ProductLine, RegExp][] = [
  ["medicare_advantage", /\bmedicare advantage\b|\bmapd?\b|\bpart c\b/i],
  ["medicaid", /\bmedicaid\b|\bmanaged medicaid\b|\bstate plan\b/i],
  ["medicare", /\bmedicare\b(?! advantage)/i],
  ["chip", /\bchip\b|\bchildren'?s health insurance\b/i],
  ["marketplace", /\bmarketplace\b|\bexchange\b|\baca\b|\bindividual market\b/i],
  ["commercial", /\bcommercial\b|\bemployer\b/i],
];

/** The product lines a question names, if any. */
export function productLinesAsked(question: string): ProductLine[] {
  return productLineWords.filter(([, pattern]) => pattern.test(question)).map(([line]) => line);
}

/** Who or what a product line's name is said of: "Medicaid members", "commercial plans", "Medicare business". */
const productLineNoun = String.raw`(?:\s+(?:members?|patients?|enrollees?|beneficiar(?:y|ies)|plans?|products?|business|lines? of business))?`;
const productLineMentions = productLineWords.map(([, pattern]) => new RegExp(`(?:${pattern.source})${productLineNoun}`, "gi"));

/** The question without the product lines it names: what else it asks about ("what about for Medicaid patients?" → "what about for"). */
export function withoutProductLines(question: string): string {
  return productLineMentions.reduce((text, mention) => text.replace(mention, " "), question);
}

/**
 * The values of the kind's fields, in the sheet's order. A question naming a product line the sheet
 * has a value for gets that line's values (an attachment's own term governs its program); otherwise every value.
 */
export function valuesForKind(kind: QuestionKind, fields: readonly FactField[], question: string): FactValue[] {
  const values = (kind.factFields ?? []).flatMap((key) => fields.find((field) => field.key === key)?.values ?? []);
  const asked = productLinesAsked(question);
  const forAsked = values.filter((value) => asked.includes(value.productLine));
  return forAsked.length > 0 ? forAsked : values;
}

/** A value as an answer's lead: "365 days from the date of service — Medicaid", "30 days for roster changes". */
function leadOf(value: FactValue, saysYes: boolean): string {
  const from = value.from ? ` from ${value.from}` : "";
  const appliesTo = value.appliesTo ? ` for ${value.appliesTo}` : "";
  const line = value.productLine === "all" ? "" : ` — ${productLineLabels[value.productLine]}`;
  const stated = `${value.value}${from}${appliesTo}`;
  return `${saysYes ? `Yes — ${stated}` : stated}${line}`;
}

/**
 * Whether a value's sentence speaks to all of what a yes-or-no question asks, so that its length of
 * time answers it "Yes — 90 days" ("Can we terminate without cause?"); not when the question asks
 * something the sentence is silent on ("Is a fine owed if our notice is late?").
 */
export type SpeaksToQuestion = (value: FactValue) => boolean;

/** What a person said of the value on the sheet (ADR 032): a correction says what the quote was read as. */
function reviewedBy({ value, review }: FactValue): string {
  if (!review) return "";
  const line =
    review.kind === "corrected"
      ? `corrected by a person. ${correctionLine({ readValue: review.read.value, value, by: review.by, at: review.at, note: review.note })}, page ${review.page}`
      : confirmationLine(review);
  return ` — ${markdownText(line.charAt(0).toLowerCase() + line.slice(1))}.`;
}

/**
 * The answer to a question about a term the fact sheet reads, from the sheet's own values: each
 * value with what it applies to, its clause, page and quote, exactly as the sheet shows and
 * cites it (the sheet verified each quote on its page). Undefined when the sheet states none.
 */
export function factAnswer(kind: QuestionKind, fields: readonly FactField[], question: string, speaksTo: SpeaksToQuestion): ComposedAnswer | undefined {
  const values = valuesForKind(kind, fields, question);
  if (values.length === 0) return undefined;
  const asksYesOrNo = answerKindOf(question) === "yes-no";
  const citations: Citation[] = [];
  const points = values.map((value): AnswerPoint => {
    const index = addCitation(citations, value.source);
    const where = `${markdownText(clauseLabel(value.source))}, page ${value.source.page}`;
    return {
      text: `**${markdownText(leadOf(value, asksYesOrNo && value.amount !== null && speaksTo(value)))}** (${where}): “${markdownText(value.source.quote)}”${reviewedBy(value)}`,
      citations: [index],
      isUnverified: false,
    };
  });
  return { outcome: "answer", points: [...points, ...notStatedPoints(kind, fields, question)], related: [], citations, droppedCitations: 0, fromSheet: true };
}

/**
 * What the sheet shows as "Not stated" beside the values: the base agreement or a covered product
 * line silent on the term. A question naming product lines hears only about those.
 */
function notStatedPoints(kind: QuestionKind, fields: readonly FactField[], question: string): AnswerPoint[] {
  const covered = productLinesCovered(fields);
  const asked = productLinesAsked(question);
  const silent = (kind.factFields ?? []).flatMap((key) => {
    const field = fields.find((candidate) => candidate.key === key);
    return field ? productLinesNotStated(field, covered) : [];
  });
  return [...new Set(silent)]
    .filter((line) => asked.length === 0 || asked.includes(line))
    .map((line) => ({ text: `${notStatedFor(line)}.`, citations: [], isUnverified: false }));
}
