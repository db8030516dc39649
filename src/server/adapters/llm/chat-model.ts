import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { streamText, type LanguageModel } from "ai";
import { describeServiceFailure } from "./service-failure";

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
}

/** Writes answers as a stream of text; the only code that talks to a language model. */
export interface ChatModel {
  /** How answers are labelled in their metadata, e.g. "openai:gpt-4o-mini". */
  readonly id: string;
  streamAnswer(input: { system: string; messages: ChatTurn[]; signal?: AbortSignal }): AsyncIterable<string>;
}

export type LlmConfig = {
  provider: "openai" | "anthropic" | "openai-compatible";
  model: string;
  apiKey?: string;
  baseUrl?: string;
  timeoutMs: number;
};

/** The model could not answer (unreachable, refused, timed out or said nothing); its message is for the user. */
export class ChatModelError extends Error {}

function languageModel(config: LlmConfig): LanguageModel {
  if (config.provider === "anthropic") return createAnthropic({ apiKey: config.apiKey, baseURL: config.baseUrl })(config.model);
  if (config.provider === "openai") return createOpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl })(config.model);
  // Ollama, vLLM, llama.cpp and the like speak chat completions, not OpenAI's Responses API.
  return createOpenAICompatible({ name: "llm", baseURL: config.baseUrl!, apiKey: config.apiKey })(config.model);
}

/** Any model the AI SDK supports: OpenAI, Anthropic, or an OpenAI-compatible server. */
export function createAiSdkChatModel(config: LlmConfig): ChatModel {
  const model = languageModel(config);
  return {
    id: `${config.provider}:${config.model}`,
    async *streamAnswer({ system, messages, signal }) {
      const timeout = AbortSignal.timeout(config.timeoutMs);
      const abortSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
      // Errors arrive as stream parts and are rethrown below; the SDK's own console logging is off.
      const result = streamText({ model, system, messages, abortSignal, maxRetries: 0, temperature: 0, onError: () => undefined });
      let produced = false;
      try {
        for await (const part of result.fullStream) {
          if (part.type === "error") throw part.error;
          if (part.type === "abort") throw new Error("aborted");
          if (part.type === "text-delta" && part.text) {
            produced = true;
            yield part.text;
          }
        }
      } catch (error) {
        throw new ChatModelError(describeServiceFailure("language model", error, timeout.aborted));
      }
      // A server that does not speak the API answers with an empty stream rather than an error.
      if (!produced) throw new ChatModelError("The language model returned an empty answer.");
    },
  };
}
