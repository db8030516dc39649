import { expect } from "vitest";
import { chatStreamEventSchema, type AssistantMetadata, type ChatMessage, type ChatStreamEvent } from "../../src/shared/contracts/chat";
import type { HttpClient } from "./http-client";

/** The events of a chat answer's NDJSON stream, one per line, each held to the stream's contract. */
export function parseEvents(text: string): ChatStreamEvent[] {
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => chatStreamEventSchema.parse(JSON.parse(line)));
}

export async function readEvents(response: Response): Promise<ChatStreamEvent[]> {
  return parseEvents(await response.text());
}

/** Asks `question` about the document as `client` and reads the whole answer: its text and what it cites. */
export async function askedAnswer(
  client: Pick<HttpClient, "post">,
  documentId: string,
  question: string,
): Promise<{ content: string; metadata: AssistantMetadata }> {
  const response = await client.post("/api/chat/messages", { documentId, question });
  expect(response.status).toBe(200);
  const done = (await readEvents(response)).find((event) => event.type === "done");
  const message = done?.type === "done" ? (done.message as ChatMessage) : undefined;
  return { content: message!.content, metadata: message!.metadata as AssistantMetadata };
}
