import type { ChatStreamEvent } from "../../src/shared/chat";

/** The events of a chat answer's NDJSON stream, one per line. */
export function parseEvents(text: string): ChatStreamEvent[] {
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ChatStreamEvent);
}

export async function readEvents(response: Response): Promise<ChatStreamEvent[]> {
  return parseEvents(await response.text());
}
