import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages, chatSessions } from "../../src/server/db/schema/index";
import type { ChatMessage, ChatSessionDetail, ChatSessionSummary, SearchPassage } from "../../src/shared/contracts/chat";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signedUpClient } from "../support/accounts";
import { whileAuditRefuses } from "../support/audit";
import { HttpClient } from "../support/http-client";
import { readEvents } from "../support/chat";
import { payerContractPages, payerContractPdf } from "../support/documents/payer-contract";
import { buildPdf } from "../support/documents/test-fixtures";
import { processedDocument } from "../support/documents/processing";

import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let contract: DocumentSummary;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  owner = await signedUpClient(testApp);
  stranger = await signedUpClient(testApp);
  contract = await processedDocument(testApp, owner, "Blue Valley Provider Agreement.pdf", payerContractPdf());
}, 60_000);
afterAll(() => testApp.close());

async function ask(client: HttpClient, body: { documentId: string; sessionId?: string; question: string }) {
  const response = await client.post("/api/chat/messages", body);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/x-ndjson");
  const events = await readEvents(response);
  const session = events.find((event) => event.type === "session");
  const done = events.find((event) => event.type === "done");
  return { events, session: session?.type === "session" ? session.session : undefined, message: done?.type === "done" ? done.message : undefined };
}

const citationsOf = (message: ChatMessage | undefined) => (message?.metadata && "citations" in message.metadata ? message.metadata.citations : []);

describe("asking about a document (extractive answerer)", () => {
  let sessionId: string;

  it("streams a session, the answer as it is written, then the stored message with verified citations", async () => {
    const { events, session, message } = await ask(owner, { documentId: contract.id, question: "How long do we have to file claims?" });
    expect(events[0]!.type).toBe("session");
    expect(events.filter((event) => event.type === "delta").length).toBeGreaterThan(1);
    expect(events.at(-1)!.type).toBe("done");
    const streamed = events.flatMap((event) => (event.type === "delta" ? [event.text] : [])).join("");
    expect(streamed).toBe(message!.content);

    expect(session).toMatchObject({
      title: "How long do we have to file claims",
      documentId: contract.id,
      documentFilename: "Blue Valley Provider Agreement.pdf",
    });
    sessionId = session!.id;
    expect(message!.content).toMatch(/^\*\*Answer\*\*\n\n- /);
    expect(message!.content).toContain("**Citations**");
    const citations = citationsOf(message);
    expect(citations[0]).toMatchObject({ clauseNumber: "2.1", page: 2 });
    expect(citations[0]!.quote).toContain("ninety (90) days");
    expect(message!.content).toContain("- **90 days from the date of service** (2.1 Timely Filing, page 2)");
    expect(message!.content).toContain(`/app/documents/${contract.id}?page=2&q=`);
    expect(message!.metadata).toMatchObject({ answeredBy: "extractive", droppedCitations: 0 });

    const pages = (await (await owner.get(`/api/documents/${contract.id}/pages`)).json()) as { pages: { pageNumber: number; text: string }[] };
    const page = pages.pages.find((candidate) => candidate.pageNumber === citations[0]!.page)!;
    expect(page.text.slice(citations[0]!.startOffset, citations[0]!.endOffset).replace(/\s+/g, " ")).toContain("ninety (90) days");
  });

  it("answers a follow-up in the context of the conversation", async () => {
    const { session, message } = await ask(owner, { documentId: contract.id, sessionId, question: "What about for Medicaid?" });
    expect(session!.id).toBe(sessionId);
    expect(citationsOf(message).map((citation) => citation.clauseNumber)).toContain("2.2");
    expect(message!.content).toContain("one hundred eighty (180) days");

    const detail = (await (await owner.get(`/api/chat/sessions/${sessionId}`)).json()) as ChatSessionDetail;
    expect(detail.messages.map((stored) => [stored.role, stored.sequenceNumber])).toEqual([
      ["user", 1],
      ["assistant", 2],
      ["user", 3],
      ["assistant", 4],
    ]);
    expect(detail.session.messageCount).toBe(4);
  });

  it("says so when the contract does not address the question, with no answer bullets", async () => {
    const { message } = await ask(owner, { documentId: contract.id, question: "How many years must medical records be kept?" });
    expect(message!.content).toMatch(/^\*\*Not addressed\*\*\n\n- This contract does not appear to address how long records must be kept\.\n/);
    expect(message!.metadata).toMatchObject({ addressed: false, outcome: "not-addressed" });
  });

  it("answers the timely filing limit with the number first, and says a contract without one does not address it", async () => {
    const { message } = await ask(owner, { documentId: contract.id, question: "What is the timely filing limit?" });
    // Every value the fact sheet reads, each with the product line it is for.
    expect(message!.content).toMatch(
      /^\*\*Answer\*\*\n\n- \*\*90 days from the date of service\*\* \(2\.1 Timely Filing, page 2\): “Provider shall submit claims within ninety \(90\) days after the date of service\.” \[1\]\n- \*\*180 days from the date of service — Medicaid\*\* \(2\.2 Medicaid Members, page 2\)/,
    );

    const withoutFiling = await processedDocument(testApp, owner, "Lakeside Agreement.pdf", buildPdf(payerContractPages.filter((_, index) => index !== 1)));
    const { message: none } = await ask(owner, { documentId: withoutFiling.id, question: "What is the timely filing limit?" });
    expect(none!.content).toMatch(/^\*\*Not addressed\*\*\n\n- This contract does not appear to address the timely filing limit for claims\.\n/);
    expect(none!.metadata).toMatchObject({ addressed: false, outcome: "not-addressed", droppedCitations: 0 });
    expect(none!.content).not.toMatch(/\n- \*\*\d+ days\*\*/);
  });

  it("lists the user's sessions, newest first, with the source filename", async () => {
    const { sessions } = (await (await owner.get("/api/chat/sessions")).json()) as { sessions: ChatSessionSummary[] };
    expect(sessions.map((session) => session.title)).toEqual([
      "What is the timely filing limit",
      "What is the timely filing limit",
      "How many years must medical records be...",
      "How long do we have to file claims",
    ]);
    expect(sessions[0]).toMatchObject({ documentFilename: "Lakeside Agreement.pdf" });
    expect(sessions[3]).toMatchObject({ documentFilename: "Blue Valley Provider Agreement.pdf", messageCount: 4 });
    const theirs = (await (await stranger.get("/api/chat/sessions")).json()) as { sessions: ChatSessionSummary[] };
    expect(theirs.sessions).toEqual([]);
  });

  it("renames a session; an empty title is refused and changes nothing", async () => {
    const renamed = await owner.request(`/api/chat/sessions/${sessionId}`, { method: "PATCH", json: { title: "  Claims deadlines " } });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { session: ChatSessionSummary }).session.title).toBe("Claims deadlines");
    const empty = await owner.request(`/api/chat/sessions/${sessionId}`, { method: "PATCH", json: { title: "   " } });
    expect(empty.status).toBe(422);
    const detail = (await (await owner.get(`/api/chat/sessions/${sessionId}`)).json()) as ChatSessionDetail;
    expect(detail.session.title).toBe("Claims deadlines");
  });
});

describe("storing messages", () => {
  it("numbers questions asked at once in one conversation one after the other, none lost", async () => {
    const { session } = await ask(owner, { documentId: contract.id, question: "What is the term of the agreement?" });
    const followUps = ["And the renewal?", "And termination?", "And notice?"];
    await Promise.all(followUps.map((question) => ask(owner, { documentId: contract.id, sessionId: session!.id, question })));
    const stored = await testApp.database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, session!.id));
    expect(stored.map((message) => message.sequenceNumber).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(stored.filter((message) => message.role === "user").map((message) => message.content)).toEqual(
      expect.arrayContaining(["What is the term of the agreement?", ...followUps]),
    );
    const [row] = await testApp.database.db.select().from(chatSessions).where(eq(chatSessions.id, session!.id));
    expect(row!.messageCount).toBe(8);
  });

  it("stores a question only with its audit event: when the event cannot be recorded, neither the conversation nor the question is kept", async () => {
    const { db } = testApp.database;
    const sessionsBefore = (await db.select().from(chatSessions)).length;
    const refused = await whileAuditRefuses(testApp, "chat.question-asked", () =>
      owner.post("/api/chat/messages", { documentId: contract.id, question: "Who may amend this agreement?" }),
    );
    expect(refused.status).toBe(500);
    expect((await db.select().from(chatSessions)).length).toBe(sessionsBefore);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.content, "Who may amend this agreement?"))).toEqual([]);
  });
});

describe("search within a document", () => {
  it("returns ranked passages with clause, heading and pages, through the chat's retrieval", async () => {
    const response = await owner.get(`/api/documents/${contract.id}/search?q=${encodeURIComponent("cancel the contract")}`);
    expect(response.status).toBe(200);
    const { passages } = (await response.json()) as { passages: SearchPassage[] };
    expect(passages[0]).toMatchObject({ pageStart: 3, headingPath: ["Article 3 TERM AND TERMINATION"] });
    expect(passages[0]!.text).toContain("3.2 Termination Without Cause");
    expect(passages.reduce((sum, passage) => sum + passage.text.length, 0)).toBeLessThanOrEqual(6000);
    expect(passages.length).toBeLessThanOrEqual(5);
  });

  it("finds a short clause merged into its neighbours' passage by its own heading", async () => {
    const response = await owner.get(`/api/documents/${contract.id}/search?q=${encodeURIComponent("Medicaid Members")}`);
    const { passages } = (await response.json()) as { passages: SearchPassage[] };
    expect(passages[0]!.text).toContain("2.2 Medicaid Members. For Medicaid members");
    expect(passages[0]!.text).toContain("2.1 Timely Filing");
  });

  it("answers a question about the agreement's date from its opening, not from the contents page before it", async () => {
    const line = (text: string, y: number) => ({ text, x: 72, y });
    const sections = ["Definitions", "Services", "Payment", "Term", "Notices", "Records", "Insurance", "Confidentiality"];
    const contents = sections.map((title, index) => line(`${index + 1}. ${title} ${".".repeat(60)} ${index + 2}`, 710 - index * 20));
    const clause = (title: string, index: number) => [
      `${index + 1}. ${title}. The parties agree to the terms of this section on ${title.toLowerCase()} as set out below.`,
      `Each party shall perform its duties under this section in good faith and with reasonable care.`,
      `A party that cannot perform shall tell the other party in writing within ten (10) business days.`,
    ];
    const body = sections.flatMap(clause);
    const pdf = buildPdf([
      { lines: [line("TABLE OF CONTENTS", 740), ...contents] },
      {
        lines: [
          line("SERVICES AGREEMENT", 740),
          line("This Services Agreement is made on the 3rd day of March, 2025, between", 710),
          line("Lakeside Pediatrics, P.C. and Northwind Billing Services, Inc.", 696),
          ...body.slice(0, 12).map((text, index) => line(text, 670 - index * 20)),
        ],
      },
      { lines: body.slice(12).map((text, index) => line(text, 740 - index * 20)) },
    ]);
    const opened = await processedDocument(testApp, owner, "Services Agreement With Contents.pdf", pdf);
    const response = await owner.get(`/api/documents/${opened.id}/search?q=${encodeURIComponent("What is the date of this agreement?")}`);
    const { passages } = (await response.json()) as { passages: SearchPassage[] };
    expect(passages[0]!.headingPath).toEqual(["SERVICES AGREEMENT"]);
    expect(passages[0]!.text).toContain("made on the 3rd day of March, 2025");
    expect(passages[0]!.text).not.toContain("TABLE OF CONTENTS");
  });

  it.each([
    ["an empty query", "", 422],
    ["a query over 500 characters", "x".repeat(501), 422],
  ])("refuses %s", async (_, query, status) => {
    expect((await owner.get(`/api/documents/${contract.id}/search?q=${query}`)).status).toBe(status);
  });
});

describe("opening a document in the chat", () => {
  it("has the server read it ahead of the first question, for its owner only and once it is processed", async () => {
    expect((await owner.post(`/api/chat/documents/${contract.id}/preparation`)).status).toBe(204);
    const stranger404 = await stranger.post(`/api/chat/documents/${contract.id}/preparation`);
    expect(stranger404.status).toBe(404);
    expect(await stranger404.json()).toMatchObject({ error: { code: "not_found", message: "Document not found." } });
    expect((await owner.post("/api/chat/documents/not-a-document/preparation")).status).toBe(404);
    const upload = await owner.upload("/api/documents", "Still Processing.pdf", payerContractPdf("still processing"));
    const { document } = (await upload.json()) as { document: DocumentSummary };
    expect((await owner.post(`/api/chat/documents/${document.id}/preparation`)).status).toBe(409);
  });
});

describe("other people's documents and conversations", () => {
  it("refuses to answer about another user's document, and stores nothing", async () => {
    const response = await stranger.post("/api/chat/messages", { documentId: contract.id, question: "What is the timely filing limit?" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "not_found", message: "Document not found." } });
    const { sessions } = (await (await stranger.get("/api/chat/sessions")).json()) as { sessions: ChatSessionSummary[] };
    expect(sessions).toEqual([]);
  });

  it("hides a session from everyone but its owner", async () => {
    const [session] = await testApp.container.db.select().from(chatSessions).limit(1);
    for (const response of [
      await stranger.get(`/api/chat/sessions/${session!.id}`),
      await stranger.request(`/api/chat/sessions/${session!.id}`, { method: "PATCH", json: { title: "Mine now" } }),
      await stranger.request(`/api/chat/sessions/${session!.id}`, { method: "DELETE" }),
      await stranger.get(`/api/documents/${contract.id}/search?q=termination`),
    ]) {
      expect(response.status).toBe(404);
    }
    const theirs = await processedDocument(testApp, stranger, "Other Plan Agreement.pdf", payerContractPdf("stranger"));
    const intoOwners = await stranger.post("/api/chat/messages", { documentId: theirs.id, sessionId: session!.id, question: "Is it renewable?" });
    expect(intoOwners.status).toBe(404);
    const [unchanged] = await testApp.container.db.select().from(chatSessions).where(eq(chatSessions.id, session!.id));
    expect(unchanged!.title).toBe(session!.title);
  });

  it("refuses a signed-out visitor", async () => {
    const response = await testApp.app.request("/api/chat/sessions");
    expect(response.status).toBe(401);
  });
});

describe("bad questions change nothing", () => {
  it.each([
    ["a blank question", () => ({ documentId: contract.id, question: "   " }), 422],
    ["no document", () => ({ question: "What is the term?" }), 422],
    ["a question over 2,000 characters", () => ({ documentId: contract.id, question: "x".repeat(2001) }), 422],
    ["an unknown session", () => ({ documentId: contract.id, sessionId: "00000000-0000-4000-8000-000000000000", question: "Term?" }), 404],
  ])("refuses %s", async (_, body, status) => {
    const before = await testApp.container.db.select().from(chatMessages);
    const response = await owner.post("/api/chat/messages", body());
    expect(response.status).toBe(status);
    expect(await testApp.container.db.select().from(chatMessages)).toHaveLength(before.length);
  });

  it("refuses malformed JSON", async () => {
    const response = await owner.request("/api/chat/messages", { method: "POST", headers: { "Content-Type": "application/json" }, json: undefined });
    expect([400, 422]).toContain(response.status);
  });

  it("refuses a document that is not processed yet", async () => {
    const upload = await owner.upload("/api/documents", "Unprocessed.pdf", payerContractPdf("unprocessed"));
    const { document } = (await upload.json()) as { document: DocumentSummary };
    const response = await owner.post("/api/chat/messages", { documentId: document.id, question: "What is the term?" });
    expect(response.status).toBe(409);
  });

  it("refuses a session that belongs to another document", async () => {
    const other = await processedDocument(testApp, owner, "Second Agreement.pdf", payerContractPdf("second"));
    const [session] = await testApp.container.db.select().from(chatSessions).where(eq(chatSessions.documentId, contract.id)).limit(1);
    const response = await owner.post("/api/chat/messages", { documentId: other.id, sessionId: session!.id, question: "Term?" });
    expect(response.status).toBe(422);
  });
});

describe("deleting", () => {
  it("deletes a session with its messages", async () => {
    const { session } = await ask(owner, { documentId: contract.id, question: "Who are the parties?" });
    const response = await owner.request(`/api/chat/sessions/${session!.id}`, { method: "DELETE" });
    expect(response.status).toBe(204);
    expect((await owner.get(`/api/chat/sessions/${session!.id}`)).status).toBe(404);
    expect(await testApp.container.db.select().from(chatMessages).where(eq(chatMessages.sessionId, session!.id))).toEqual([]);
  });

  it("removes a document's conversations when the document is deleted", async () => {
    const doomed = await processedDocument(testApp, owner, "Doomed Agreement.pdf", payerContractPdf("doomed"));
    const { session } = await ask(owner, { documentId: doomed.id, question: "What is the term?" });
    expect((await owner.request(`/api/documents/${doomed.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await testApp.container.db.select().from(chatSessions).where(eq(chatSessions.id, session!.id))).toEqual([]);
  });
});

describe("document and question text in answers", () => {
  it("is escaped, so a contract's markdown cannot add a picture or a link to a verified citation", async () => {
    const reader = await signedUpClient(testApp);
    const hostile = buildPdf([
      {
        lines: [
          { text: "4.1 Records. Provider shall keep its records for six (6) years; see ![x](http://host/b.png)", x: 72, y: 710 },
          { text: "and [verify your account](https://evil.example/login) for the retention schedule.", x: 72, y: 696 },
        ],
      },
    ]);
    const document = await processedDocument(testApp, reader, "Hostile.pdf", hostile);
    const { message } = await ask(reader, { documentId: document.id, question: "How long must records be kept?" });
    expect(message!.content).toContain("\\!\\[x\\](http\\://host/b.png)");
    expect(message!.content).toContain("\\[verify your account\\](https\\://evil.example/login)");
    expect(message!.content).not.toMatch(/(?<!\\)!\[x\]|(?<!\\)\[verify your account\]/);

    const { message: nothing } = await ask(reader, { documentId: document.id, question: "[click](https://evil.example)?" });
    expect(nothing!.content).not.toContain("[click](https");
  });
});

describe("text with a NUL character", () => {
  it("is refused with 422 and changes nothing, wherever it is sent", async () => {
    const nul = "\u0000";
    const writer = await signedUpClient(testApp);
    const cases = [
      () => writer.post("/api/chat/messages", { documentId: contract.id, question: `What is${nul} the term?` }),
      () => writer.request("/api/auth/update-user", { method: "POST", json: { name: `Ana${nul}` } }),
      () => new HttpClient(testApp).post("/api/auth/sign-up/email", { email: `nul${nul}@clinic.example`, password: "long enough password", name: "N" }),
      () => writer.get(`/api/documents/${contract.id}/search?q=term%00`),
    ];
    for (const send of cases) {
      const response = await send();
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ error: { code: "validation_failed", message: "Text cannot contain the NUL character (\\0)." } });
    }
    const { sessions } = (await (await writer.get("/api/chat/sessions")).json()) as { sessions: ChatSessionSummary[] };
    expect(sessions).toEqual([]);
  });
});
