import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatSessionSummary } from "../../src/shared/contracts/chat";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signedUpClient } from "../support/accounts";
import { readEvents } from "../support/chat";
import { payerContractPdf } from "../support/documents/payer-contract";
import { processedDocument } from "../support/documents/processing";
import type { HttpClient } from "../support/http-client";
import { readPdfText } from "../support/pdf-text";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let contract: DocumentSummary;
let session: ChatSessionSummary;

async function ask(body: { documentId: string; sessionId?: string; question: string }): Promise<ChatSessionSummary> {
  const events = await readEvents(await owner.post("/api/chat/messages", body));
  expect(events.at(-1)!.type).toBe("done");
  const first = events[0]!;
  if (first.type !== "session") throw new Error("the answer stream did not start with its session");
  return first.session;
}

const exportOf = (client: HttpClient, format: string, id = session.id) => client.get(`/api/chat/sessions/${id}/export?format=${format}`);

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  owner = await signedUpClient(testApp);
  stranger = await signedUpClient(testApp);
  contract = await processedDocument(testApp, owner, "Blue Valley Provider Agreement.pdf", payerContractPdf());
  session = await ask({ documentId: contract.id, question: "How long do we have to file claims?" });
  await ask({ documentId: contract.id, sessionId: session.id, question: "What about for Medicaid?" });
}, 60_000);
afterAll(() => testApp.close());

describe("GET /api/chat/sessions/:id/export", () => {
  it("gives the owner the conversation as Markdown, each answer's citations written out with clause, page and quote", async () => {
    const response = await exportOf(owner, "markdown");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="How long do we have to file claims.md"; filename*=UTF-8''How%20long%20do%20we%20have%20to%20file%20claims.md`,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const markdown = await response.text();

    expect(markdown).toMatch(
      /^# How long do we have to file claims\n\nConversation about Blue Valley Provider Agreement\.pdf, exported [A-Z][a-z]+ \d{1,2}, \d{4}\.\n/,
    );
    const sections = markdown.match(/^## .+$/gm)!;
    expect(sections.map((heading) => heading.replace(/ \(.+\)$/, ""))).toEqual(["## Question", "## Answer", "## Question", "## Answer"]);
    expect(sections[0]).toMatch(/^## Question \([A-Z][a-z]+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC\)$/);
    expect(markdown).toContain("How long do we have to file claims?");
    expect(markdown).toContain("What about for Medicaid?");
    expect(markdown).toMatch(/## Answer \(.+\)\n\n- \*\*90 days from the date of service\*\* \(2\.1 Timely Filing, page 2\)/);
    expect(markdown).not.toContain("**Answer**");
    expect(markdown).toMatch(/\*\*Citations\*\*\n\n1\. 2\.1 Timely Filing, page 2: “[^”]*ninety \(90\) days[^”]*”/);
    expect(markdown).toMatch(/\n\d\. 2\.2 [^\n]*, page \d+: “[^”]*one hundred eighty \(180\) days/);
    // The app's citation links do not open outside it: none is written.
    expect(markdown).not.toContain("/app/documents/");
  });

  it("gives the owner the conversation as a PDF with the same questions, answers and citations", async () => {
    const response = await exportOf(owner, "pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="How long do we have to file claims\.pdf"/);
    const { title, pages } = await readPdfText(new Uint8Array(await response.arrayBuffer()));
    const text = pages.join(" ");

    expect(title).toBe("How long do we have to file claims");
    expect(text).toContain("Conversation about Blue Valley Provider Agreement.pdf");
    expect(text).toContain("How long do we have to file claims?");
    expect(text).toContain("What about for Medicaid?");
    expect(text).toContain("• 90 days from the date of service (2.1 Timely Filing, page 2)");
    expect(text).not.toContain("**");
    expect(text.match(/Answer/g)).toHaveLength(2);
    expect(text).toMatch(/1\. 2\.1 Timely Filing, page 2 “[^”]*ninety \(90\) days/);
    expect(text).toContain("one hundred eighty (180) days");
  });

  it("is not found for anyone else, in either format, and for a conversation that does not exist", async () => {
    for (const format of ["markdown", "pdf"]) {
      const response = await exportOf(stranger, format);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "not_found", message: "Conversation not found." } });
    }
    expect((await exportOf(owner, "pdf", "3f1f5d1e-7a77-4c53-9f63-4d8c1f0e2b10")).status).toBe(404);
    expect((await exportOf(owner, "pdf", "not-an-id")).status).toBe(404);
  });

  it("refuses a format it does not write, with a clear message", async () => {
    for (const path of [`/api/chat/sessions/${session.id}/export?format=docx`, `/api/chat/sessions/${session.id}/export`]) {
      const response = await owner.get(path);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ error: { code: "validation_failed", message: "Choose Markdown or PDF to download the conversation." } });
    }
  });

  it("names the file from the title without path separators, quotes or other unsafe characters", async () => {
    const renamed = await owner.request(`/api/chat/sessions/${session.id}`, { method: "PATCH", json: { title: '../Claims / "Q3" <review>: ok? Ünïcode' } });
    expect(renamed.status).toBe(200);
    const response = await exportOf(owner, "pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Claims Q3 review ok _n_code.pdf"; filename*=UTF-8''Claims%20Q3%20review%20ok%20%C3%9Cn%C3%AFcode.pdf`,
    );
  });
});
