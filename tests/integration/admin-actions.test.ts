import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processDocumentJob } from "../../src/server/modules/documents/documents.jobs";
import { auditEvents, documents, jobs, users } from "../../src/server/db/schema/index";
import { signedUpClient, uniqueTestEmail } from "../support/accounts";
import { eventsOf, onlyEvent, whileAuditRefuses } from "../support/audit";
import { insertDocumentRecords } from "../support/factories";
import type { HttpClient } from "../support/http-client";
import { whoAmI } from "../support/organizations";
import { createTestApp, type TestApp } from "../support/test-app";

// The platform owner's actions on people, jobs and the platform's settings are recorded in the
// transaction that makes them: with the audit log refusing the write, none of them happens; with
// it accepting, each happens and is recorded once.

let testApp: TestApp;
let owner: HttpClient;
let ownerId: string;
/** Signed in throughout, until the owner signs them out; banned only once the log accepts it. */
let person: { client: HttpClient; id: string };
/** Banned before the test, to be enabled again. */
let bannedId: string;
let failedEmailJobId: string;
let failedDocument: { id: string; jobId: string };

const userRow = async (id: string) => (await testApp.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const jobRow = async (id: string) => (await testApp.database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const settings = async () =>
  ((await (await owner.get("/api/admin/settings")).json()) as { settings: { trialDays: number; updatedAt: string | null } }).settings;
const platformRequiresTwoFactor = async () => ((await (await owner.get("/api/admin/two-factor")).json()) as { required: boolean }).required;

beforeAll(async () => {
  const ownerEmail = uniqueTestEmail("actions-owner");
  testApp = await createTestApp({ env: { PLATFORM_OWNER_EMAILS: ownerEmail } });
  owner = await signedUpClient(testApp, ownerEmail);
  ownerId = (await whoAmI(owner)).id;
  const client = await signedUpClient(testApp, uniqueTestEmail("actions-person"));
  person = { client, id: (await whoAmI(client)).id };
  const banned = await signedUpClient(testApp, uniqueTestEmail("actions-banned"));
  bannedId = (await whoAmI(banned)).id;

  const { db } = testApp.database;
  await db.update(users).set({ bannedAt: new Date(), banReason: "Shared their account" }).where(eq(users.id, bannedId));
  // The owner has two-factor sign-in, so that they may require it of owners.
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, ownerId));
  const [documentId] = await insertDocumentRecords(db, [{ userId: person.id, filename: "Payer agreement.pdf", status: "failed" }]);
  const [documentJob, emailJob] = await db
    .insert(jobs)
    .values([
      {
        type: processDocumentJob.name,
        payload: { document_id: documentId, retry: false },
        singletonKey: documentId,
        status: "failed",
        attempts: 3,
        errorMessage: "Processing failed.",
      },
      { type: "email.send", payload: { to: "x@clinic.example", subject: "s", text: "t", html: "h" }, status: "failed", attempts: 5, errorMessage: "SMTP down" },
    ])
    .returning({ id: jobs.id });
  failedDocument = { id: documentId!, jobId: documentJob!.id };
  failedEmailJobId = emailJob!.id;
}, 60_000);
afterAll(() => testApp?.close());

describe("the platform owner's actions and their audit events", () => {
  it("none happens when its event cannot be recorded", async () => {
    await whileAuditRefuses(testApp, "admin.%", async () => {
      expect((await owner.post(`/api/admin/users/${person.id}/ban`, { reason: "Shared their account" })).status).toBe(500);
      expect(await userRow(person.id)).toMatchObject({ bannedAt: null, banReason: null });
      expect((await person.client.get("/api/me")).status).toBe(200);

      expect((await owner.post(`/api/admin/users/${person.id}/sign-out`)).status).toBe(500);
      expect((await person.client.get("/api/me")).status).toBe(200);

      expect((await owner.post(`/api/admin/users/${bannedId}/unban`)).status).toBe(500);
      expect((await userRow(bannedId)).bannedAt).not.toBeNull();

      expect((await owner.post(`/api/admin/jobs/${failedEmailJobId}/retry`)).status).toBe(500);
      expect(await jobRow(failedEmailJobId)).toMatchObject({ status: "failed", attempts: 5, errorMessage: "SMTP down" });

      // The document's Retry would charge a credit and queue its processing: neither is left behind.
      expect((await owner.post(`/api/admin/jobs/${failedDocument.jobId}/retry`)).status).toBe(500);
      expect(await jobRow(failedDocument.jobId)).toMatchObject({ status: "failed" });
      expect(await testApp.database.db.select().from(jobs).where(eq(jobs.singletonKey, failedDocument.id))).toHaveLength(1);
      expect((await testApp.database.db.select().from(documents).where(eq(documents.id, failedDocument.id)))[0]!.status).toBe("failed");

      const values = { trialDays: 21, defaultMaxUsers: 12, defaultStorageLimitGb: 34, defaultMonthlyCredits: 7 };
      expect((await owner.request("/api/admin/settings", { method: "PUT", json: values })).status).toBe(500);
      expect(await settings()).toMatchObject({ trialDays: 14, updatedAt: null });

      expect((await owner.request("/api/admin/two-factor", { method: "PUT", json: { required: true } })).status).toBe(500);
      expect(await platformRequiresTwoFactor()).toBe(false);
    });
    expect(await testApp.database.db.select().from(auditEvents).where(like(auditEvents.action, "admin.%"))).toEqual([]);
  });

  it("each happens and is recorded once when the log accepts it", async () => {
    const recorded = { actorUserId: ownerId, actorRole: "platform_owner" };

    const signOut = await owner.post(`/api/admin/users/${person.id}/sign-out`);
    expect(await signOut.json()).toEqual({ sessionsEnded: 1 });
    expect((await person.client.get("/api/me")).status).toBe(401);
    expect(await onlyEvent(testApp, "admin.user-signed-out-everywhere", person.id)).toMatchObject({ ...recorded, details: { sessionsEnded: 1 } });

    expect((await owner.post(`/api/admin/users/${person.id}/ban`, { reason: "Shared their account" })).status).toBe(200);
    expect((await userRow(person.id)).banReason).toBe("Shared their account");
    expect(await onlyEvent(testApp, "admin.user-banned", person.id)).toMatchObject({ ...recorded, details: { reason: "Shared their account" } });

    expect((await owner.post(`/api/admin/users/${bannedId}/unban`)).status).toBe(200);
    expect((await userRow(bannedId)).bannedAt).toBeNull();
    expect(await onlyEvent(testApp, "admin.user-unbanned", bannedId)).toMatchObject(recorded);

    expect((await owner.post(`/api/admin/jobs/${failedEmailJobId}/retry`)).status).toBe(204);
    expect(await jobRow(failedEmailJobId)).toMatchObject({ status: "queued", attempts: 0 });
    expect(await onlyEvent(testApp, "admin.job-retried", failedEmailJobId)).toMatchObject({ ...recorded, details: { jobType: "email.send" } });

    expect((await owner.post(`/api/admin/jobs/${failedDocument.jobId}/retry`)).status).toBe(204);
    expect(await jobRow(failedDocument.jobId)).toBeUndefined();
    expect(await onlyEvent(testApp, "admin.job-retried", failedDocument.jobId)).toMatchObject({
      ...recorded,
      details: { jobType: processDocumentJob.name, documentId: failedDocument.id },
    });

    // A retry its job's key refuses (the same work is queued again already) is no action: no event.
    const sameWork = { type: "email.send", payload: { to: "y@clinic.example", subject: "s", text: "t", html: "h" }, singletonKey: "same-work" };
    const [refusedRetry] = await testApp.database.db
      .insert(jobs)
      .values([
        { ...sameWork, status: "failed", errorMessage: "SMTP down" },
        { ...sameWork, status: "queued" },
      ])
      .returning({ id: jobs.id });
    expect((await owner.post(`/api/admin/jobs/${refusedRetry!.id}/retry`)).status).toBe(409);
    expect(await jobRow(refusedRetry!.id)).toMatchObject({ status: "failed" });
    expect((await eventsOf(testApp, "admin.job-retried")).filter((event) => event.targetId === refusedRetry!.id)).toEqual([]);

    const values = { trialDays: 21, defaultMaxUsers: 12, defaultStorageLimitGb: 34, defaultMonthlyCredits: 7 };
    expect((await owner.request("/api/admin/settings", { method: "PUT", json: values })).status).toBe(200);
    expect(await settings()).toMatchObject({ trialDays: 21 });
    expect((await owner.request("/api/admin/two-factor", { method: "PUT", json: { required: true } })).status).toBe(200);
    expect(await platformRequiresTwoFactor()).toBe(true);
    const settingsEvents = (await eventsOf(testApp, "admin.platform-settings-changed")).map((event) => event.details);
    expect(settingsEvents).toEqual([values, { requireTwoFactorForOwners: true }]);
  });
});
