import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatCompletionRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string }[];
}

/** What the server does with one request: stream these text pieces, fail with a status, or hang. */
export type ModelBehaviour =
  | {
      kind: "stream";
      pieces: (request: ChatCompletionRequest) => string[];
      /** Sends the first piece, then waits for this before the rest (proves the answer is streamed, not buffered). */
      holdAfterFirst?: Promise<void>;
      /** Drops the connection before this piece. */
      failAfter?: number;
    }
  | { kind: "error"; status: number; message: string }
  | { kind: "hang" };

/**
 * A small real OpenAI-compatible HTTP server (POST /v1/chat/completions, streamed as
 * server-sent chunks like OpenAI, Ollama and vLLM do) standing in for a language model in tests.
 */
export async function startOpenAiCompatibleServer() {
  let behaviour: ModelBehaviour = { kind: "stream", pieces: () => ["- Nothing configured."] };
  const requests: ChatCompletionRequest[] = [];
  const hanging = new Set<() => void>();

  const readBody = async (request: IncomingMessage) => {
    let body = "";
    for await (const chunk of request) body += String(chunk);
    return JSON.parse(body) as ChatCompletionRequest;
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
        response.writeHead(404).end();
        return;
      }
      const body = await readBody(request);
      requests.push(body);
      const current = behaviour;
      if (current.kind === "error") {
        response.writeHead(current.status, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: current.message, type: "server_error" } }));
        return;
      }
      if (current.kind === "hang") {
        response.writeHead(200, { "Content-Type": "text/event-stream" });
        hanging.add(() => response.destroy());
        return;
      }
      response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
      const pieces = current.pieces(body);
      for (const [index, piece] of pieces.entries()) {
        if (current.failAfter !== undefined && index === current.failAfter) {
          response.destroy();
          return;
        }
        const chunk = { id: "chatcmpl-test", object: "chat.completion.chunk", created: 0, model: body.model, choices: [{ index: 0, delta: { role: "assistant", content: piece }, finish_reason: null }] };
        response.write(`data: ${JSON.stringify(chunk)}\n\n`);
        if (index === 0 && current.holdAfterFirst) await current.holdAfterFirst;
      }
      const last = { id: "chatcmpl-test", object: "chat.completion.chunk", created: 0, model: body.model, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] };
      response.end(`data: ${JSON.stringify(last)}\n\ndata: [DONE]\n\n`);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    respondWith(next: ModelBehaviour) {
      behaviour = next;
    },
    async close() {
      for (const release of hanging) release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
