import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { embedMany, type EmbeddingModel } from "ai";
import { describeServiceFailure } from "../llm/service-failure";

/** Turns passages and questions into vectors; the only code that talks to an embeddings API. */
export interface Embedder {
  /** Which model made a document's vectors, e.g. "openai:text-embedding-3-small": vectors of another model are not compared. */
  readonly id: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

export type EmbeddingsConfig = {
  provider: "openai" | "openai-compatible";
  model: string;
  apiKey?: string;
  baseUrl?: string;
  timeoutMs: number;
};

/** The embeddings API could not answer; the message says why, without secrets. */
export class EmbeddingError extends Error {}

function embeddingModel(config: EmbeddingsConfig): EmbeddingModel {
  if (config.provider === "openai") return createOpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl }).embedding(config.model);
  return createOpenAICompatible({ name: "embeddings", baseURL: config.baseUrl!, apiKey: config.apiKey }).embeddingModel(config.model);
}

/** OpenAI or any OpenAI-compatible embeddings endpoint (Ollama, vLLM, text-embeddings-inference…). */
export function createAiSdkEmbedder(config: EmbeddingsConfig): Embedder {
  const model = embeddingModel(config);
  return {
    id: `${config.provider}:${config.model}`,
    async embed(texts, signal) {
      if (texts.length === 0) return [];
      const timeout = AbortSignal.timeout(config.timeoutMs);
      const abortSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
      try {
        const { embeddings } = await embedMany({ model, values: texts, abortSignal, maxRetries: 0 });
        if (embeddings.length !== texts.length || embeddings.some((vector) => vector.length === 0)) {
          throw new EmbeddingError("The embeddings service returned no vector for some passages.");
        }
        return embeddings;
      } catch (error) {
        if (error instanceof EmbeddingError) throw error;
        throw new EmbeddingError(describeServiceFailure("embeddings service", error, timeout.aborted));
      }
    },
  };
}
