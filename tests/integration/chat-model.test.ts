import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage, ChatSessionDetail, ChatStreamEvent } from "../../src/shared/contracts/chat";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signedUpClient } from "../support/accounts";
import { readyFactSheet } from "../support/fact-sheets";
import { parseEvents } from "../support/chat";
import { payerContractPdf } from "../support/documents/payer-contract";
import { processedDocument } from "../support/documents/processing";
import type { HttpClient } from "../support/http-client";
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "../support/openai-compatible-server";
import { createTestApp, type TestApp } from "../support/test-app";

let model: OpenAiCompatibleServer;
let testApp: TestApp;
let owner: HttpClient;
let contract: DocumentSummary;

beforeAll(async () => {
  model = await startOpenAiCompatibleServer();
  testApp = await createTestApp({
    env: { BILLING: "off", LLM_PROVIDER: "openai-compatible", LLM_MODEL: "contract-model", LLM_BASE_URL: model.baseUrl, LLM_TIMEOUT_MS: "1500" },
  });
  owner = await signedUpClient(testApp);
  contract = await processedDocument(testApp, owner, "Blue Valley Provider Agreement.pdf", payerContractPdf());
  // The fact sheet's reading also asks the model: let it finish before the tests count the model's requests.
  await readyFactSheet(owner, contract.id);
}, 60_000);
afterAll(async () => {
  await testApp.close();
  await model.close();
});

async function askModel(question: string) {
  const response = await owner.post("/api/chat/messages", { documentId: contract.id, question });
  expect(response.status).toBe(200);
  const events = parseEvents(await response.text());
  const session = events[0]!.type === "session" ? events[0]!.session : undefined;
  const done = events.find((event) => event.type === "done");
  const error = events.find((event) => event.type === "error");
  return { events, session: session!, message: done?.type === "done" ? done.message : undefined, error: error?.type === "error" ? error : undefined };
}

async function storedMessages(sessionId: string): Promise<ChatMessage[]> {
  return ((await (await owner.get(`/api/chat/sessions/${sessionId}`)).json()) as ChatSessionDetail).messages;
}

/** The number the prompt gives the source that holds `clause` ("[2] …\n…2.1 Timely Filing…"). */
const sourceNumberOf = (prompt: string, clause: string) => Number(new RegExp(`\\[(\\d+)\\][^[]*?\\b${clause.replace(".", "\\.")}\\s`).exec(prompt)?.[1] ?? "0");

describe("answers written by a language model", () => {
  it("streams the model's words as they come, then the verified answer with citations", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    model.respondWith({
      kind: "stream",
      holdAfterFirst: held,
      pieces: (request) => {
        const prompt = request.messages.at(-1)!.content;
        const filing = sourceNumberOf(prompt, "2.1");
        return [
          "- Claims are due within 90 days ",
          `of the date of service: "Provider shall submit claims within ninety (90) days" [${filing}]\n`,
          "- Clean claims are paid within 30 days [9]",
        ];
      },
    });
    const response = await owner.post("/api/chat/messages", { documentId: contract.id, question: "What is the timely filing limit?" });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = "";
    while (!received.includes('"type":"delta"')) received += (await reader.read()).value ?? "";
    // The first words reached us while the model was still holding back the rest.
    expect(received).toContain("Claims are due within 90 days");
    release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += chunk.value;

    const events = parseEvents(received);
    const done = events.at(-1)!;
    expect(done.type).toBe("done");
    const message = (done as Extract<ChatStreamEvent, { type: "done" }>).message;
    expect(message.metadata).toMatchObject({ answeredBy: "openai-compatible:contract-model", droppedCitations: 1 });
    expect(message.content).toContain('- Claims are due within 90 days of the date of service: "Provider shall submit claims within ninety (90) days" [1]');
    expect(message.content).toContain("- Clean claims are paid within 30 days _(This point could not be verified against the document.)_");
    expect(message.content).toContain("1. [2.1 Timely Filing, page 2]");

    const request = model.requests.at(-1)!;
    expect(request.model).toBe("contract-model");
    expect(request.messages[0]).toMatchObject({ role: "system" });
    expect(request.messages[0]!.content).toContain("Answer ONLY from the numbered sources");
    expect(request.messages.at(-1)!.content).toContain("Question: What is the timely filing limit?");
    expect(request.messages.at(-1)!.content).toContain("2.1 Timely Filing. Provider shall submit claims within ninety (90) days after the date of service.");
    // Only passages that address the question are given: nothing about termination.
    expect(request.messages.at(-1)!.content).not.toContain("without cause");
  });

  it("discloses a citation the model invented instead of dropping it silently", async () => {
    model.respondWith({ kind: "stream", pieces: () => ['- Claims are due "within fifteen (15) days of service" [1]'] });
    const { message } = await askModel("What is the timely filing limit?");
    expect(message!.metadata).toMatchObject({ droppedCitations: 1, addressed: true });
    expect(message!.content).toContain('- Claims are due "within fifteen (15) days of service" _(This point could not be verified against the document.)_');
  });

  it("does not let a model answer a question the document does not address: it says so, without asking the model", async () => {
    model.respondWith({ kind: "stream", pieces: () => ['- Yes, a two-year non-compete applies: "Provider shall not compete" [1]'] });
    const asked = model.requests.length;
    const { message } = await askModel("Is a party restricted from competing with the other party?");
    expect(model.requests.length).toBe(asked);
    expect(message!.metadata).toMatchObject({ addressed: false, droppedCitations: 0 });
    expect(message!.content).toMatch(
      /^\*\*Answer\*\*\n\n- This contract does not appear to address whether a party is restricted from competing with the other party\./,
    );
    expect(message!.content).not.toContain("two-year");
  });

  it("keeps a model's own 'does not appear to address' as what it is", async () => {
    model.respondWith({ kind: "stream", pieces: () => ["- This contract does not appear to address a separate Medicaid filing limit."] });
    const { message } = await askModel("What is the timely filing limit?");
    expect(message!.metadata).toMatchObject({ addressed: false });
  });

  it("gives the model the conversation so far for a follow-up", async () => {
    model.respondWith({ kind: "stream", pieces: () => ["- It is 120 days [1]"] });
    const first = await askModel("How can the contract be terminated?");
    await owner
      .post("/api/chat/messages", { documentId: contract.id, sessionId: first.session.id, question: "And how much notice?" })
      .then((response) => response.text());
    const request = model.requests.at(-1)!;
    expect(request.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(request.messages[1]!.content).toBe("How can the contract be terminated?");
  });

  it.each([
    {
      name: "a server error",
      behaviour: { kind: "error", status: 500, message: "model crashed" } as const,
      says: "The language model answered with an error (HTTP 500).",
    },
    { name: "a model that never answers", behaviour: { kind: "hang" } as const, says: "The language model took too long to answer." },
    {
      name: "a connection dropped mid-answer",
      behaviour: { kind: "stream", pieces: () => ["- Partial ", "answer [1]"], failAfter: 1 } as const,
      says: "The language model could not be reached.",
    },
    { name: "an empty answer", behaviour: { kind: "stream", pieces: () => [] } as const, says: "The language model returned an empty answer." },
  ])("reports $name and stores no half-written answer", async ({ behaviour, says }) => {
    model.respondWith(behaviour);
    const { session, message, error } = await askModel("What is the term of the agreement?");
    expect(message).toBeUndefined();
    expect(error).toMatchObject({ type: "error", code: "model_failed", message: says });
    expect((await storedMessages(session.id)).map((stored) => stored.role)).toEqual(["user"]);
  });
});
