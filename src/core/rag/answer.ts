import { citationHref, CLOSEST_INTRODUCTION, outcomeLabels, type Citation } from "../../shared/chat";
import type { AnswerOutcome } from "../../shared/contracts/chat";
import { clauseLabel } from "./citations";
import { markdownText } from "./markdown";

export interface AnswerPoint {
  text: string;
  /** Indices into the answer's citations (their `index`). */
  citations: number[];
  /** The point relied on a citation that failed verification (or had none). */
  isUnverified: boolean;
}

export interface ComposedAnswer {
  /** An answer read from a sentence about what was asked, the closest passages, or "not addressed". */
  outcome: AnswerOutcome;
  points: AnswerPoint[];
  /** When the document does not address the question: its closest sections, shown as related, not as an answer. */
  related: AnswerPoint[];
  citations: Citation[];
  /** Citations that did not verify: each one's point says so. */
  droppedCitations: number;
  /** The fact sheet's values (shown as the closest, too, when the route was unsure): nothing else, a model included, may answer in their place. */
  fromSheet?: true;
}

export const UNVERIFIED_NOTE = "_(This point could not be verified against the document.)_";
function citationLine(documentId: string, citation: Citation): string {
  const label = markdownText(`${clauseLabel(citation)}, page ${citation.page}`);
  return `${citation.index}. [${label}](${citationHref(documentId, citation)}): “${markdownText(citation.quote)}”`;
}

export const RELATED_TITLE = "**Related, but not an answer**";

/** Each outcome's title line: the three look different in the chat and in every export. */
export const outcomeTitle = (outcome: AnswerOutcome) => `**${outcomeLabels[outcome]}**`;

function bulletOf(point: AnswerPoint): string {
  const markers = point.citations.map((index) => ` [${index}]`).join("");
  return `- ${point.text}${markers}${point.isUnverified ? ` ${UNVERIFIED_NOTE}` : ""}`;
}

/**
 * The reply as the chat shows it, under its outcome's title: an answer's bullet points; the closest
 * passages after saying no answer could be confirmed; or "does not appear to address" with the
 * sections related to it apart, so they never read as the answer. Then the Citations.
 */
export function formatAnswer(answer: Pick<ComposedAnswer, "outcome" | "points" | "related" | "citations">, documentId: string): string {
  const introduction = answer.outcome === "closest" ? [CLOSEST_INTRODUCTION, ""] : [];
  const related = answer.related.length > 0 ? ["", RELATED_TITLE, "", ...answer.related.map(bulletOf)] : [];
  const citations = answer.citations.length
    ? answer.citations.map((citation) => citationLine(documentId, citation))
    : ["None: no passage of the document supports an answer."];
  return [outcomeTitle(answer.outcome), "", ...introduction, ...answer.points.map(bulletOf), ...related, "", "**Citations**", "", ...citations].join("\n");
}

/**
 * An answer that could not be confirmed, shown as the closest passages instead: its verified
 * citations in the contract's own words, and nothing it claimed (no bold fact, no Yes or No).
 */
export function asClosest(answer: ComposedAnswer): ComposedAnswer {
  const points = answer.citations.map((citation) => ({
    text: `${markdownText(clauseLabel(citation))} (page ${citation.page}): “${markdownText(citation.quote)}”`,
    citations: [citation.index],
    isUnverified: false,
  }));
  return { outcome: "closest", points, related: [], citations: answer.citations, droppedCitations: answer.droppedCitations, fromSheet: answer.fromSheet };
}
