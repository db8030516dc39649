import { serve, type ServerType } from "@hono/node-server";
import { eq } from "drizzle-orm";
import net, { type AddressInfo } from "node:net";
import http from "node:http";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { jobs } from "../../src/server/db/schema/index";
import { sendEmailJob } from "../../src/server/modules/mail/mail.jobs";
import { emailDeliveryResponseSchema } from "../../src/shared/contracts/auth";
import { outboxMessagesResponseSchema } from "../../src/shared/contracts/mailbox";
import { HttpClient } from "../support/http-client";
import { listEmailJobs, retryEmailNow, unusedPort } from "../support/email-jobs";
import { codeAndLinkOf } from "../support/outbox";
import { decodeQuotedPrintable, startSmtpServer as startSmtpTestServer } from "../support/smtp-server";
import { createTestApp, type TestApp } from "../support/test-app";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startTestApp(env: Record<string, string> = {}, logger = pino({ level: "silent" })): Promise<TestApp> {
  const testApp = await createTestApp({ env, logger });
  cleanups.push(() => testApp.close());
  return testApp;
}

/** A real SMTP server on loopback (on `port`, else any free one), stopped after the test. */
async function startSmtpServer(port = 0) {
  const smtp = await startSmtpTestServer(port);
  cleanups.push(smtp.stop);
  return smtp;
}

/** Serves the app on a loopback port, as a person running it locally would reach it. */
async function listen(testApp: TestApp): Promise<string> {
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: testApp.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An SMTP server that accepts connections and never says a word. */
async function startSilentSmtpServer(): Promise<{ url: string; connections: () => number }> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => sockets.length };
}

async function emailJob(testApp: TestApp) {
  const [job] = await listEmailJobs(testApp);
  return job!;
}

const signUp = (testApp: TestApp, email: string) => new HttpClient(testApp).post("/api/auth/sign-up/email", { email, password: "long-enough-1", name: "" });

describe("email delivery", () => {
  it("over SMTP: sign-up queues the verification message and the worker delivers it with its link and code", async () => {
    const smtp = await startSmtpServer();
    const testApp = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Clausewise <no-reply@clinic.example>" });
    testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
    const email = "smtp-person@clinic.example";
    expect((await signUp(testApp, email)).status).toBe(200);
    const message = await smtp.firstMessage();
    expect(message.to).toEqual([email]);
    const text = decodeQuotedPrintable(message.raw);
    expect(text).toMatch(/^From: Clausewise <no-reply@clinic\.example>/m);
    expect(text).toMatch(/^Subject: .*Confirm.your.email.address/m);
    const { code, link } = codeAndLinkOf(text);
    expect(code).toMatch(/^\d{6}$/);
    expect(link).toMatch(/\/auth\/open#/);
    expect((await new HttpClient(testApp).post("/api/auth/email-otp/verify-email", { email, otp: code })).status).toBe(200);
    await expect.poll(async () => (await emailJob(testApp)).status).toBe("completed");
  });

  it("an email survives an SMTP server that is down for the first attempts: each is retried with backoff until it is up", async () => {
    const port = await unusedPort();
    const testApp = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
    const email = "outage-person@clinic.example";
    expect((await signUp(testApp, email)).status).toBe(200);
    await expect.poll(async () => emailJob(testApp)).toMatchObject({ status: "queued", attempts: 1, errorMessage: expect.stringMatching(/ECONNREFUSED/) });
    await retryEmailNow(testApp);
    await expect.poll(async () => emailJob(testApp)).toMatchObject({ status: "queued", attempts: 2 });

    const smtp = await startSmtpServer(port);
    await retryEmailNow(testApp);
    const { code } = codeAndLinkOf(decodeQuotedPrintable((await smtp.firstMessage()).raw));
    await expect.poll(async () => emailJob(testApp)).toMatchObject({ status: "completed", attempts: 3 });
    expect((await new HttpClient(testApp).post("/api/auth/email-otp/verify-email", { email, otp: code })).status).toBe(200);
  });

  it("an SMTP server that accepts but never answers does not hold up sign-up: the send times out and is retried, and after the last attempt the failure is logged", async () => {
    const silent = await startSilentSmtpServer();
    const logs: { msg: string; type?: string; reason?: string }[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void logs.push(JSON.parse(line)) });
    const testApp = await startTestApp({ SMTP_URL: silent.url, SMTP_TIMEOUT_MS: "500" }, logger);
    // No worker yet: the request answers without ever reaching the mail server.
    expect((await signUp(testApp, "patient-person@clinic.example")).status).toBe(200);
    expect(silent.connections()).toBe(0);
    expect(await emailJob(testApp)).toMatchObject({ status: "queued", attempts: 0 });

    testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
    await expect.poll(async () => emailJob(testApp)).toMatchObject({ status: "queued", attempts: 1, errorMessage: expect.stringMatching(/greeting|timeout/i) });
    expect(silent.connections()).toBe(1);

    // The last attempt: it fails for good, stays in the jobs table with its reason, and is logged.
    await testApp.database.db
      .update(jobs)
      .set({ attempts: sendEmailJob.maxAttempts - 1 })
      .where(eq(jobs.type, sendEmailJob.name));
    await retryEmailNow(testApp);
    await expect
      .poll(async () => emailJob(testApp))
      .toMatchObject({ status: "failed", attempts: sendEmailJob.maxAttempts, errorMessage: expect.stringMatching(/greeting|timeout/i) });
    expect(logs).toContainEqual(
      expect.objectContaining({ msg: "job failed for good", type: sendEmailJob.name, reason: expect.stringMatching(/greeting|timeout/i) }),
    );
  });

  it("tells the browser that asked for a code when the mail server does not answer, and when sending failed for good", async () => {
    const silent = await startSilentSmtpServer();
    const testApp = await startTestApp({ SMTP_URL: silent.url, SMTP_TIMEOUT_MS: "500" });
    const browser = new HttpClient(testApp);
    const email = "unlucky-person@clinic.example";
    const delivery = async (client: HttpClient) => {
      const response = await client.get("/api/email-delivery");
      expect(response.status).toBe(200);
      return emailDeliveryResponseSchema.parse(await response.json()).delivery;
    };
    expect(await delivery(browser)).toBeNull();
    expect((await browser.post("/api/auth/sign-up/email", { email, password: "long-enough-1", name: "" })).status).toBe(200);
    expect(await delivery(browser)).toEqual({ email, status: "sending" });

    testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
    await expect.poll(() => delivery(browser)).toEqual({ email, status: "retrying" });
    // Only the browser that asked holds the receipt: nobody else learns that a code was asked for.
    expect(await delivery(new HttpClient(testApp))).toBeNull();
    const forged = new HttpClient(testApp);
    forged.cookies.set("email_delivery", `${Buffer.from(email).toString("base64url")}.${Date.now()}.not-the-signature`);
    expect(await delivery(forged)).toBeNull();

    await testApp.database.db
      .update(jobs)
      .set({ attempts: sendEmailJob.maxAttempts - 1 })
      .where(eq(jobs.type, sendEmailJob.name));
    await retryEmailNow(testApp);
    await expect.poll(() => delivery(browser)).toEqual({ email, status: "failed" });

    // Asking for a new code starts a new delivery, told apart from the failed one.
    expect((await browser.post("/api/auth/email-otp/send-verification-otp", { email, type: "email-verification" })).status).toBe(200);
    expect(await delivery(browser)).toMatchObject({ status: expect.stringMatching(/^(sending|retrying)$/) });
  });

  it("tells the browser that asked for a code once its email was sent", async () => {
    const smtp = await startSmtpServer();
    const testApp = await startTestApp({ SMTP_URL: smtp.url });
    testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
    const browser = new HttpClient(testApp);
    const email = "lucky-person@clinic.example";
    expect((await browser.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" })).status).toBe(200);
    await smtp.messageTo(email);
    await expect
      .poll(async () => emailDeliveryResponseSchema.parse(await (await browser.get("/api/email-delivery")).json()).delivery)
      .toEqual({ email, status: "sent" });
  });

  it("has nothing to tell about email written to the local outbox", async () => {
    const testApp = await startTestApp();
    const browser = new HttpClient(testApp);
    expect((await browser.post("/api/auth/sign-up/email", { email: "local-person@clinic.example", password: "long-enough-1", name: "" })).status).toBe(200);
    expect(emailDeliveryResponseSchema.parse(await (await browser.get("/api/email-delivery")).json())).toEqual({ delivery: null });
  });

  it("the local mailbox shows outbox email to this machine", async () => {
    const testApp = await startTestApp();
    const email = "mailbox-person@clinic.example";
    await new HttpClient(testApp).post("/api/auth/sign-up/email", { email, password: "long-enough-1", name: "" });
    const url = await listen(testApp);
    const page = await fetch(`${url}/dev/mailbox`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm your email address");
    const json = outboxMessagesResponseSchema.parse(await (await fetch(`${url}/dev/mailbox/messages?to=${email}`)).json());
    expect(json.messages.map((message) => message.subject)).toEqual([expect.stringContaining("Confirm your email")]);
  });

  it.each([
    ["a forwarded request", { "X-Forwarded-For": "198.51.100.7" }],
    ["a request through a proxy", { Forwarded: "for=198.51.100.7" }],
  ])("the mailbox is not found for %s", async (_, headers) => {
    const url = await listen(await startTestApp());
    expect((await fetch(`${url}/dev/mailbox`, { headers })).status).toBe(404);
  });

  it("the mailbox is not found when the request did not come from this machine's socket", async () => {
    const testApp = await startTestApp();
    expect((await testApp.app.request("/dev/mailbox")).status).toBe(404);
  });

  it("the mailbox is not found through a proxy on this machine that passes the public Host on", async () => {
    const url = new URL(await listen(await startTestApp()));
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.get({ host: url.hostname, port: url.port, path: "/dev/mailbox", headers: { Host: "contracts.example.com" } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.on("error", reject);
    });
    expect(status).toBe(404);
  });

  it.each([
    ["listening on every interface", { HOST: "0.0.0.0" }, 404],
    ["run as production", { NODE_ENV: "production" }, 404],
    ["listening on every interface with DEV_MAILBOX=on", { HOST: "0.0.0.0", DEV_MAILBOX: "on" }, 200],
    ["a local install with DEV_MAILBOX=off", { DEV_MAILBOX: "off" }, 404],
  ])("a server %s: the mailbox answers %s", async (_case, env, expected) => {
    const url = await listen(await startTestApp(env));
    expect((await fetch(`${url}/dev/mailbox`)).status).toBe(expected);
  });

  it("the mailbox is not found once SMTP is configured", async () => {
    const smtp = await startSmtpServer();
    const url = await listen(await startTestApp({ SMTP_URL: smtp.url }));
    expect((await fetch(`${url}/dev/mailbox`)).status).toBe(404);
  });
});
