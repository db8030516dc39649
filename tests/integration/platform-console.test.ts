import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DISABLED } from "../../src/shared/admin";
import { cannotProcessMessages } from "../../src/shared/billing";
import type {
  AdminChatListResponse,
  AdminDocumentListResponse,
  AdminJobListResponse,
  AdminOrganization,
  AdminOrganizationListResponse,
  AdminUser,
  AdminUserListResponse,
  OverviewResponse,
  PlatformSettings,
  SystemStatus,
} from "../../src/shared/contracts/admin";
import { chatSessions, documents, jobs, organizationInvitations, users } from "../../src/server/db/schema/index";
import { createOrganizationsRepo } from "../../src/server/modules/organizations/organizations.repo";
import { signedUpClient, TEST_PASSWORD, uniqueTestEmail } from "../support/accounts";
import { eventsOf } from "../support/audit";
import { createVerifiedUser, insertDocumentRecords } from "../support/factories";
import { HttpClient } from "../support/http-client";
import { whoAmI } from "../support/organizations";
import { createTestApp, type TestApp } from "../support/test-app";

// A small deployment built by hand, with every figure of the console known in advance:
//
//   organization   plan                  active members (last sign-in)            documents (passages)                  jobs
//   Alpha Clinic   trial, ends in 3 days  a1 (2 days ago), a2 (40 days ago)        a1: 1 completed (3), 1 failed;         failed (a1's), queued (a2's)
//                  (e1 was a member)                                               a2: 1 queued
//   Beta Health    enterprise             b1 (never)                               b1: 1 completed (2), 1 processing      running (b1's)
//   Gamma Care     suspended              c1 (1 day ago)                           —
//   Delta Group    trial, ended yesterday d1 (10 days ago), e1 (never)            e1: 1 completed (0)
//   the owner's    trial, 14 days         the platform owner (now)                 —
// plus a conversation of a1's (4 messages), a pending invitation to Alpha, and a failed email job.

let testApp: TestApp;
let owner: HttpClient;
const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const people = {} as Record<"a1" | "a2" | "b1" | "c1" | "d1" | "e1", { id: string; email: string }>;
const organizations = {} as Record<"alpha" | "beta" | "gamma" | "delta", string>;
const docs = {} as Record<"completed" | "failed" | "queued" | "beta" | "betaProcessing" | "delta", string>;
const jobIds = {} as Record<"failed" | "queued" | "running" | "email", string>;

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

beforeAll(async () => {
  const ownerEmail = uniqueTestEmail("console-owner");
  testApp = await createTestApp({ env: { PLATFORM_OWNER_EMAILS: ownerEmail } });
  owner = await signedUpClient(testApp, ownerEmail);
  await whoAmI(owner);
  const { db } = testApp.database;
  const organizationsRepo = createOrganizationsRepo(db);

  for (const key of ["a1", "a2", "b1", "c1", "d1", "e1"] as const) {
    const domain = { a: "alpha", b: "beta", c: "gamma", d: "delta", e: "alpha" }[key[0] as "a"];
    people[key] = await createVerifiedUser(testApp.container.auth, { email: `${key}-${Date.now()}@${domain}.example`, name: key, password: TEST_PASSWORD });
  }
  const now = new Date();
  const organization = async (name: string, plan: { status: string; trialEndsAt: Date | null }) =>
    (await organizationsRepo.insertOrganization({ name, ...plan })).id;
  organizations.alpha = await organization("Alpha Clinic", { status: "trial", trialEndsAt: new Date(now.getTime() + 3 * DAY_MS) });
  organizations.beta = await organization("Beta Health", { status: "enterprise", trialEndsAt: null });
  organizations.gamma = await organization("Gamma Care", { status: "suspended", trialEndsAt: null });
  organizations.delta = await organization("Delta Group", { status: "trial", trialEndsAt: ago(DAY_MS) });
  const join = (organizationId: string, person: { id: string; email: string }, role = "org_user") =>
    organizationsRepo.addMember({ organizationId, userId: person.id, role, joinedAsEmail: person.email, now });
  await join(organizations.alpha, people.a1, "org_admin");
  await join(organizations.alpha, people.a2);
  await join(organizations.beta, people.b1, "org_admin");
  await join(organizations.gamma, people.c1, "org_admin");
  await join(organizations.delta, people.d1, "org_admin");
  const former = await join(organizations.alpha, people.e1);
  await organizationsRepo.deactivateMember(former.id, now);
  await join(organizations.delta, people.e1);
  const signedIn = { a1: ago(2 * DAY_MS), a2: ago(40 * DAY_MS), c1: ago(DAY_MS), d1: ago(10 * DAY_MS) };
  for (const [key, at] of Object.entries(signedIn))
    await db
      .update(users)
      .set({ lastSignInAt: at })
      .where(eq(users.id, people[key as "a1"].id));

  const documentIds = await insertDocumentRecords(db, [
    { userId: people.a1.id, filename: "Alpha payer contract.pdf", passages: 3, pageCount: 12, fileSize: 2_621_440, createdAt: ago(5 * 3_600_000) },
    { userId: people.a1.id, filename: "Alpha broken scan.pdf", status: "failed", createdAt: ago(4 * 3_600_000) },
    { userId: people.a2.id, filename: "Alpha network agreement.pdf", status: "queued", createdAt: ago(3 * 3_600_000) },
    { userId: people.b1.id, filename: "Beta medicare contract.pdf", passages: 2, createdAt: ago(6 * DAY_MS) },
    { userId: people.b1.id, filename: "Beta policy manual.pdf", status: "processing", createdAt: ago(7 * DAY_MS) },
    { userId: people.e1.id, filename: "Delta agreement.pdf", createdAt: ago(8 * DAY_MS) },
  ]);
  (["completed", "failed", "queued", "beta", "betaProcessing", "delta"] as const).forEach((key, index) => (docs[key] = documentIds[index]!));
  await db.update(documents).set({ failureReason: "Processing failed." }).where(eq(documents.id, docs.failed));
  const documentJob = (documentId: string, values: Partial<typeof jobs.$inferInsert>) => ({
    type: "document.process",
    payload: { document_id: documentId, retry: false },
    singletonKey: documentId,
    ...values,
  });
  const insertedJobIds = (
    await db
      .insert(jobs)
      .values([
        documentJob(docs.failed, {
          status: "failed",
          attempts: 3,
          errorMessage: "Processing failed.",
          createdAt: ago(4 * 3_600_000),
          completedAt: ago(4 * 3_600_000 - 60_000),
        }),
        documentJob(docs.queued, { status: "queued" }),
        documentJob(docs.betaProcessing, { status: "running", attempts: 1, lockedBy: "worker-console-test", lockedUntil: new Date(Date.now() + 60_000) }),
        {
          type: "email.send",
          payload: { to: "x@clinic.example", subject: "s", text: "t", html: "h" },
          status: "failed",
          attempts: 5,
          errorMessage: "SMTP down",
        },
      ])
      .returning({ id: jobs.id })
  ).map((row) => row.id);
  (["failed", "queued", "running", "email"] as const).forEach((key, index) => (jobIds[key] = insertedJobIds[index]!));
  await db
    .insert(chatSessions)
    .values({ userId: people.a1.id, documentId: docs.completed, title: "Timely filing", messageCount: 4, updatedAt: ago(3_600_000) });
  await db.insert(organizationInvitations).values({
    organizationId: organizations.alpha,
    email: "invitee@alpha.example",
    tokenHash: "console-test-token-hash",
    codeHash: "console-test-code-hash",
    expiresAt: new Date(now.getTime() + 7 * DAY_MS),
    createdAt: ago(30 * 60_000),
  });
}, 60_000);
afterAll(() => testApp?.close());

const rowOf = (list: AdminOrganizationListResponse, id: string) => list.organizations.find((row) => row.id === id)!;

describe("the platform console's figures", () => {
  it("counts the platform metrics from the tables", async () => {
    const { metrics } = await json<OverviewResponse>(await owner.get("/api/admin/overview"));
    expect(metrics).toEqual({
      totalOrganizations: 5,
      activeOrganizations: 3, // Alpha (a1), Delta (d1), the owner's; Beta's member never signed in; Gamma is suspended
      totalUsers: 7,
      activeUsers: 4, // the owner, a1, c1, d1
      totalDocuments: 6,
      totalPassages: 5,
      totalEmbeddings: 0,
      trialsActive: 2, // Alpha and the owner's (Delta's ended)
      trialsExpiring7d: 1, // Alpha
      jobsRunning: 1,
      jobsQueued: 1,
    });
  });

  it("merges the newest sign-ins, documents, conversations and invitations into 8 items, newest first", async () => {
    const { recentActivity } = await json<OverviewResponse>(await owner.get("/api/admin/overview"));
    expect(recentActivity.map((item) => [item.kind, item.subject ?? item.actor])).toEqual([
      ["sign_in", recentActivity[0]!.actor],
      ["invitation", "Alpha Clinic"],
      ["chat", "Timely filing"],
      ["document", "Alpha network agreement.pdf"],
      ["document", "Alpha broken scan.pdf"],
      ["document", "Alpha payer contract.pdf"],
      ["sign_in", people.c1.email],
      ["sign_in", people.a1.email],
    ]);
    expect(recentActivity[0]!.actor).toMatch(/^console-owner/);
  });

  it("lists organizations with their members' counts, documents, passages and jobs", async () => {
    const list = await json<AdminOrganizationListResponse>(await owner.get("/api/admin/organizations"));
    expect(list.organizations).toHaveLength(5);
    expect(list.nextOffset).toBeNull();
    expect(rowOf(list, organizations.alpha)).toMatchObject({
      name: "Alpha Clinic",
      status: "active",
      subscriptionStatus: "trial",
      usersCount: 2,
      activeUsersCount: 1,
      documentsCount: 3,
      vectorsCount: 3,
      jobsRunning: 0,
      jobsError: 1,
    } satisfies Partial<AdminOrganization>);
    expect(rowOf(list, organizations.beta)).toMatchObject({
      status: "inactive",
      subscriptionStatus: "enterprise",
      usersCount: 1,
      activeUsersCount: 0,
      documentsCount: 2,
      vectorsCount: 2,
      jobsRunning: 1,
      jobsError: 0,
    });
    expect(rowOf(list, organizations.gamma)).toMatchObject({
      status: "suspended",
      usersCount: 1,
      activeUsersCount: 1,
      documentsCount: 0,
      lastDocumentAt: null,
    });
    // e1's document went with them to Delta; their old membership of Alpha does not count.
    expect(rowOf(list, organizations.delta)).toMatchObject({ status: "active", usersCount: 2, activeUsersCount: 1, documentsCount: 1, vectorsCount: 0 });
    expect(Date.parse(rowOf(list, organizations.alpha).lastDocumentAt!)).toBeGreaterThan(Date.parse(rowOf(list, organizations.beta).lastDocumentAt!));
  });

  it("searches organizations by name", async () => {
    const list = await json<AdminOrganizationListResponse>(await owner.get("/api/admin/organizations?search=health"));
    expect(list.organizations.map((row) => row.name)).toEqual(["Beta Health"]);
    const literal = await json<AdminOrganizationListResponse>(await owner.get(`/api/admin/organizations?search=${encodeURIComponent("%")}`));
    expect(literal.organizations).toEqual([]);
  });

  it("lists users with last sign-in, memberships and search", async () => {
    const list = await json<AdminUserListResponse>(await owner.get("/api/admin/users?search=alpha.example"));
    const byEmail = Object.fromEntries(list.users.map((user) => [user.email, user]));
    expect(Object.keys(byEmail).sort()).toEqual([people.a1.email, people.a2.email, people.e1.email].sort());
    expect(byEmail[people.e1.email]).toMatchObject({ organizationsCount: 2, activeOrganizationsCount: 1, organizationName: "Delta Group", lastSignInAt: null });
    expect(byEmail[people.a1.email]).toMatchObject({ organizationsCount: 1, activeOrganizationsCount: 1, organizationName: "Alpha Clinic", ban: null });
    const active = await json<AdminUserListResponse>(await owner.get("/api/admin/users?status=active"));
    expect(active.users).toHaveLength(4);
    const inactive = await json<AdminUserListResponse>(await owner.get("/api/admin/users?status=inactive"));
    expect(inactive.users.map((user) => user.email).sort()).toEqual([people.a2.email, people.b1.email, people.e1.email].sort());
  });

  it("lists documents as metadata, filtered by organization, status and search", async () => {
    const alpha = await json<AdminDocumentListResponse>(await owner.get(`/api/admin/documents?organizationId=${organizations.alpha}`));
    expect(alpha.documents.map((document) => document.filename)).toEqual(["Alpha network agreement.pdf", "Alpha broken scan.pdf", "Alpha payer contract.pdf"]);
    expect(alpha.documents[2]).toEqual({
      id: docs.completed,
      filename: "Alpha payer contract.pdf",
      ownerEmail: people.a1.email,
      organizationId: organizations.alpha,
      organizationName: "Alpha Clinic",
      status: "completed",
      fileSize: 2_621_440,
      pageCount: 12,
      createdAt: expect.any(String),
    });
    const failed = await json<AdminDocumentListResponse>(await owner.get("/api/admin/documents?status=failed"));
    expect(failed.documents.map((document) => document.id)).toEqual([docs.failed]);
    const searched = await json<AdminDocumentListResponse>(await owner.get("/api/admin/documents?search=medicare"));
    expect(searched.documents.map((document) => document.id)).toEqual([docs.beta]);
  });

  it("lists conversations by title and count, never their messages", async () => {
    const list = await json<AdminChatListResponse>(await owner.get("/api/admin/chats"));
    expect(list.chats).toEqual([
      {
        id: expect.any(String),
        title: "Timely filing",
        userEmail: people.a1.email,
        organizationId: organizations.alpha,
        organizationName: "Alpha Clinic",
        documentFilename: "Alpha payer contract.pdf",
        messageCount: 4,
        updatedAt: expect.any(String),
      },
    ]);
  });

  it("lists jobs with their document and organization, filtered by status, organization and age", async () => {
    const failed = await json<AdminJobListResponse>(await owner.get("/api/admin/jobs?status=failed"));
    expect(failed.jobs.map((job) => [job.type, job.filename, job.organizationName, job.errorMessage])).toEqual([
      ["email.send", null, null, "SMTP down"],
      ["document.process", "Alpha broken scan.pdf", "Alpha Clinic", "Processing failed."],
    ]);
    const beta = await json<AdminJobListResponse>(await owner.get(`/api/admin/jobs?organizationId=${organizations.beta}`));
    expect(beta.jobs.map((job) => [job.id, job.status])).toEqual([[jobIds.running, "running"]]);
    await testApp.database.db
      .update(jobs)
      .set({ createdAt: ago(2 * DAY_MS) })
      .where(eq(jobs.id, jobIds.queued));
    const lastDay = await json<AdminJobListResponse>(await owner.get("/api/admin/jobs?age=24h"));
    expect(lastDay.jobs.map((job) => job.id)).not.toContain(jobIds.queued);
    expect(lastDay.jobs).toHaveLength(3);
  });

  it("pages at 100 rows", async () => {
    const { db } = testApp.database;
    await insertDocumentRecords(
      db,
      Array.from({ length: 120 }, (_, index) => ({ userId: people.d1.id, filename: `Paging ${index}.pdf`, createdAt: ago(30 * DAY_MS + index * 1000) })),
    );
    const first = await json<AdminDocumentListResponse>(await owner.get(`/api/admin/documents?organizationId=${organizations.delta}`));
    expect(first.documents).toHaveLength(100);
    expect(first.nextOffset).toBe(100);
    const second = await json<AdminDocumentListResponse>(await owner.get(`/api/admin/documents?organizationId=${organizations.delta}&offset=100`));
    expect(second.documents).toHaveLength(21);
    expect(second.nextOffset).toBeNull();
    await db.execute(sql`delete from documents where filename like 'Paging %'`);
  });

  it("shows the queue, the workers' leases, the database and the mailer", async () => {
    const system = await json<SystemStatus>(await owner.get("/api/admin/system"));
    expect(system.queue).toMatchObject({ ready: 1, waiting: 0, running: 1, failed: 2 });
    expect(system.workers).toEqual([
      expect.objectContaining({ workerId: "worker-console-test", isAlive: true, jobs: [expect.objectContaining({ id: jobIds.running })] }),
    ]);
    expect(system.database).toMatchObject({ status: "ok", kind: testApp.database.kind });
    expect(system.mailer.kind).toBe("outbox");
    expect(system.mailer.outboxSize).toBeGreaterThan(0);
    expect(system.storage.kind).toBe("local");
  });
});

describe("the platform owner's actions", () => {
  it("retries a failed document job as its owner's Retry, replacing the failed job", async () => {
    expect((await owner.post(`/api/admin/jobs/${jobIds.failed}/retry`)).status).toBe(204);
    const { db } = testApp.database;
    const [document] = await db.select().from(documents).where(eq(documents.id, docs.failed));
    expect(document!.status).toBe("queued");
    const documentJobs = await db.select().from(jobs).where(eq(jobs.singletonKey, docs.failed));
    expect(documentJobs.map((job) => [job.status, (job.payload as { retry: boolean }).retry])).toEqual([["queued", true]]);
    const conflict = await owner.post(`/api/admin/jobs/${documentJobs[0]!.id}/retry`);
    expect(conflict.status).toBe(409);
  });

  it("retries any other failed job from its first attempt", async () => {
    expect((await owner.post(`/api/admin/jobs/${jobIds.email}/retry`)).status).toBe(204);
    const [job] = await testApp.database.db.select().from(jobs).where(eq(jobs.id, jobIds.email));
    expect(job).toMatchObject({ status: "queued", attempts: 0, errorMessage: null });
    expect((await owner.post("/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry")).status).toBe(404);
  });

  it("suspending an organization stops its members' queued processing, and they cannot start more", async () => {
    const { db } = testApp.database;
    const trialEnd = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const suspended = await owner.request(`/api/platform/organizations/${organizations.alpha}/plan`, {
      method: "PATCH",
      json: { status: "suspended", trialEndsAt: trialEnd },
    });
    expect(suspended.status).toBe(200);
    for (const id of [docs.queued, docs.failed]) {
      const [document] = await db.select().from(documents).where(eq(documents.id, id));
      expect(document).toMatchObject({ status: "failed", failureReason: cannotProcessMessages.organization_suspended });
    }
    const waiting = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.status} = 'queued' and ${jobs.type} = 'document.process'`);
    expect(waiting).toEqual([]);
    const list = await json<AdminOrganizationListResponse>(await owner.get("/api/admin/organizations?search=alpha"));
    expect(list.organizations[0]).toMatchObject({ status: "suspended", subscriptionStatus: "suspended", jobsError: 2 });

    const failedJob = (await json<AdminJobListResponse>(await owner.get(`/api/admin/jobs?status=failed&organizationId=${organizations.alpha}`))).jobs[0]!;
    const refused = await owner.post(`/api/admin/jobs/${failedJob.id}/retry`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(cannotProcessMessages.organization_suspended);
  });

  it("creates an organization with a verified domain, a trial of its own length and limits", async () => {
    const { organization } = await json<{ organization: AdminOrganization }>(
      await owner.post("/api/admin/organizations", {
        name: "Epsilon Practice",
        domain: "Epsilon.example",
        plan: "trial",
        trialDays: 30,
        maxUsers: 25,
        storageLimitGb: 40,
      }),
      201,
    );
    expect(organization).toMatchObject({
      name: "Epsilon Practice",
      domains: ["epsilon.example"],
      subscriptionStatus: "trial",
      maxUsers: 25,
      storageLimitGb: 40,
      usersCount: 0,
    });
    expect(Math.round((Date.parse(organization.trialEndsAt!) - Date.now()) / DAY_MS)).toBe(30);
    const taken = await owner.post("/api/admin/organizations", {
      name: "Copycat",
      domain: "epsilon.example",
      plan: "enterprise",
      maxUsers: 5,
      storageLimitGb: 5,
    });
    expect(taken.status).toBe(409);
    expect((await json<AdminOrganizationListResponse>(await owner.get("/api/admin/organizations?search=Copycat"))).organizations).toEqual([]);
    // Recorded in the creation's own transaction: the refused one left no event.
    const created = (await eventsOf(testApp, "admin.organization-created")).map((event) => [event.targetName, event.organizationId]);
    expect(created).toEqual([["Epsilon Practice", organization.id]]);
  });

  it("new organizations take the platform settings, which start from the spec's 100 users, TRIAL_DAYS and a 5 GB trial's storage", async () => {
    expect((await json<{ settings: PlatformSettings }>(await owner.get("/api/admin/settings"))).settings).toMatchObject({
      trialDays: 14,
      defaultMaxUsers: 100,
      defaultStorageLimitGb: 5,
      defaultMonthlyCredits: 5,
      updatedAt: null,
    });
    const saved = await owner.request("/api/admin/settings", {
      method: "PUT",
      json: { trialDays: 21, defaultMaxUsers: 12, defaultStorageLimitGb: 34, defaultMonthlyCredits: 7 },
    });
    expect((await json<{ settings: PlatformSettings }>(saved)).settings).toMatchObject({ trialDays: 21, defaultMaxUsers: 12, defaultStorageLimitGb: 34 });
    const newcomer = await signedUpClient(testApp, uniqueTestEmail("newcomer"));
    const me = await whoAmI(newcomer);
    const organization = await json<{ organization: { maxUsers: number; storageLimitGb: number; plan: { trialDaysLeft: number; monthlyCredits: number } } }>(
      await newcomer.get(`/api/organizations/${me.organizationId}`),
    );
    expect(organization.organization).toMatchObject({ maxUsers: 12, storageLimitGb: 34, plan: { trialDaysLeft: 21, monthlyCredits: 7 } });
  });

  it("banning ends the person's sessions and refuses their sign-in until they are enabled again", async () => {
    const c1 = new HttpClient(testApp);
    expect((await c1.post("/api/auth/sign-in/email", { email: people.c1.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await c1.get("/api/me")).status).toBe(200);

    const { user } = await json<{ user: AdminUser }>(await owner.post(`/api/admin/users/${people.c1.id}/ban`, { reason: "Shared their account" }));
    expect(user.ban).toEqual({ at: expect.any(String), reason: "Shared their account" });
    expect(user.sessionsCount).toBe(0);
    expect((await c1.get("/api/me")).status).toBe(401);
    const refused = await new HttpClient(testApp).post("/api/auth/sign-in/email", { email: people.c1.email, password: TEST_PASSWORD });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe(ACCOUNT_DISABLED);
    const banned = await json<AdminUserListResponse>(await owner.get("/api/admin/users?status=banned"));
    expect(banned.users.map((row) => row.id)).toEqual([people.c1.id]);

    await json(await owner.post(`/api/admin/users/${people.c1.id}/unban`));
    expect((await new HttpClient(testApp).post("/api/auth/sign-in/email", { email: people.c1.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it("refuses to ban the platform owner, and needs a reason", async () => {
    const me = await whoAmI(owner);
    expect((await owner.post(`/api/admin/users/${me.id}/ban`, { reason: "test" })).status).toBe(403);
    expect((await owner.post(`/api/admin/users/${people.d1.id}/ban`, { reason: "  " })).status).toBe(422);
    expect((await owner.post("/api/admin/users/no-such-person/ban", { reason: "test" })).status).toBe(404);
  });

  it("signs a person out everywhere without disabling them; each sign-in is recorded as their last", async () => {
    const before = new Date();
    const first = new HttpClient(testApp);
    const second = new HttpClient(testApp);
    for (const client of [first, second])
      expect((await client.post("/api/auth/sign-in/email", { email: people.d1.email, password: TEST_PASSWORD })).status).toBe(200);
    const { sessionsEnded } = await json<{ sessionsEnded: number }>(await owner.post(`/api/admin/users/${people.d1.id}/sign-out`));
    expect(sessionsEnded).toBe(2);
    expect((await first.get("/api/me")).status).toBe(401);
    expect((await second.get("/api/me")).status).toBe(401);
    expect((await first.post("/api/auth/sign-in/email", { email: people.d1.email, password: TEST_PASSWORD })).status).toBe(200);
    const [row] = await testApp.database.db.select({ lastSignInAt: users.lastSignInAt }).from(users).where(eq(users.id, people.d1.id));
    expect(row!.lastSignInAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });
});

describe("the System tab's workers", () => {
  it("lists a running worker while it waits for work, and no longer once it stopped", async () => {
    const ownerEmail = uniqueTestEmail("workers-owner");
    const app = await createTestApp({ env: { PLATFORM_OWNER_EMAILS: ownerEmail } });
    try {
      const platformOwner = await signedUpClient(app, ownerEmail);
      const workers = async () => (await json<SystemStatus>(await platformOwner.get("/api/admin/system"))).workers;
      expect(await workers()).toEqual([]);

      const worker = app.container.jobs.startWorker({ pollIntervalMs: 50 });
      await expect.poll(workers).toEqual([{ workerId: worker.workerId, isAlive: true, leaseExpiresAt: null, lastHeartbeatAt: expect.any(String), jobs: [] }]);

      await app.container.jobs.stopWorker();
      expect(await workers()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
