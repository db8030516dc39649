import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeQuery } from "../../src/core/rag/query-analysis";
import type { ChatMessage, ChatSessionDetail, ChatStreamEvent } from "../../src/shared/contracts/chat";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signedUpClient } from "../support/accounts";
import { readyFactSheet } from "../support/fact-sheets";
import { parseEvents } from "../support/chat";
import { payerContractPages } from "../support/documents/payer-contract";
import { buildPdf } from "../support/documents/test-fixtures";
import { processedDocument } from "../support/documents/processing";
import type { HttpClient } from "../support/http-client";
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "../support/openai-compatible-server";
import { createTestApp, type TestApp } from "../support/test-app";

/** A page of our own with terms no fact-sheet field reads. */
const generalProvisions = {
  lines: [
    { text: "ARTICLE 4 GENERAL PROVISIONS", x: 72, y: 730 },
    { text: "4.1 Confidentiality. Each party shall keep the other's business information", x: 72, y: 710 },
    { text: "confidential for three (3) years after this Agreement ends.", x: 72, y: 696 },
    { text: "4.2 Notices. Notices under this Agreement are sent by certified mail to the", x: 72, y: 676 },
    { text: "addresses on the signature page.", x: 72, y: 662 },
  ],
};

/** A page of our own saying where appeals go: something about a sheet term that its value does not settle. */
const appealsDesk = {
  lines: [
    { text: "ARTICLE 5 APPEALS PROCEDURE", x: 72, y: 730 },
    { text: "5.1 Appeals Unit. Provider sends each appeal of a denied claim in writing to", x: 72, y: 710 },
    { text: "the Plan's Appeals Unit at the address on the signature page.", x: 72, y: 696 },
  ],
};

let model: OpenAiCompatibleServer;
let testApp: TestApp;
let owner: HttpClient;
let contract: DocumentSummary;

beforeAll(async () => {
  model = await startOpenAiCompatibleServer();
  // Long enough that a loaded CI machine's answer is not taken for a hang (1.5 s was, once), short enough for the hang test.
  testApp = await createTestApp({
    env: { BILLING: "off", LLM_PROVIDER: "openai-compatible", LLM_MODEL: "contract-model", LLM_BASE_URL: model.baseUrl, LLM_TIMEOUT_MS: "5000" },
  });
  owner = await signedUpClient(testApp);
  contract = await processedDocument(testApp, owner, "Blue Valley Provider Agreement.pdf", buildPdf([...payerContractPages, generalProvisions, appealsDesk]));
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

/** A question no fact-sheet field reads, so a model writes its answer. */
const CONFIDENTIALITY = "What does the agreement say about keeping business information confidential?";

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
        const secrecy = sourceNumberOf(prompt, "4.1");
        return [
          "- Each side keeps the other's business information confidential ",
          `for three years after the agreement ends: "confidential for three (3) years" [${secrecy}]`,
        ];
      },
    });
    const response = await owner.post("/api/chat/messages", { documentId: contract.id, question: CONFIDENTIALITY });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = "";
    while (!received.includes('"type":"delta"')) received += (await reader.read()).value ?? "";
    // The first words reached us while the model was still holding back the rest.
    expect(received).toContain("keeps the other's business information confidential");
    release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += chunk.value;

    const events = parseEvents(received);
    const done = events.at(-1)!;
    expect(done.type).toBe("done");
    const message = (done as Extract<ChatStreamEvent, { type: "done" }>).message;
    expect(message.metadata).toMatchObject({ answeredBy: "openai-compatible:contract-model", droppedCitations: 0, outcome: "answer" });
    expect(message.content).toContain('three years after the agreement ends: "confidential for three (3) years" [1]');
    expect(message.content).toContain("1. [4.1 Confidentiality, page 4]");

    const request = model.requests.at(-1)!;
    expect(request.model).toBe("contract-model");
    expect(request.messages[0]).toMatchObject({ role: "system" });
    expect(request.messages[0]!.content).toContain("Answer ONLY from the numbered sources");
    expect(request.messages.at(-1)!.content).toContain(`Question: ${CONFIDENTIALITY}`);
    expect(request.messages.at(-1)!.content).toContain("4.1 Confidentiality. Each party shall keep the other's business information confidential");
    // Only passages that address the question are given: nothing about termination.
    expect(request.messages.at(-1)!.content).not.toContain("without cause");
  });

  // What the model verified is shown as the closest; where it verified nothing, the passage the reply without the model chose.
  it.each([
    ["a citation the model invented", '- Information stays secret "for fifteen (15) years after signing" [1]', 1],
    ["a source it was never given", "- Confidentiality lasts three years [9]", 1],
    ["a figure its quote does not state", '- Confidentiality lasts five years: "confidential for three (3) years" [1]', 0],
  ])("shows the closest passages, not the model's answer, when it asserts what the contract does not say: %s", async (_, answer, dropped) => {
    model.respondWith({ kind: "stream", pieces: () => [answer] });
    const { message } = await askModel(CONFIDENTIALITY);
    expect(message!.metadata).toMatchObject({ outcome: "closest", droppedCitations: dropped });
    expect(message!.content).toMatch(
      /^\*\*Closest passages\*\*\n\nI could not confirm an answer in this contract\. The closest clauses are:\n\n- 4\.1 Confidentiality \(page 4\): “[^”]*confidential for three \(3\) years/,
    );
    expect(message!.content).not.toMatch(/fifteen|five years|lasts three/);
    expect("citations" in message!.metadata && message!.metadata.citations).toHaveLength(1);
  });

  it("answers a term the fact sheet reads from the sheet, without asking the model", async () => {
    const asked = model.requests.length;
    const { message } = await askModel("What is the timely filing limit?");
    expect(model.requests.length).toBe(asked);
    expect(message!.metadata).toMatchObject({ answeredBy: "extractive", outcome: "answer" });
    expect(message!.content).toContain("- **90 days from the date of service** (2.1 Timely Filing, page 2)");
  });

  it("asks the model a question about a sheet term that the term's value does not settle, and verifies its answer", async () => {
    const question = "Where do we send an appeal of a denied claim?";
    // What this case is about: a sure route to the appeal term, read as asking something other than its window.
    const analyzed = analyzeQuery(question);
    expect([analyzed.kind?.id, analyzed.isKindSure, analyzed.asksForValue]).toEqual(["provider-appeal", true, false]);
    model.respondWith({
      kind: "stream",
      pieces: (request) => [
        `- To the plan's Appeals Unit: "sends each appeal of a denied claim in writing" [${sourceNumberOf(request.messages.at(-1)!.content, "5.1")}]`,
      ],
    });
    const asked = model.requests.length;
    const { message } = await askModel(question);
    expect(model.requests.length).toBe(asked + 1);
    expect(message!.metadata).toMatchObject({ answeredBy: "openai-compatible:contract-model", outcome: "answer", droppedCitations: 0 });
    expect(message!.content).toContain('"sends each appeal of a denied claim in writing" [1]');
    expect(message!.content).toContain("1. [5.1 Appeals Unit, page 5]");
  });

  it("does not let a model answer a question the document does not address: it says so, without asking the model", async () => {
    model.respondWith({ kind: "stream", pieces: () => ['- Records are kept for ten years: "Provider shall keep records" [1]'] });
    const asked = model.requests.length;
    const { message } = await askModel("How many years must medical records be kept?");
    expect(model.requests.length).toBe(asked);
    expect(message!.metadata).toMatchObject({ addressed: false, outcome: "not-addressed", droppedCitations: 0 });
    expect(message!.content).toMatch(/^\*\*Not addressed\*\*\n\n- This contract does not appear to address how long records must be kept\./);
    expect(message!.content).not.toContain("ten years");
  });

  it("keeps a model's own 'does not appear to address' as what it is", async () => {
    model.respondWith({ kind: "stream", pieces: () => ["- This contract does not appear to address how long confidentiality lasts."] });
    const { message } = await askModel(CONFIDENTIALITY);
    expect(message!.metadata).toMatchObject({ addressed: false, outcome: "not-addressed" });
  });

  it("gives the model the conversation so far for a follow-up", async () => {
    model.respondWith({ kind: "stream", pieces: () => ["- It lasts three years [1]"] });
    const first = await askModel(CONFIDENTIALITY);
    await owner
      .post("/api/chat/messages", { documentId: contract.id, sessionId: first.session.id, question: "And for how long?" })
      .then((response) => response.text());
    const request = model.requests.at(-1)!;
    expect(request.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(request.messages[1]!.content).toBe(CONFIDENTIALITY);
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
    const { session, message, error } = await askModel(CONFIDENTIALITY);
    expect(message).toBeUndefined();
    expect(error).toMatchObject({ type: "error", code: "model_failed", message: says });
    expect((await storedMessages(session.id)).map((stored) => stored.role)).toEqual(["user"]);
  });
});
