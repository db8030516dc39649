import { citationHref, type Citation } from "../../shared/chat";
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
  points: AnswerPoint[];
  /** When the document does not address the question: its closest sections, shown as related, not as an answer. */
  related: AnswerPoint[];
  citations: Citation[];
  /** Citations that did not verify: each one's point says so. */
  droppedCitations: number;
  /** False when the answer says the document does not address the question. */
  addressed: boolean;
}

export const UNVERIFIED_NOTE = "_(This point could not be verified against the document.)_";
function citationLine(documentId: string, citation: Citation): string {
  const label = markdownText(`${clauseLabel(citation)}, page ${citation.page}`);
  return `${citation.index}. [${label}](${citationHref(documentId, citation)}): “${markdownText(citation.quote)}”`;
}

export const RELATED_TITLE = "**Related, but not an answer**";

function bulletOf(point: AnswerPoint): string {
  const markers = point.citations.map((index) => ` [${index}]`).join("");
  return `- ${point.text}${markers}${point.isUnverified ? ` ${UNVERIFIED_NOTE}` : ""}`;
}

/**
 * The reply as the chat shows it: an Answer section of bullet points, the sections related to a
 * question the document does not address (apart, so they never read as the answer), then the Citations.
 */
export function formatAnswer(answer: Pick<ComposedAnswer, "points" | "related" | "citations">, documentId: string): string {
  const related = answer.related.length > 0 ? ["", RELATED_TITLE, "", ...answer.related.map(bulletOf)] : [];
  const citations = answer.citations.length
    ? answer.citations.map((citation) => citationLine(documentId, citation))
    : ["None: no passage of the document supports an answer."];
  return ["**Answer**", "", ...answer.points.map(bulletOf), ...related, "", "**Citations**", "", ...citations].join("\n");
}
