import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentUsageLog, users } from "../../src/server/db/schema/index";
import { SAMPLE_FILENAME } from "../../src/server/modules/onboarding/sample-agreement";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import type { OnboardingResponse } from "../../src/shared/contracts/onboarding";
import type { AcceptInvitationResponse } from "../../src/shared/contracts/organizations";
import { organizationMessages, ORGANIZATION_NAME_MAX_CHARS } from "../../src/shared/organizations";
import { signedUpClient, TEST_PASSWORD, uniqueTestEmail } from "../support/accounts";
import { billingSummary } from "../support/billing";
import { readEvents } from "../support/chat";
import { contractPdf } from "../support/documents/contract-pdf";
import { processedDocument, waitForStatus } from "../support/documents/processing";
import { HttpClient } from "../support/http-client";
import { invite, organizationIdOf, whoAmI } from "../support/organizations";
import { latestEmailTo } from "../support/outbox";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;

/** Signs up with a practice name, as the sign-up form sends it, and verifies the address. */
async function signUpWithPractice(email: string, practiceName: unknown): Promise<{ client: HttpClient; status: number; body: unknown }> {
  const client = new HttpClient(testApp);
  const response = await client.post("/api/auth/sign-up/email", { email, password: TEST_PASSWORD, name: "Morgan Diaz", practiceName });
  if (response.status !== 200) return { client, status: response.status, body: await response.json() };
  const { code } = await latestEmailTo(db(), email);
  expect((await client.post("/api/auth/email-otp/verify-email", { email, otp: code })).status).toBe(200);
  return { client, status: 200, body: undefined };
}

async function organizationName(client: HttpClient): Promise<string> {
  const organizationId = await organizationIdOf(client);
  const response = await client.get(`/api/organizations/${organizationId}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { organization: { name: string } }).organization.name;
}

async function onboardingOf(client: HttpClient): Promise<OnboardingResponse> {
  const response = await client.get("/api/onboarding");
  expect(response.status).toBe(200);
  return (await response.json()) as OnboardingResponse;
}

async function addSample(client: HttpClient, expectedStatus = 201): Promise<DocumentSummary> {
  const response = await client.post("/api/onboarding/sample", {});
  expect(response.status, await response.clone().text()).toBe(expectedStatus);
  return ((await response.json()) as { document: DocumentSummary }).document;
}

/** What the organization's trial allowance has spent. */
async function creditsUsed(client: HttpClient): Promise<number> {
  const summary = await billingSummary(client);
  if (summary.mode === "off" || !summary.organizationPlan) throw new Error("the person has no organization plan");
  return summary.organizationPlan.creditsUsed;
}

describe("sign-up asks for the practice's name", () => {
  it("names the organization made at the first sign-in after the practice, on a company domain as on free mail", async () => {
    for (const email of [uniqueTestEmail("practice-"), `morgan.${Date.now()}@gmail.com`]) {
      const { client } = await signUpWithPractice(email, "  Maple Street Family Practice ");
      expect(await organizationName(client)).toBe("Maple Street Family Practice");
    }
  });

  it("without one (an older client), names it from the email as before", async () => {
    const client = await signedUpClient(testApp, `dana${Date.now()}@bluevalley-health.example`);
    expect(await organizationName(client)).toBe("Bluevalley Health");
  });

  it("refuses a practice name too long or not text, and makes no account", async () => {
    for (const practiceName of ["x".repeat(ORGANIZATION_NAME_MAX_CHARS + 1), 42]) {
      const email = uniqueTestEmail("too-long-practice-");
      const { status, body } = await signUpWithPractice(email, practiceName);
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toContain(typeof practiceName === "string" ? organizationMessages.nameTooLong : organizationMessages.practiceNameRequired);
      expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
    }
  });
});

describe("an invited person is asked their name as they accept", () => {
  it("gives the name to the new account, with a password or with the code", async () => {
    const { client: admin } = await signUpWithPractice(uniqueTestEmail("inviting-admin-"), "Lakeview Pediatrics");
    const organizationId = await organizationIdOf(admin);

    const byPassword = uniqueTestEmail("invitee-password-");
    const { token } = await invite(testApp, admin, organizationId, byPassword);
    const withPassword = new HttpClient(testApp);
    const accepted = await withPassword.post("/api/invitations/accept-with-password", { token, password: TEST_PASSWORD, name: "  Jordan Lee " });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect((await whoAmI(withPassword)).name).toBe("Jordan Lee");

    const byCode = uniqueTestEmail("invitee-code-");
    const { code } = await invite(testApp, admin, organizationId, byCode);
    const withCode = new HttpClient(testApp);
    expect((await withCode.post("/api/invitations/accept-with-code", { email: byCode, code, name: "Riley Chen" })).status).toBe(200);
    expect((await whoAmI(withCode)).name).toBe("Riley Chen");
  });

  it("keeps the name an account already has, and refuses a blank one without accepting", async () => {
    const { client: admin } = await signUpWithPractice(uniqueTestEmail("inviting-admin-"), "Harbor Dermatology");
    const organizationId = await organizationIdOf(admin);
    const email = uniqueTestEmail("named-invitee-");
    // Signed up (named) but never verified: the invitation proves the address.
    expect((await new HttpClient(testApp).post("/api/auth/sign-up/email", { email, password: TEST_PASSWORD, name: "Sam Ortiz" })).status).toBe(200);
    const { token } = await invite(testApp, admin, organizationId, email);

    const blank = await new HttpClient(testApp).post("/api/invitations/accept-with-password", { token, password: TEST_PASSWORD, name: "   " });
    expect(blank.status).toBe(422);
    expect((await db().select().from(users).where(eq(users.email, email)))[0]!.emailVerified).toBe(false);

    const client = new HttpClient(testApp);
    const accepted = await client.post("/api/invitations/accept-with-password", { token, password: TEST_PASSWORD, name: "Someone Else" });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as AcceptInvitationResponse).needsName).toBe(false);
    expect((await whoAmI(client)).name).toBe("Sam Ortiz");
  });

  it("by the code, without a name, is told the account needs one; once given as the profile's name, the next acceptance is not", async () => {
    const { client: admin } = await signUpWithPractice(uniqueTestEmail("inviting-admin-"), "Maple Street Clinic");
    const organizationId = await organizationIdOf(admin);
    const email = uniqueTestEmail("unnamed-invitee-");
    const { code } = await invite(testApp, admin, organizationId, email);
    const invitee = new HttpClient(testApp);
    const accepted = await invitee.post("/api/invitations/accept-with-code", { email, code });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as AcceptInvitationResponse).needsName).toBe(true);
    expect((await db().select().from(users).where(eq(users.email, email)))[0]!.name).toBe("");

    // The name page keeps it as the profile's display name.
    expect((await invitee.request("/api/me/profile", { method: "PATCH", json: { displayName: "Avery Brooks" } })).status).toBe(200);
    expect((await whoAmI(invitee)).name).toBe("Avery Brooks");
    const { client: secondAdmin } = await signUpWithPractice(uniqueTestEmail("second-admin-"), "Birch Lane Family Practice");
    const again = await invite(testApp, secondAdmin, await organizationIdOf(secondAdmin), email);
    const joinedAgain = await new HttpClient(testApp).post("/api/invitations/accept-with-code", { email, code: again.code });
    expect(joinedAgain.status).toBe(200);
    expect(((await joinedAgain.json()) as AcceptInvitationResponse).needsName).toBe(false);
  });
});

describe("the sample agreement", () => {
  it("is processed like any upload, free of credit, marked as a sample, and answered about", async () => {
    const { client } = await signUpWithPractice(uniqueTestEmail("sample-"), "Cedar Grove Clinic");
    const before = await creditsUsed(client);

    const sample = await addSample(client);
    expect(sample).toMatchObject({ filename: SAMPLE_FILENAME, isSample: true });
    expect(["queued", "processing"]).toContain(sample.status);
    const ready = await waitForStatus(client, sample.id, ["completed", "failed"], 60_000);
    expect(ready.status).toBe("completed");
    expect(ready.pageCount).toBeGreaterThan(0);
    expect(await creditsUsed(client)).toBe(before);
    expect(await db().select().from(documentUsageLog).where(eq(documentUsageLog.documentId, sample.id))).toHaveLength(0);

    // Its own words are asked about and cited, like any contract's.
    const response = await client.post("/api/chat/messages", { documentId: sample.id, question: "What is the timely filing limit?" });
    const events = await readEvents(response);
    const done = events.find((event) => event.type === "done") as { message: { content: string } } | undefined;
    expect(done?.message.content).toMatch(/90 days|ninety \(90\) days/);
    expect(done?.message.content).toContain("2.1 Timely Filing");

    // A second request finds the one already there; an ordinary upload is still charged.
    expect((await addSample(client, 200)).id).toBe(sample.id);
    await processedDocument(testApp, client, "Own Contract.pdf", contractPdf(`own ${Date.now()}`));
    expect(await creditsUsed(client)).toBe(before + 1);
    expect((await client.get("/api/documents").then((answer) => answer.json())) as { documents: DocumentSummary[] }).toMatchObject({
      documents: expect.arrayContaining([expect.objectContaining({ id: sample.id, isSample: true }), expect.objectContaining({ isSample: false })]),
    });
  });

  it("is deleted like any document, gives back no credit it never took, and can be added again", async () => {
    const { client } = await signUpWithPractice(uniqueTestEmail("sample-delete-"), "Birch Family Medicine");
    const sample = await addSample(client);
    await waitForStatus(client, sample.id, ["completed"], 60_000);
    const before = await billingSummary(client);
    expect((await client.request(`/api/documents/${sample.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await client.get(`/api/documents/${sample.id}`)).status).toBe(404);
    expect(await billingSummary(client)).toEqual(before);
    expect((await onboardingOf(client)).sampleDocumentId).toBeNull();
    const again = await addSample(client);
    expect(again.id).not.toBe(sample.id);
  });

  it("is another person's to see only: nobody else finds it", async () => {
    const { client: owner } = await signUpWithPractice(uniqueTestEmail("sample-owner-"), "Aspen Clinic");
    const { client: other } = await signUpWithPractice(uniqueTestEmail("sample-other-"), "Willow Clinic");
    const sample = await addSample(owner);
    expect((await other.get(`/api/documents/${sample.id}`)).status).toBe(404);
    expect((await onboardingOf(other)).sampleDocumentId).toBeNull();
  });
});

describe("the getting-started checklist", () => {
  it("follows what the person did, offers inviting only to an admin, and goes for good once every step is done", async () => {
    const { client: admin } = await signUpWithPractice(uniqueTestEmail("checklist-"), "Spruce Street Practice");
    const stepsOf = async (client: HttpClient) => Object.fromEntries((await onboardingOf(client)).steps.map(({ step, isDone }) => [step, isDone]));
    expect(await stepsOf(admin)).toEqual({ upload: false, ask: false, "fact-sheet": false, invite: false });

    // The sample is not the person's own contract.
    const sample = await addSample(admin);
    await waitForStatus(admin, sample.id, ["completed"], 60_000);
    expect((await stepsOf(admin)).upload).toBe(false);
    await readEvents(await admin.post("/api/chat/messages", { documentId: sample.id, question: "Can either party end the agreement without cause?" }));
    expect(await admin.post("/api/onboarding/fact-sheet-opened", {}).then((response) => response.status)).toBe(204);
    expect(await stepsOf(admin)).toEqual({ upload: false, ask: true, "fact-sheet": true, invite: false });

    const organizationId = await organizationIdOf(admin);
    const memberEmail = uniqueTestEmail("checklist-member-");
    const { code } = await invite(testApp, admin, organizationId, memberEmail);
    const member = new HttpClient(testApp);
    expect((await member.post("/api/invitations/accept-with-code", { email: memberEmail, code, name: "Quinn Park" })).status).toBe(200);
    expect(Object.keys(await stepsOf(member))).toEqual(["upload", "ask", "fact-sheet"]);

    await processedDocument(testApp, admin, "Spruce Contract.pdf", contractPdf(`spruce ${Date.now()}`));
    expect(await onboardingOf(admin)).toEqual({ steps: [], isComplete: true, sampleDocumentId: sample.id });
    // Deleting what showed the steps done does not bring the checklist back.
    expect((await admin.request(`/api/documents/${sample.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await onboardingOf(admin)).toEqual({ steps: [], isComplete: true, sampleDocumentId: null });
  });
});
