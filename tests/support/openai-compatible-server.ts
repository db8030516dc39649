import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
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

export interface EmbeddingsRequest {
  model: string;
  input: string[];
}

/** What POST /v1/embeddings does: vectors from this function, or fail with a status. */
export type EmbeddingsBehaviour = { kind: "vectors"; embed: (text: string) => number[] } | { kind: "error"; status: number; message: string };

/**
 * A small real OpenAI-compatible HTTP server (POST /v1/chat/completions, streamed as
 * server-sent chunks like OpenAI, Ollama and vLLM do, and POST /v1/embeddings) standing in for
 * a language model and an embeddings model in tests.
 */
export async function startOpenAiCompatibleServer() {
  let behaviour: ModelBehaviour = { kind: "stream", pieces: () => ["- Nothing configured."] };
  let embeddings: EmbeddingsBehaviour = { kind: "error", status: 404, message: "no embeddings configured" };
  const requests: ChatCompletionRequest[] = [];
  const embeddingsRequests: EmbeddingsRequest[] = [];
  const hanging = new Set<() => void>();

  const readBody = async <Body>(request: IncomingMessage) => {
    let body = "";
    for await (const chunk of request) body += String(chunk);
    return JSON.parse(body) as Body;
  };

  const answerEmbeddings = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody<{ model: string; input: string | string[] }>(request);
    const input = Array.isArray(body.input) ? body.input : [body.input];
    embeddingsRequests.push({ model: body.model, input });
    const current = embeddings;
    if (current.kind === "error") {
      response
        .writeHead(current.status, { "Content-Type": "application/json" })
        .end(JSON.stringify({ error: { message: current.message, type: "server_error" } }));
      return;
    }
    const data = input.map((text, index) => ({ object: "embedding", index, embedding: current.embed(text) }));
    response
      .writeHead(200, { "Content-Type": "application/json" })
      .end(JSON.stringify({ object: "list", data, model: body.model, usage: { prompt_tokens: 0, total_tokens: 0 } }));
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method === "POST" && request.url === "/v1/embeddings") return answerEmbeddings(request, response);
      if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
        response.writeHead(404).end();
        return;
      }
      const body = await readBody<ChatCompletionRequest>(request);
      requests.push(body);
      const current = behaviour;
      if (current.kind === "error") {
        response
          .writeHead(current.status, { "Content-Type": "application/json" })
          .end(JSON.stringify({ error: { message: current.message, type: "server_error" } }));
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
        const chunk = {
          id: "chatcmpl-test",
          object: "chat.completion.chunk",
          created: 0,
          model: body.model,
          choices: [{ index: 0, delta: { role: "assistant", content: piece }, finish_reason: null }],
        };
        response.write(`data: ${JSON.stringify(chunk)}\n\n`);
        if (index === 0 && current.holdAfterFirst) await current.holdAfterFirst;
      }
      const last = {
        id: "chatcmpl-test",
        object: "chat.completion.chunk",
        created: 0,
        model: body.model,
        choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
      };
      response.end(`data: ${JSON.stringify(last)}\n\ndata: [DONE]\n\n`);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    embeddingsRequests,
    respondWith(next: ModelBehaviour) {
      behaviour = next;
    },
    embedWith(next: EmbeddingsBehaviour) {
      embeddings = next;
    },
    async close() {
      for (const release of hanging) release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type OpenAiCompatibleServer = Awaited<ReturnType<typeof startOpenAiCompatibleServer>>;

/** The app's settings for using `server` as its embeddings model. */
export function embeddingsEnv(server: OpenAiCompatibleServer, model: string, timeoutMs: number): Record<string, string> {
  return { EMBEDDINGS_PROVIDER: "openai-compatible", EMBEDDINGS_MODEL: model, EMBEDDINGS_BASE_URL: server.baseUrl, EMBEDDINGS_TIMEOUT_MS: String(timeoutMs) };
}
