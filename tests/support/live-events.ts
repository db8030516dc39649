import { expect } from "vitest";
import type { HttpClient } from "./http-client";
import { RESYNC_EVENT, type LiveEvent, type LiveEventType } from "../../src/shared/events";

/** One block of a Server-Sent Events stream: an event, or a comment (a heartbeat). */
export interface StreamBlock {
  event: string;
  data: string;
  comment: string | undefined;
}

/** Splits Server-Sent Events text into its blocks; the unfinished rest is returned to read on. */
export function parseStreamBlocks(text: string): { blocks: StreamBlock[]; rest: string } {
  const parts = text.split("\n\n");
  const rest = parts.pop() ?? "";
  const blocks = parts.map((block) => {
    const lines = block.split("\n");
    const field = (name: string) => lines.filter((line) => line.startsWith(`${name}:`)).map((line) => line.slice(name.length + 1).trimStart());
    return {
      event: field("event")[0] ?? "message",
      data: field("data").join("\n"),
      comment: lines
        .find((line) => line.startsWith(":"))
        ?.slice(1)
        .trim(),
    };
  });
  return { blocks, rest };
}

/** Reads a GET /api/events response in the background, keeping everything it delivers. */
export function readLiveEvents(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const blocks: StreamBlock[] = [];
  let buffer = "";
  let isEnded = false;
  const reading = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) break;
      const parsed = parseStreamBlocks(buffer + decoder.decode(chunk.value, { stream: true }));
      blocks.push(...parsed.blocks);
      buffer = parsed.rest;
    }
    isEnded = true;
  })();
  const liveEvents = () =>
    blocks.filter((block) => block.event !== "message" && block.event !== RESYNC_EVENT).map((block) => JSON.parse(block.data) as LiveEvent);
  return {
    /** The first heartbeat is written once the stream listens for events. */
    ready: () => expect.poll(() => blocks.some((block) => block.comment === "heartbeat"), { timeout: 10_000 }).toBe(true),
    events: liveEvents,
    eventsOfType: <Type extends LiveEventType>(type: Type) => liveEvents().filter((event): event is Extract<LiveEvent, { type: Type }> => event.type === type),
    resyncCount: () => blocks.filter((block) => block.event === RESYNC_EVENT).length,
    isEnded: () => isEnded,
    close: async () => {
      await reader.cancel().catch(() => undefined);
      await reading;
    },
  };
}

export type LiveEventReader = ReturnType<typeof readLiveEvents>;

const openReaders: LiveEventReader[] = [];

/** Opens `client`'s GET /api/events and waits until it listens; `closeEventStreams` closes it. */
export async function openEventStream(client: HttpClient): Promise<LiveEventReader> {
  const reader = readLiveEvents(await client.get("/api/events"));
  openReaders.push(reader);
  await reader.ready();
  return reader;
}

/** Closes every stream `openEventStream` opened: an open stream keeps its request running. */
export async function closeEventStreams(): Promise<void> {
  for (const reader of openReaders.splice(0)) await reader.close();
}
