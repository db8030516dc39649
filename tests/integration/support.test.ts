import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../../src/server/adapters/mail/mailer";
import { rateLimitCounters, supportRequests } from "../../src/server/db/schema/index";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import type { MeResponse } from "../../src/shared/contracts/me";
import { supportRequestResponseSchema, type FeedbackRequest, type HelpRequest, type ProblemReportRequest } from "../../src/shared/contracts/support";
import type { ErrorBody } from "../../src/shared/errors";
import { signedUpClient, uniqueTestEmail, type EmailedCode } from "../support/accounts";
import { readEvents } from "../support/chat";
import { payerContractPdf } from "../support/documents/payer-contract";
import { processedDocument } from "../support/documents/processing";
import { listEmailJobs, retryEmailNow, unusedPort } from "../support/email-jobs";
import type { HttpClient } from "../support/http-client";
import { codeAndLinkOf } from "../support/outbox";
import { decodeQuotedPrintable, startSmtpServer, type ReceivedMessage } from "../support/smtp-server";
import { createTestApp, type TestApp } from "../support/test-app";

const SUPPORT_EMAIL = "help-desk@practice.example";
const PUBLIC_URL = "http://localhost:3000";

type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** Sign-up codes arrive at the SMTP test server once the app sends over SMTP. */
const codeOver =
  (smtp: SmtpServer): EmailedCode =>
  async (email) =>
    codeAndLinkOf(decodeQuotedPrintable((await smtp.messageTo(email)).raw)).code;

async function appOverSmtp(smtp: SmtpServer): Promise<TestApp> {
  const testApp = await createTestApp({ env: { SMTP_URL: smtp.url, SUPPORT_EMAIL, BILLING: "off", PUBLIC_URL } });
  testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
  return testApp;
}

async function userIdOf(client: HttpClient): Promise<string> {
  return ((await (await client.get("/api/me")).json()) as MeResponse).user.id;
}

/** The message the support inbox received for one stored request, decoded; its text part, then its HTML part. */
async function deliveredRequest(smtp: SmtpServer, requestId: string): Promise<{ message: ReceivedMessage; text: string; html: string }> {
  let delivered: ReceivedMessage | undefined;
  await expect.poll(() => (delivered = smtp.messages.find((message) => decodeQuotedPrintable(message.raw).includes(`Request: ${requestId}`)))).toBeDefined();
  const [text = "", html = ""] = decodeQuotedPrintable(delivered!.raw)
    .replaceAll("\r\n", "\n")
    .split(/^Content-Type: text\/html.*$/m);
  return { message: delivered!, text, html };
}

async function sent(response: Response) {
  expect(response.status, await response.clone().text()).toBe(201);
  return supportRequestResponseSchema.parse(await response.json()).request;
}

async function refusal(response: Response) {
  return { status: response.status, ...(((await response.json()) as ErrorBody).error ?? {}) };
}

function storedRequest(testApp: TestApp, id: string) {
  return testApp.database.db.select().from(supportRequests).where(eq(supportRequests.id, id));
}

async function supportEmailJobs(testApp: TestApp) {
  return (await listEmailJobs(testApp)).filter((job) => (job.payload as MailMessage).to === SUPPORT_EMAIL);
}

describe("feedback, help requests and problem reports", () => {
  let smtp: SmtpServer;
  let testApp: TestApp;
  let owner: HttpClient;
  let ownerId: string;
  let stranger: HttpClient;
  let contract: DocumentSummary;
  let sessionId: string;
  let answerId: string;
  let questionId: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await appOverSmtp(smtp);
    owner = await signedUpClient(testApp, uniqueTestEmail("owner"), { emailedCode: codeOver(smtp) });
    ownerId = await userIdOf(owner);
    stranger = await signedUpClient(testApp, uniqueTestEmail("stranger"), { emailedCode: codeOver(smtp) });
    contract = await processedDocument(testApp, owner, "Blue Valley Provider Agreement.pdf", payerContractPdf());
    const events = await readEvents(await owner.post("/api/chat/messages", { documentId: contract.id, question: "How long do we have to file claims?" }));
    for (const event of events) {
      if (event.type === "session") [sessionId, questionId] = [event.session.id, event.userMessage.id];
      if (event.type === "done") answerId = event.message.id;
    }
  }, 90_000);
  afterAll(async () => {
    await testApp.close();
    await smtp.stop();
  });
  // Each test starts as if its senders had sent nothing for a day; the last one is about the limit.
  beforeEach(async () => {
    await testApp.database.db.delete(rateLimitCounters).where(like(rateLimitCounters.key, "support-user%"));
  });

  /** What a refused request must leave as it was: the requests, the support emails, and the sender's rate-limit counter. */
  async function traces() {
    const db = testApp.database.db;
    const [requests] = await db.select({ total: count() }).from(supportRequests);
    const counters = await db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `support-user:${ownerId}`));
    return { requests: requests!.total, emails: (await supportEmailJobs(testApp)).length, counters };
  }

  it("feedback is stored, and the worker emails it to SUPPORT_EMAIL with its category, message, contact email, user id and page", async () => {
    const body: FeedbackRequest = {
      category: "chat_quality",
      message: "The timely filing answer was spot on.\nThank you!",
      contactEmail: "office.manager@clinic.example",
      path: `/app/chat?session=${sessionId}&from=menu`,
    };
    const request = await sent(await owner.post("/api/support/feedback", body));
    expect(request.kind).toBe("feedback");
    expect(await storedRequest(testApp, request.id)).toEqual([
      expect.objectContaining({
        userId: ownerId,
        kind: "feedback",
        category: "chat_quality",
        message: body.message,
        contactEmail: body.contactEmail,
        path: body.path,
      }),
    ]);

    const { message, text } = await deliveredRequest(smtp, request.id);
    expect(message.to).toEqual([SUPPORT_EMAIL]);
    expect(text).toContain("Feedback: Chat quality\n\nThe timely filing answer was spot on.\nThank you!\n");
    expect(text).toContain("Category: Chat quality");
    expect(text).toContain("Contact email: office.manager@clinic.example");
    expect(text).toContain(`User id: ${ownerId}`);
    expect(text).toContain(`Page: ${PUBLIC_URL}/app/chat?session=${sessionId}&from=menu`);
  });

  it("a help request keeps its category and contact email, and feedback without a contact email says none was given", async () => {
    const help: HelpRequest = {
      category: "billing_credits",
      message: "Where do I buy one more credit?",
      contactEmail: "pat@clinic.example",
      path: "/app/documents",
    };
    const { text } = await deliveredRequest(smtp, (await sent(await owner.post("/api/support/help", help))).id);
    expect(text).toContain("Support request: Billing & credits\n\nWhere do I buy one more credit?");
    expect(text).toContain("Contact email: pat@clinic.example");
    expect(text).toContain(`Page: ${PUBLIC_URL}/app/documents`);

    const feedback: FeedbackRequest = { category: "idea", message: "Export answers to PDF.", path: "/app/documents" };
    const request = await sent(await owner.post("/api/support/feedback", feedback));
    expect((await storedRequest(testApp, request.id))[0]?.contactEmail).toBeNull();
    expect((await deliveredRequest(smtp, request.id)).text).toContain("Contact email: None given");
  });

  it("a problem report names the conversation, the answer and the answer's document", async () => {
    const report: ProblemReportRequest = { sessionId, messageId: answerId, message: "The quote is from page 3.", path: `/app/chat?session=${sessionId}` };
    const request = await sent(await owner.post("/api/support/problem-reports", report));
    expect(request.kind).toBe("problem_report");
    expect(await storedRequest(testApp, request.id)).toEqual([
      expect.objectContaining({ kind: "problem_report", category: null, chatSessionId: sessionId, chatMessageId: answerId, documentId: contract.id }),
    ]);
    const { text } = await deliveredRequest(smtp, request.id);
    expect(text).toContain("Problem report: Chat answer\n\nThe quote is from page 3.");
    expect(text).toContain(`Conversation: ${sessionId}\nAnswer: ${answerId}\nDocument: ${contract.id}\n`);
    expect(text).toContain(`User id: ${ownerId}`);
  });

  it("HTML typed in a message is stored as typed and reaches the inbox as text, never as markup", async () => {
    const typed = `<img src=x onerror="alert(1)"><a href="https://phish.example">Reset your password</a>`;
    const request = await sent(
      await owner.post("/api/support/help", { category: "other", message: typed, contactEmail: "", path: "/app/chat" } satisfies HelpRequest),
    );
    expect((await storedRequest(testApp, request.id))[0]?.message).toBe(typed);
    const { text, html } = await deliveredRequest(smtp, request.id);
    expect(text).toContain(typed);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;a href=&quot;https://phish.example&quot;&gt;");
    expect(html).not.toContain("<img");
    expect(html).not.toContain('href="https://phish.example"');
  });

  const feedback: FeedbackRequest = { category: "general", message: "Hello", contactEmail: "", path: "/app/documents" };
  it.each([
    ["a blank message", "/api/support/feedback", { ...feedback, message: "  \n " }, "Please share a bit about your feedback."],
    [
      "a help request without a message",
      "/api/support/help",
      { ...feedback, category: "other", message: undefined },
      "Please tell us what you need help with.",
    ],
    ["a message of 5,001 characters", "/api/support/feedback", { ...feedback, message: "x".repeat(5001) }, "Messages can be at most 5,000 characters."],
    ["a malformed contact email", "/api/support/feedback", { ...feedback, contactEmail: "pat at clinic" }, "Please enter a valid email address."],
    [
      "a contact email carrying a header",
      "/api/support/help",
      { ...feedback, category: "other", contactEmail: "pat@clinic.example\r\nBcc: everyone@clinic.example" },
      "Please enter a valid email address.",
    ],
    ["a category of the other dialog", "/api/support/help", { ...feedback, category: "idea" }, "Choose a category."],
    ["a page on another site", "/api/support/feedback", { ...feedback, path: "//phish.example/login" }, "Say which page this is about."],
    ["a problem report without its answer", "/api/support/problem-reports", { message: "Wrong", path: "/app/chat" }, "This answer was not found."],
  ])("%s is refused with a clear error, and nothing is stored, emailed or counted", async (_case, path, body, message) => {
    const before = await traces();
    expect(await refusal(await owner.post(path, body))).toMatchObject({ status: 422, code: "validation_failed", message });
    expect(await traces()).toEqual(before);
  });

  it("nobody can report another person's answer, or a question: not found either way, and nothing is stored", async () => {
    const report = (change: Partial<ProblemReportRequest>): ProblemReportRequest => ({
      sessionId,
      messageId: answerId,
      message: "Wrong",
      path: "/app/chat",
      ...change,
    });
    const requestsBefore = (await traces()).requests;
    const notFound = { status: 404, code: "not_found", message: "This answer was not found. It may have been deleted." };
    expect(await refusal(await stranger.post("/api/support/problem-reports", report({})))).toMatchObject(notFound);
    expect(await refusal(await owner.post("/api/support/problem-reports", report({ messageId: questionId })))).toMatchObject(notFound);
    expect(await refusal(await owner.post("/api/support/problem-reports", report({ sessionId: crypto.randomUUID() })))).toMatchObject(notFound);
    expect(await refusal(await owner.post("/api/support/problem-reports", report({ messageId: crypto.randomUUID() })))).toMatchObject(notFound);
    expect((await traces()).requests).toBe(requestsBefore);
    const strangerId = await userIdOf(stranger);
    expect(await testApp.database.db.select().from(supportRequests).where(eq(supportRequests.userId, strangerId))).toEqual([]);
  });

  it("sending is limited per person: the sixth request in ten minutes is refused with Retry-After and not stored, while others still send", async () => {
    const sender = await signedUpClient(testApp, uniqueTestEmail("repeater"), { emailedCode: codeOver(smtp) });
    const senderId = await userIdOf(sender);
    const same: FeedbackRequest = { category: "bug", message: "The upload button does nothing.", path: "/app/documents" };
    for (let send = 1; send <= 3; send++) await sent(await sender.post("/api/support/feedback", same));
    for (let send = 4; send <= 5; send++) await sent(await sender.post("/api/support/help", { ...same, category: "document_upload" }));

    const refused = await sender.post("/api/support/feedback", same);
    expect(refused.headers.get("Retry-After")).toMatch(/^[1-9]\d*$/);
    expect(await refusal(refused)).toMatchObject({ status: 429, code: "rate_limited", message: expect.stringMatching(/^Too many attempts\. Please wait/) });
    expect(await refusal(await sender.post("/api/support/help", { ...same, category: "other" }))).toMatchObject({ status: 429 });
    const stored = await testApp.database.db.select().from(supportRequests).where(eq(supportRequests.userId, senderId));
    expect(stored).toHaveLength(5);

    await sent(await stranger.post("/api/support/feedback", same));
  });
});

describe("an SMTP outage delays a support request, never loses it", () => {
  it("the request is stored at once, its email retried with backoff while the server is down, and delivered once it is up", async () => {
    const port = await unusedPort();
    const signUpServer = await startSmtpServer(port);
    const testApp = await appOverSmtp(signUpServer);
    try {
      const person = await signedUpClient(testApp, uniqueTestEmail("outage"), { emailedCode: codeOver(signUpServer) });
      await signUpServer.stop();

      const request = await sent(await person.post("/api/support/feedback", { category: "bug", message: "Processing is stuck.", path: "/app/documents" }));
      expect(await storedRequest(testApp, request.id)).toHaveLength(1);
      await expect
        .poll(async () => (await supportEmailJobs(testApp))[0])
        .toMatchObject({ status: "queued", attempts: 1, errorMessage: expect.stringMatching(/ECONNREFUSED/) });
      await retryEmailNow(testApp);
      await expect.poll(async () => (await supportEmailJobs(testApp))[0]).toMatchObject({ status: "queued", attempts: 2 });

      const smtp = await startSmtpServer(port);
      try {
        await retryEmailNow(testApp);
        const { message, text } = await deliveredRequest(smtp, request.id);
        expect(message.to).toEqual([SUPPORT_EMAIL]);
        expect(text).toContain("Processing is stuck.");
        await expect.poll(async () => (await supportEmailJobs(testApp))[0]).toMatchObject({ status: "completed", attempts: 3 });
      } finally {
        await smtp.stop();
      }
    } finally {
      await testApp.close();
    }
  });
});
