import { describe, expect, it } from "vitest";
import { readPdfText } from "../../../../tests/support/pdf-text";
import { formatAnswer, type ComposedAnswer } from "../../../core/rag/answer";
import type { AnswerOutcome, ChatMessage, ChatSessionDetail, Citation } from "../../../shared/contracts/chat";
import { conversationMarkdown, conversationPdf } from "./chat-export";

const documentId = "0d0c0000-0000-4000-8000-000000000001";
const generatedAt = new Date("2026-11-26T09:30:00Z");
const timelyFiling: Citation = {
  index: 1,
  chunkId: "c1",
  clauseNumber: "2.1",
  heading: "Timely Filing",
  page: 2,
  quote: "within ninety (90) days of the date of service",
  startOffset: 0,
  endOffset: 46,
};

let sequenceNumber = 0;
function aQuestion(content: string): ChatMessage {
  sequenceNumber += 1;
  return { id: `q${sequenceNumber}`, role: "user", content, sequenceNumber, metadata: {}, createdAt: "2026-11-20T15:00:00.000Z" };
}

/** A reply as the chat stores it: formatted by the answerer's own formatAnswer, with its outcome in the metadata unless it was stored before outcomes were kept. */
function aReply(reply: Pick<ComposedAnswer, "outcome" | "points" | "related">, { isOutcomeStored = true } = {}): ChatMessage {
  sequenceNumber += 1;
  const citations = [timelyFiling];
  const metadata = { citations, answeredBy: "extractive", droppedCitations: 0, ...(isOutcomeStored ? { outcome: reply.outcome } : {}) };
  const content = formatAnswer({ ...reply, citations }, documentId);
  return { id: `a${sequenceNumber}`, role: "assistant", content, sequenceNumber, metadata, createdAt: "2026-11-20T15:01:00.000Z" };
}

const point = (text: string) => ({ text, citations: [1], isUnverified: false });
const detail: ChatSessionDetail = {
  session: { id: "5e55e000-0000-4000-8000-000000000001", title: "Claims", documentId, documentFilename: "Blue Valley.pdf", messageCount: 8, updatedAt: "" },
  messages: [
    aQuestion("How long do we have to file claims?"),
    aReply({ outcome: "answer", points: [point("**90 days** (2.1 Timely Filing, page 2)")], related: [] }),
    aQuestion("Who pays for interpreters?"),
    aReply({ outcome: "closest", points: [point("“Claims are submitted within ninety (90) days” (2.1 Timely Filing, page 2)")], related: [] }),
    aQuestion("Is there an arbitration clause?"),
    aReply({
      outcome: "not-addressed",
      points: [{ text: "This contract does not appear to address arbitration.", citations: [], isUnverified: false }],
      related: [point("Disputes go to the joint committee (2.1 Timely Filing, page 2)")],
    }),
    aQuestion("And for Medicaid?"),
    aReply({ outcome: "answer", points: [point("**180 days** (2.2 Medicaid, page 3)")], related: [] }, { isOutcomeStored: false }),
  ],
};

const outcomesInOrder: AnswerOutcome[] = ["answer", "closest", "not-addressed", "answer"];
const headings: Record<AnswerOutcome, string> = { answer: "Answer", closest: "Closest passages", "not-addressed": "Not addressed" };

describe("conversationMarkdown", () => {
  const markdown = conversationMarkdown(detail, { generatedAt });

  it("heads each reply with its outcome, an answer stored without one as an Answer, and does not repeat the title in the body", () => {
    const sections = markdown.match(/^## .+$/gm)!.map((heading) => heading.replace(/ \(.+\)$/, ""));
    expect(sections).toEqual(outcomesInOrder.flatMap((outcome) => ["## Question", `## ${headings[outcome]}`]));
    expect(markdown).toMatch(/## Answer \(.+\)\n\n- \*\*90 days\*\* \(2\.1 Timely Filing, page 2\) \[1\]\n/);
    expect(markdown).toMatch(/## Closest passages \(.+\)\n\nI could not confirm an answer in this contract\. The closest clauses are:\n\n- “Claims/);
    expect(markdown).toMatch(
      /## Not addressed \(.+\)\n\n- This contract does not appear to address arbitration\.\n\n\*\*Related, but not an answer\*\*\n\n- Disputes/,
    );
    expect(markdown).not.toMatch(/\*\*(Answer|Closest passages|Not addressed)\*\*/);
    expect(markdown.match(/\*\*Citations\*\*\n\n1\. 2\.1 Timely Filing, page 2: “within ninety \(90\) days of the date of service”/g)).toHaveLength(4);
  });
});

describe("conversationPdf", () => {
  it("heads each reply with its outcome, in order, without the titles' asterisks", async () => {
    const { pages } = await readPdfText(await conversationPdf(detail, { generatedAt }));
    const text = pages.join(" ");

    const replyHeadings = [...text.matchAll(/(Answer|Closest passages|Not addressed) November 20, 2026, 15:01 UTC/g)].map((match) => match[1]);
    expect(replyHeadings).toEqual(outcomesInOrder.map((outcome) => headings[outcome]));
    expect(text).toContain("Closest passages November 20, 2026, 15:01 UTC I could not confirm an answer in this contract. The closest clauses are:");
    expect(text).toContain("Not addressed November 20, 2026, 15:01 UTC • This contract does not appear to address arbitration. Related, but not an answer");
    expect(text).toContain("• 90 days (2.1 Timely Filing, page 2) [1]");
    expect(text).not.toContain("**");
  });
});
