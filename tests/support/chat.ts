import { chatStreamEventSchema, type ChatStreamEvent } from "../../src/shared/contracts/chat";

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
