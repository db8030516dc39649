import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client";
import { codeAndLinkOf } from "../support/outbox";
import { createTestApp, type TestApp } from "../support/test-app";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const testApp = await createTestApp({ env });
  cleanups.push(() => testApp.close());
  return testApp;
}

/** Serves the app on a loopback port, as a person running it locally would reach it. */
async function listen(testApp: TestApp): Promise<string> {
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: testApp.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A real SMTP server on loopback that keeps every message it receives. */
async function startSmtpServer(): Promise<{ url: string; messages: { to: string[]; raw: string }[] }> {
  const messages: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve(undefined))));
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, messages };
}

/** Undoes quoted-printable soft breaks and escapes enough to read codes and links. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe("email delivery", () => {
  it("over SMTP: sign-up delivers the verification message with its link and code", async () => {
    const smtp = await startSmtpServer();
    const testApp = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Clausewise <no-reply@clinic.example>" });
    const email = "smtp-person@clinic.example";
    await new HttpClient(testApp).post("/api/auth/sign-up/email", { email, password: "long-enough-1", name: "" });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.to).toEqual([email]);
    const text = decodeQuotedPrintable(smtp.messages[0]!.raw);
    expect(text).toMatch(/^From: Clausewise <no-reply@clinic\.example>/m);
    expect(text).toMatch(/^Subject: .*Confirm.your.email.address/m);
    const { code, link } = codeAndLinkOf(text);
    expect(code).toMatch(/^\d{6}$/);
    expect(link).toMatch(/\/auth\/open#/);
    expect((await new HttpClient(testApp).post("/api/auth/email-otp/verify-email", { email, otp: code })).status).toBe(200);
  });

  it("the local mailbox shows outbox email to this machine", async () => {
    const testApp = await startTestApp();
    const email = "mailbox-person@clinic.example";
    await new HttpClient(testApp).post("/api/auth/sign-up/email", { email, password: "long-enough-1", name: "" });
    const url = await listen(testApp);
    const page = await fetch(`${url}/dev/mailbox`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm your email address");
    const json = (await (await fetch(`${url}/dev/mailbox/messages?to=${email}`)).json()) as { messages: { subject: string }[] };
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

  it("the mailbox is not found once SMTP is configured", async () => {
    const smtp = await startSmtpServer();
    const url = await listen(await startTestApp({ SMTP_URL: smtp.url }));
    expect((await fetch(`${url}/dev/mailbox`)).status).toBe(404);
  });
});
