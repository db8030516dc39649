import { formatLongDate } from "../../../shared/calendar-dates";
import { outcomeTitle } from "../../../core/rag/answer";
import { clauseLabel } from "../../../core/rag/citations";
import { markdownText, plainText } from "../../../core/rag/markdown";
import { outcomeLabels, UNKNOWN_DOCUMENT } from "../../../shared/chat";
import {
  answerOutcomes,
  type AnswerOutcome,
  type ChatExportFormat,
  type ChatMessage,
  type ChatSessionDetail,
  type Citation,
} from "../../../shared/contracts/chat";
import { writeTextPdf, type PdfTextBlock } from "../../adapters/pdf-writer/pdf-writer";
import { downloadFilename } from "../../http/downloads";

// A conversation as a file to keep or send: each question and answer in order, and each answer's
// citations written out (clause, page and the document's own words) rather than linked, since
// the app's links do not open outside it.

export interface ConversationExport {
  filename: string;
  contentType: string;
  body: string | Uint8Array<ArrayBuffer>;
}

const CITATIONS_HEADING = "**Citations**";
function citationsOf(message: ChatMessage): Citation[] {
  return "citations" in message.metadata ? message.metadata.citations : [];
}

/** Answers stored before the three outcomes were kept have none: they were all answers. */
function outcomeOf(message: ChatMessage): AnswerOutcome {
  return ("outcome" in message.metadata ? message.metadata.outcome : undefined) ?? "answer";
}

/**
 * Each answer's heading is its outcome's title ("Answer", "Closest passages", "Not addressed"), so
 * passages that were not confirmed to answer, or a question the contract does not address, never
 * read as an answer in the file either.
 */
function answerHeading(message: ChatMessage): string {
  return outcomeLabels[outcomeOf(message)];
}

/**
 * The answer's points without its own title (the export makes it the answer's heading) and without
 * its Citations section, written out again from the verified citations; when it cites nothing, its
 * Citations line ("None: …") stays.
 */
function answerBody(message: ChatMessage): string {
  const [firstLine = "", ...rest] = message.content.split("\n");
  const content = answerOutcomes.some((outcome) => outcomeTitle(outcome) === firstLine.trimEnd()) ? rest.join("\n") : message.content;
  const cut = citationsOf(message).length > 0 ? content.indexOf(`\n${CITATIONS_HEADING}`) : -1;
  return (cut < 0 ? content : content.slice(0, cut)).trim();
}

function citationSource(citation: Citation): string {
  return `${clauseLabel(citation)}, page ${citation.page}`;
}

/** "November 26, 2026, 14:05 UTC": written in UTC, the one zone every reader can convert from. */
function sentAt(iso: string): string {
  const date = new Date(iso);
  return `${formatLongDate(date)}, ${date.toISOString().slice(11, 16)} UTC`;
}

function aboutLine(detail: ChatSessionDetail, generatedAt: Date): { document: string; exported: string } {
  return { document: detail.session.documentFilename ?? UNKNOWN_DOCUMENT, exported: formatLongDate(generatedAt) };
}

/** The conversation as Markdown: the question as typed (escaped, so it cannot become a link), the answer as the chat shows it, its citations numbered as the answer's markers. */
export function conversationMarkdown(detail: ChatSessionDetail, { generatedAt }: { generatedAt: Date }): string {
  const { document, exported } = aboutLine(detail, generatedAt);
  const lines = [`# ${markdownText(detail.session.title)}`, "", `Conversation about ${markdownText(document)}, exported ${exported}.`];
  for (const message of detail.messages) {
    if (message.role === "user") {
      lines.push("", `## Question (${sentAt(message.createdAt)})`, "", markdownText(message.content));
      continue;
    }
    lines.push("", `## ${answerHeading(message)} (${sentAt(message.createdAt)})`, "", answerBody(message));
    const citations = citationsOf(message);
    if (citations.length > 0) {
      lines.push("", CITATIONS_HEADING, "");
      for (const citation of citations) lines.push(`${citation.index}. ${markdownText(citationSource(citation))}: “${markdownText(citation.quote)}”`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** The conversation as a PDF, laid out like the Markdown. */
export async function conversationPdf(detail: ChatSessionDetail, { generatedAt }: { generatedAt: Date }): Promise<Uint8Array<ArrayBuffer>> {
  const { document, exported } = aboutLine(detail, generatedAt);
  const blocks: PdfTextBlock[] = [
    { style: "title", text: detail.session.title },
    { style: "body", text: `Conversation about ${document}, exported ${exported}.` },
  ];
  for (const message of detail.messages) {
    if (message.role === "user") {
      blocks.push({ style: "heading", text: "Question" }, { style: "note", text: sentAt(message.createdAt) }, { style: "body", text: message.content });
      continue;
    }
    blocks.push(
      { style: "heading", text: answerHeading(message) },
      { style: "note", text: sentAt(message.createdAt) },
      { style: "body", text: plainText(answerBody(message)) },
    );
    const citations = citationsOf(message);
    if (citations.length > 0) blocks.push({ style: "label", text: "Citations" });
    for (const citation of citations) {
      blocks.push({ style: "body", text: `${citation.index}. ${citationSource(citation)}` }, { style: "quote", text: `“${citation.quote}”` });
    }
  }
  return writeTextPdf({ title: detail.session.title, createdAt: generatedAt, blocks, footer: `${detail.session.title} (${document})` });
}

/** The conversation in the chosen format, with the filename and media type to send it as. */
export async function exportConversation(detail: ChatSessionDetail, format: ChatExportFormat, generatedAt: Date): Promise<ConversationExport> {
  const filename = downloadFilename(detail.session.title, format === "pdf" ? "pdf" : "md", "Conversation");
  if (format === "pdf") return { filename, contentType: "application/pdf", body: await conversationPdf(detail, { generatedAt }) };
  return { filename, contentType: "text/markdown; charset=utf-8", body: conversationMarkdown(detail, { generatedAt }) };
}
