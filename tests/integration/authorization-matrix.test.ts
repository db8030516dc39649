import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inspectRoutes } from "hono/dev";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppUser } from "../../src/shared/contracts/me";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { builtWebShell } from "../../src/server/web/spa";
import { jobs } from "../../src/server/db/schema/index";
import { signedUpClient, TEST_PASSWORD, uniqueTestEmail } from "../support/accounts";
import { createVerifiedUser } from "../support/factories";
import { localCheckoutId, subscribeLocally } from "../support/billing";
import { readEvents } from "../support/chat";
import { payerContractPdf } from "../support/documents/payer-contract";
import { processedDocument } from "../support/documents/processing";
import { confirmationOfFirstValue, reminderOn, reviewOfFirstValue } from "../support/fact-sheet-requests";
import { fixturesDirectory } from "../support/documents/write-fixtures";
import { HttpClient } from "../support/http-client";
import { invite, joinedMember, organizationIdOf } from "../support/organizations";
import { outcomeOf, pathOf, type Outcome } from "../support/route-requests";
import { createTestApp } from "../support/test-app";

// Every route of the app, read from its route table, is asked by five callers — signed out, the
// owner of what the request names (also the admin of their organization), a member of that
// organization, another user (the admin of another organization), and the platform owner — and
// their answers must match the route's declared policy. A new route without a policy here fails,
// so every later feature declares who may call it.

type Caller = "anonymous" | "otherUser" | "member" | "platformOwner" | "owner";
/** The owner asks last: some requests change or delete what they name. */
const callers: Caller[] = ["anonymous", "otherUser", "member", "platformOwner", "owner"];
const signedInCallers = callers.filter((caller) => caller !== "anonymous");

interface Answer {
  status: number;
  body: unknown;
}
type Answers = Record<Caller, Answer>;

interface Policy {
  check(answers: Answers): void;
}

function expectOutcomes(expected: Record<Caller, Outcome>): Policy {
  return {
    check(answers) {
      const statuses = Object.fromEntries(callers.map((caller) => [caller, answers[caller].status]));
      const outcomes = Object.fromEntries(callers.map((caller) => [caller, outcomeOf(answers[caller].status)]));
      expect(outcomes, `statuses: ${JSON.stringify(statuses)}`).toEqual(expected);
    },
  };
}

const everyone = (outcome: Outcome) => expectOutcomes({ anonymous: outcome, otherUser: outcome, member: outcome, platformOwner: outcome, owner: outcome });

/** The session changes nothing: every caller gets the same answer, and it is never a refusal. */
const open: Policy = {
  check(answers) {
    const statuses = callers.map((caller) => answers[caller].status);
    expect(new Set(statuses).size, `statuses: ${statuses.join(", ")}`).toBe(1);
    expect(["unauthenticated", "forbidden", "failed"]).not.toContain(outcomeOf(statuses[0]!));
  },
};

/** Any signed-in user, for their own account; signed out is asked to sign in. */
const signedIn = expectOutcomes({ anonymous: "unauthenticated", otherUser: "allowed", member: "allowed", platformOwner: "allowed", owner: "allowed" });

/**
 * Only the owner of what the request names; anyone else signed in — a member of the owner's own
 * organization, its admin's peers, the platform owner — finds nothing (spec section 6).
 */
const ownerOnly = expectOutcomes({ anonymous: "unauthenticated", otherUser: "hidden", member: "hidden", platformOwner: "hidden", owner: "allowed" });

/**
 * The organization admin page: its admins (the owner) and the platform owner. A member of it is
 * refused; the admin of another organization does not even find it.
 */
const organizationAdmins = expectOutcomes({
  anonymous: "unauthenticated",
  otherUser: "hidden",
  member: "forbidden",
  platformOwner: "allowed",
  owner: "allowed",
});

/**
 * A document's fact-sheet reviews: its owner (also their organization's admin here); a member of
 * the organization is refused; anyone outside it, the platform owner included, finds nothing.
 */
const ownerOrOrganizationAdmin = expectOutcomes({
  anonymous: "unauthenticated",
  otherUser: "hidden",
  member: "forbidden",
  platformOwner: "hidden",
  owner: "allowed",
});

/** A setting of the caller's own organization: any organization's admin and the platform owner; a member is refused. */
const ownOrganizationAdmins = expectOutcomes({
  anonymous: "unauthenticated",
  otherUser: "allowed",
  member: "forbidden",
  platformOwner: "allowed",
  owner: "allowed",
});

/** The platform owner's settings of any organization. */
const platformOwnerOnly = expectOutcomes({
  anonymous: "unauthenticated",
  otherUser: "forbidden",
  member: "forbidden",
  platformOwner: "allowed",
  owner: "forbidden",
});

/** An invitation is accepted only by its own address, signed in: nobody here, the platform owner included. */
const invitedAddressOnly = expectOutcomes({
  anonymous: "unauthenticated",
  otherUser: "forbidden",
  member: "forbidden",
  platformOwner: "forbidden",
  owner: "forbidden",
});

/**
 * The local mailbox answers requests from this machine only; app.request() has no socket, so
 * from here nobody reaches it.
 */
const loopbackOnly = everyone("hidden");

/** Better Auth reports each caller's own session, and nobody else's. */
const ownSessionOnly: Policy = {
  check(answers) {
    expect(answers.anonymous).toEqual({ status: 200, body: null });
    for (const caller of signedInCallers) expect((answers[caller].body as { user: { email: string } }).user.email).toBe(emails[caller]);
  },
};

interface RequestSpec {
  /** Replaces the route's path (for wildcard routes). */
  path?: string;
  params?: Record<string, string>;
  query?: string;
  json?: unknown;
  form?: FormData;
}

interface RouteCase {
  policy: Policy;
  /** A request the owner may make of the route; made afresh for every caller. */
  request?: (caller: Caller) => RequestSpec | Promise<RequestSpec>;
}

const image = readFileSync(path.join(fixturesDirectory, "scanned-page.png"));
let uploads = 0;
function uploadForm(): FormData {
  const form = new FormData();
  uploads += 1;
  form.append("file", new File([new Uint8Array(payerContractPdf(`matrix ${uploads}`))], `Matrix contract ${uploads}.pdf`));
  return form;
}

// One app and one set of callers for every case; the web shell is mounted so its routes are listed too.
const webRoot = await mkdtemp(path.join(os.tmpdir(), "cw-matrix-web-"));
await mkdir(path.join(webRoot, "assets"));
await writeFile(path.join(webRoot, "index.html"), "<html><head><title>CW</title></head><body><div id=root></div></body></html>");
const platformOwnerEmail = uniqueTestEmail("platform-owner");
const testApp = await createTestApp({ env: { PLATFORM_OWNER_EMAILS: platformOwnerEmail }, web: builtWebShell(webRoot) });
afterAll(() => testApp.close());

const clients = {} as Record<Caller, HttpClient>;
const emails = {} as Record<Caller, string>;
const fixtures = {
  documentId: "",
  imageDocumentId: "",
  sessionId: "",
  answerId: "",
  checkoutId: "",
  organizationId: "",
  memberMembershipId: "",
  invitationId: "",
};
let invitations = 0;
const invitedAddress = () => uniqueTestEmail(`matrix-invitee-${++invitations}-`);

async function uploadAsOwner(form: FormData = uploadForm()): Promise<string> {
  const response = await clients.owner.request("/api/documents", { method: "POST", form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { document: DocumentSummary }).document.id;
}

const reminderOfOwner = () => reminderOn(clients.owner, fixtures.documentId);
const confirmationOfOwnerValue = () => confirmationOfFirstValue(clients.owner, fixtures.documentId);
const reviewOfOwner = () => reviewOfFirstValue(clients.owner, fixtures.documentId);

/** A session of the owner's on another device, made afresh: the one the sessions list would sign out. */
async function otherSessionOfOwner(): Promise<string> {
  expect((await new HttpClient(testApp).post("/api/auth/sign-in/email", { email: emails.owner, password: TEST_PASSWORD })).status).toBe(200);
  const { sessions } = (await (await clients.owner.get("/api/account/sessions")).json()) as { sessions: { id: string; isCurrent: boolean }[] };
  return sessions.find((session) => !session.isCurrent)!.id;
}

/** A new conversation of the owner's, and its answer. */
async function askAsOwner(): Promise<{ sessionId: string; answerId: string }> {
  const response = await clients.owner.post("/api/chat/messages", { documentId: fixtures.documentId, question: "How long do we have to file claims?" });
  expect(response.status).toBe(200);
  const events = await readEvents(response);
  const started = events.find((event) => event.type === "session");
  const answered = events.find((event) => event.type === "done");
  if (started?.type !== "session" || answered?.type !== "done") throw new Error("the question was not answered in a new conversation");
  return { sessionId: started.session.id, answerId: answered.message.id };
}

async function openCreditCheckoutAsOwner(): Promise<string> {
  const response = await clients.owner.post("/api/billing/checkout", { type: "credit" });
  expect(response.status).toBe(200);
  return localCheckoutId(((await response.json()) as { url: string }).url);
}

/** A pending invitation of the owner's organization, made afresh. */
async function invitationOfOwner(): Promise<{ invitationId: string; token: string }> {
  return invite(testApp, clients.owner, fixtures.organizationId, invitedAddress());
}

function avatarForm(): FormData {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(image)], "avatar.png", { type: "image/png" }));
  return form;
}

/** The owner's avatar, uploaded afresh, as the signed URL /api/me gives. */
async function ownerAvatarUrl(): Promise<string> {
  const response = await clients.owner.request("/api/me/avatar", { method: "PUT", form: avatarForm() });
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: AppUser }).user.avatarUrl!;
}

let domains = 0;
/** A domain the platform owner has verified for the owner's organization, made afresh. */
async function verifiedDomainOfOwner(): Promise<string> {
  const domain = `matrix-${++domains}-${Date.now()}.example`;
  const response = await clients.platformOwner.post(`/api/platform/organizations/${fixtures.organizationId}/domains`, { domain });
  expect(response.status).toBe(200);
  return domain;
}

/** A person of their own, made afresh, for the console's actions on people. */
async function someoneElse(): Promise<string> {
  return (await createVerifiedUser(testApp.container.auth, { email: uniqueTestEmail("matrix-person"), name: "Matrix person", password: TEST_PASSWORD })).id;
}

/** A job that failed for good, made afresh, for the console's Retry (of a type no worker here runs). */
async function failedJob(): Promise<string> {
  const [job] = await testApp.database.db
    .insert(jobs)
    .values({ type: "matrix.test", status: "failed", errorMessage: "Matrix failure" })
    .returning({ id: jobs.id });
  return job!.id;
}

const ownOrganization = (extra: RequestSpec = {}): RequestSpec => ({ ...extra, params: { organizationId: fixtures.organizationId, ...extra.params } });

beforeAll(async () => {
  clients.anonymous = new HttpClient(testApp);
  emails.anonymous = "";
  for (const caller of signedInCallers.filter((signedInCaller) => signedInCaller !== "member")) {
    emails[caller] = caller === "platformOwner" ? platformOwnerEmail : uniqueTestEmail(caller.toLowerCase());
    clients[caller] = await signedUpClient(testApp, emails[caller]);
  }
  fixtures.organizationId = await organizationIdOf(clients.owner);
  const member = await joinedMember(testApp, clients.owner, fixtures.organizationId);
  clients.member = member.client;
  emails.member = member.email;
  fixtures.memberMembershipId = member.membershipId;
  fixtures.invitationId = (await invitationOfOwner()).invitationId;
  const { user } = (await (await clients.platformOwner.get("/api/me")).json()) as { user: AppUser };
  expect(user.role).toBe("platform_owner");
  await subscribeLocally(clients.owner, "pro");
  fixtures.documentId = (await processedDocument(testApp, clients.owner, "Blue Valley Provider Agreement.pdf", payerContractPdf())).id;
  const imageForm = new FormData();
  imageForm.append("file", new File([new Uint8Array(image)], "Scanned page.png"));
  fixtures.imageDocumentId = await uploadAsOwner(imageForm);
  ({ sessionId: fixtures.sessionId, answerId: fixtures.answerId } = await askAsOwner());
  fixtures.checkoutId = await openCreditCheckoutAsOwner();
}, 60_000);

const ownDocument = (extra: RequestSpec = {}): RequestSpec => ({ ...extra, params: { id: fixtures.documentId, ...extra.params } });

/** Keyed "METHOD path" exactly as the route table lists them. */
const routePolicies: Record<string, RouteCase> = {
  "GET /api/health": { policy: open },
  // About this browser's own receipt only: with none, every caller hears there is nothing to tell.
  "GET /api/email-delivery": { policy: open },
  // A link with no code: every caller is sent back to /login.
  "GET /api/auth/email-link": { policy: open },
  // The confirmation /auth/open posts: a code nobody was sent answers every caller where to go (the error page), signing no one in.
  "POST /api/auth/email-link": { policy: open, request: () => ({ json: { type: "magic_link", email: "nobody@clinic.example", code: "000000" } }) },
  // The rest of /api/auth/* is Better Auth's, listed as these two routes; auth.test.ts covers its flows.
  "GET /api/auth/*": { policy: ownSessionOnly, request: () => ({ path: "/api/auth/get-session" }) },
  // A wrong current password: each signed-in caller is heard (and refused for the password), nothing changes.
  "POST /api/auth/*": {
    policy: signedIn,
    request: () => ({ path: "/api/auth/change-password", json: { currentPassword: "not-the-password-1", newPassword: "another-password-2" } }),
  },
  // A sign-in's second step needs Better Auth's challenge cookie: without one the browser is asked to sign in; a signed-in caller is told they are (nothing changes).
  // Better Auth's own /api/auth/two-factor/* endpoints answer 404 to everyone (two-factor.test.ts).
  "POST /api/auth/two-factor": { policy: signedIn, request: () => ({ json: { code: "000000" } }) },
  "GET /api/me": { policy: signedIn },
  // Each caller's own two-factor sign-in; wrong passwords and codes refuse alike, nothing changes (two-factor.test.ts covers the flows).
  "GET /api/me/two-factor": { policy: signedIn },
  "POST /api/me/two-factor/enable": { policy: signedIn, request: () => ({ json: { password: "not-the-password" } }) },
  "POST /api/me/two-factor/confirm": { policy: signedIn, request: () => ({ json: { code: "000000" } }) },
  "POST /api/me/two-factor/recovery-codes": { policy: signedIn, request: () => ({ json: { password: "not-the-password" } }) },
  "POST /api/me/two-factor/disable": { policy: signedIn, request: () => ({ json: { password: "not-the-password", code: "000000" } }) },
  "GET /api/organizations/:organizationId/two-factor": { policy: organizationAdmins, request: () => ownOrganization() },
  // Not required (its admins do not use it themselves, and requiring it asks that first): each allowed caller's answer changes nothing.
  "PUT /api/organizations/:organizationId/two-factor": { policy: organizationAdmins, request: () => ownOrganization({ json: { required: false } }) },
  "GET /api/admin/two-factor": { policy: platformOwnerOnly },
  "PUT /api/admin/two-factor": { policy: platformOwnerOnly, request: () => ({ json: { required: false } }) },
  "PATCH /api/me/profile": { policy: signedIn, request: (caller) => ({ json: { title: `Matrix ${caller}` } }) },
  "PUT /api/me/avatar": { policy: signedIn, request: () => ({ form: avatarForm() }) },
  "DELETE /api/me/avatar": { policy: signedIn },
  // The URL's signature, not a session, lets an avatar through: everyone holding the owner's URL sees it.
  "GET /api/avatars/:userId/:file": { policy: open, request: async () => ({ path: await ownerAvatarUrl() }) },
  // A wrong password refuses alike for everyone signed in (email-change and closing are tested in account.test.ts).
  "POST /api/account/email-change": { policy: signedIn, request: () => ({ json: { newEmail: invitedAddress(), currentPassword: "not-the-password" } }) },
  "GET /api/account/sessions": { policy: signedIn },
  "POST /api/account/sessions/sign-out-others": { policy: signedIn },
  "DELETE /api/account/sessions/:sessionId": { policy: ownerOnly, request: async () => ({ params: { sessionId: await otherSessionOfOwner() } }) },
  "POST /api/account/close": { policy: signedIn, request: () => ({ json: { password: "not-the-password" } }) },
  // An email change's code, not a session, is what these need.
  "POST /api/auth/email-change/confirm": { policy: open, request: () => ({ json: { email: invitedAddress(), code: "000000" } }) },
  "POST /api/auth/email-change/resend": { policy: open, request: () => ({ json: { email: invitedAddress() } }) },

  // The invitation's token or code, not a session, is what these need: without one that works,
  // every caller is told the same.
  "POST /api/invitations/lookup": { policy: open, request: () => ({ json: { token: "an-unknown-invitation-token" } }) },
  "POST /api/invitations/accept-with-password": { policy: open, request: () => ({ json: { token: "an-unknown-invitation-token", password: "secret123" } }) },
  "POST /api/invitations/accept-with-code": { policy: open, request: () => ({ json: { email: invitedAddress(), code: "000000" } }) },
  "POST /api/invitations/resend-code": { policy: open, request: () => ({ json: { email: invitedAddress() } }) },
  "POST /api/invitations/accept": { policy: invitedAddressOnly, request: async () => ({ json: { token: (await invitationOfOwner()).token } }) },

  "GET /api/organizations/:organizationId": { policy: organizationAdmins, request: () => ownOrganization() },
  "PATCH /api/organizations/:organizationId": {
    policy: organizationAdmins,
    request: (caller) => ownOrganization({ json: { name: `Renamed by ${caller}`, maxUsers: 50, storageLimitGb: 5 } }),
  },
  "PATCH /api/organizations/:organizationId/authentication": {
    policy: organizationAdmins,
    request: () => ownOrganization({ json: { emailPasswordEnabled: true, azureAdEnabled: false, defaultMethod: "email_password" } }),
  },
  "GET /api/organizations/:organizationId/members": { policy: organizationAdmins, request: () => ownOrganization() },
  "PATCH /api/organizations/:organizationId/members/:membershipId": {
    policy: organizationAdmins,
    request: () => ownOrganization({ params: { membershipId: fixtures.memberMembershipId }, json: { role: "org_user" } }),
  },
  "DELETE /api/organizations/:organizationId/members/:membershipId": {
    policy: organizationAdmins,
    request: async () => ownOrganization({ params: { membershipId: (await joinedMember(testApp, clients.owner, fixtures.organizationId)).membershipId } }),
  },
  // A member cannot list the invitations: their ids would let them resend or cancel them.
  "GET /api/organizations/:organizationId/invitations": { policy: organizationAdmins, request: () => ownOrganization() },
  "POST /api/organizations/:organizationId/invitations": { policy: organizationAdmins, request: () => ownOrganization({ json: { email: invitedAddress() } }) },
  "POST /api/organizations/:organizationId/invitations/:invitationId/resend": {
    policy: organizationAdmins,
    request: () => ownOrganization({ params: { invitationId: fixtures.invitationId } }),
  },
  "DELETE /api/organizations/:organizationId/invitations/:invitationId": {
    policy: organizationAdmins,
    request: async () => ownOrganization({ params: { invitationId: (await invitationOfOwner()).invitationId } }),
  },

  "PATCH /api/platform/organizations/:organizationId/plan": {
    policy: platformOwnerOnly,
    request: () => ownOrganization({ json: { status: "trial", trialEndsAt: new Date(Date.now() + 14 * 86_400_000).toISOString() } }),
  },
  "POST /api/platform/organizations/:organizationId/domains": {
    policy: platformOwnerOnly,
    request: () => ownOrganization({ json: { domain: `matrix-new-${++domains}-${Date.now()}.example` } }),
  },
  "DELETE /api/platform/organizations/:organizationId/domains/:domain": {
    policy: platformOwnerOnly,
    request: async () => ownOrganization({ params: { domain: await verifiedDomainOfOwner() } }),
  },

  // The platform console: the platform owner only (an org admin, a member, another user are refused).
  "GET /api/admin/overview": { policy: platformOwnerOnly },
  "GET /api/admin/organizations": { policy: platformOwnerOnly, request: () => ({ query: "search=matrix" }) },
  "POST /api/admin/organizations": {
    policy: platformOwnerOnly,
    request: (caller) => ({ json: { name: `Matrix practice of ${caller}`, plan: "enterprise", maxUsers: 10, storageLimitGb: 5 } }),
  },
  "GET /api/admin/users": { policy: platformOwnerOnly, request: () => ({ query: "status=active" }) },
  "POST /api/admin/users/:userId/ban": {
    policy: platformOwnerOnly,
    request: async () => ({ params: { userId: await someoneElse() }, json: { reason: "Matrix" } }),
  },
  "POST /api/admin/users/:userId/unban": { policy: platformOwnerOnly, request: async () => ({ params: { userId: await someoneElse() } }) },
  "POST /api/admin/users/:userId/sign-out": { policy: platformOwnerOnly, request: async () => ({ params: { userId: await someoneElse() } }) },
  "GET /api/admin/documents": { policy: platformOwnerOnly, request: () => ({ query: "status=completed" }) },
  "GET /api/admin/chats": { policy: platformOwnerOnly },
  "GET /api/admin/jobs": { policy: platformOwnerOnly, request: () => ({ query: "status=failed&age=24h" }) },
  "POST /api/admin/jobs/:jobId/retry": { policy: platformOwnerOnly, request: async () => ({ params: { jobId: await failedJob() } }) },
  "GET /api/admin/system": { policy: platformOwnerOnly },

  // The audit log: everyone their own security events, an organization's admins (and the owner) its log, the platform owner all.
  "GET /api/audit/mine": { policy: signedIn, request: () => ({ query: "action=auth.sign-in" }) },
  "GET /api/audit/organizations/:organizationId/events": { policy: organizationAdmins, request: () => ownOrganization({ query: "from=2026-01-01" }) },
  "GET /api/audit/organizations/:organizationId/events.csv": { policy: organizationAdmins, request: () => ownOrganization() },
  "GET /api/audit/platform/events": { policy: platformOwnerOnly, request: () => ({ query: "actor=matrix" }) },
  "GET /api/audit/platform/events.csv": { policy: platformOwnerOnly },
  "GET /api/audit/platform/verification": { policy: platformOwnerOnly },
  "POST /api/audit/platform/checkpoint": { policy: platformOwnerOnly },
  "GET /api/admin/settings": { policy: platformOwnerOnly },
  "PUT /api/admin/settings": {
    policy: platformOwnerOnly,
    request: () => ({ json: { trialDays: 14, defaultMaxUsers: 100, defaultStorageLimitGb: 500, defaultMonthlyCredits: 5 } }),
  },

  // Stripe's signature, not a session, authorizes the webhook (not configured here: the same 404 for all).
  "POST /api/billing/webhook": { policy: open, request: () => ({ json: {} }) },
  "GET /api/billing/summary": { policy: signedIn },
  "POST /api/billing/subscribe": { policy: signedIn, request: () => ({ json: { plan: "basic" } }) },
  "POST /api/billing/checkout": { policy: signedIn, request: () => ({ json: { type: "credit" } }) },
  "POST /api/billing/portal": { policy: signedIn },
  "GET /api/billing/local/checkouts/:id": { policy: ownerOnly, request: () => ({ params: { id: fixtures.checkoutId } }) },
  "POST /api/billing/local/checkouts/:id/confirm": { policy: ownerOnly, request: async () => ({ params: { id: await openCreditCheckoutAsOwner() } }) },
  "POST /api/billing/local/checkouts/:id/cancel": { policy: ownerOnly, request: async () => ({ params: { id: await openCreditCheckoutAsOwner() } }) },
  "POST /api/billing/local/subscription": { policy: signedIn, request: () => ({ json: { action: "resume" } }) },

  "GET /api/documents": { policy: signedIn },
  "GET /api/onboarding": { policy: signedIn },
  "POST /api/onboarding/sample": { policy: signedIn },
  "POST /api/onboarding/fact-sheet-opened": { policy: signedIn },
  "POST /api/documents": { policy: signedIn, request: () => ({ form: uploadForm() }) },
  "GET /api/documents/:id": { policy: ownerOnly, request: () => ownDocument() },
  "GET /api/documents/:id/pages": { policy: ownerOnly, request: () => ownDocument() },
  "GET /api/documents/:id/pages/:pageNumber": { policy: ownerOnly, request: () => ownDocument({ params: { pageNumber: "1" } }) },
  "GET /api/documents/:id/outline": { policy: ownerOnly, request: () => ownDocument() },
  "PATCH /api/documents/:id": { policy: ownerOnly, request: (caller) => ownDocument({ json: { filename: `Renamed by ${caller}.pdf` } }) },
  "DELETE /api/documents/:id": { policy: ownerOnly, request: async () => ({ params: { id: await uploadAsOwner() } }) },
  "GET /api/documents/:id/file": { policy: ownerOnly, request: () => ownDocument() },
  "GET /api/documents/:id/pages/:pageNumber/image": { policy: ownerOnly, request: () => ({ params: { id: fixtures.imageDocumentId, pageNumber: "1" } }) },
  "POST /api/documents/:id/process": { policy: ownerOnly, request: async () => ({ params: { id: await uploadAsOwner() }, json: { trigger: "start" } }) },
  "GET /api/documents/:id/search": { policy: ownerOnly, request: () => ownDocument({ query: "q=claims" }) },
  "GET /api/documents/:id/fact-sheet": { policy: ownerOnly, request: () => ownDocument() },
  "GET /api/documents/:id/fact-sheet/export": { policy: ownerOnly, request: () => ownDocument({ query: "format=csv" }) },
  "GET /api/documents/:id/fact-sheet/reminders": { policy: ownerOnly, request: () => ownDocument() },
  "POST /api/documents/:id/fact-sheet/reminders": {
    policy: ownerOnly,
    request: () => ownDocument({ json: { field: "timely_filing", label: "Filing deadline", deadline: "2099-01-31", daysBefore: 7 } }),
  },
  "DELETE /api/documents/:id/fact-sheet/reminders/:reminderId": {
    policy: ownerOnly,
    request: async () => ownDocument({ params: { reminderId: await reminderOfOwner() } }),
  },
  "POST /api/documents/:id/fact-sheet/reviews": {
    policy: ownerOrOrganizationAdmin,
    request: async () => ownDocument({ json: await confirmationOfOwnerValue() }),
  },
  "DELETE /api/documents/:id/fact-sheet/reviews/:reviewId": {
    policy: ownerOrOrganizationAdmin,
    request: async () => ownDocument({ params: { reviewId: await reviewOfOwner() } }),
  },
  // Each caller's own agreements (an admin's organization's): what each sees is portfolio.test.ts's.
  "GET /api/documents/contract-details": { policy: signedIn },
  "PUT /api/documents/:id/contract-details": { policy: ownerOnly, request: (caller) => ownDocument({ json: { payer: `Payer named by ${caller}` } }) },
  "GET /api/portfolio": { policy: signedIn, request: () => ({ query: "filters=lesser-of&sort=payer" }) },
  "GET /api/portfolio/calendar": { policy: signedIn },
  "GET /api/portfolio/export": { policy: signedIn, request: () => ({ query: "format=xlsx" }) },
  // Their own organization's setting: every admin (another organization's too, for theirs), never a member.
  "GET /api/portfolio/settings": { policy: ownOrganizationAdmins },
  "PUT /api/portfolio/settings": { policy: ownOrganizationAdmins, request: (caller) => ({ json: { weeklyDigest: caller !== "owner" } }) },

  "GET /api/chat/sessions": { policy: signedIn },
  "GET /api/chat/sessions/:id": { policy: ownerOnly, request: () => ({ params: { id: fixtures.sessionId } }) },
  "GET /api/chat/sessions/:id/export": { policy: ownerOnly, request: () => ({ params: { id: fixtures.sessionId }, query: "format=markdown" }) },
  "PATCH /api/chat/sessions/:id": { policy: ownerOnly, request: (caller) => ({ params: { id: fixtures.sessionId }, json: { title: `Renamed by ${caller}` } }) },
  "DELETE /api/chat/sessions/:id": { policy: ownerOnly, request: async () => ({ params: { id: (await askAsOwner()).sessionId } }) },
  "POST /api/chat/messages": { policy: ownerOnly, request: () => ({ json: { documentId: fixtures.documentId, question: "Who are the parties?" } }) },
  "POST /api/chat/documents/:id/preparation": { policy: ownerOnly, request: () => ({ params: { id: fixtures.documentId } }) },

  // Anyone signed in may send feedback and ask for help; a problem report only about one's own answer.
  "POST /api/support/feedback": { policy: signedIn, request: () => ({ json: { category: "general", message: "Matrix feedback", path: "/app/documents" } }) },
  "POST /api/support/help": { policy: signedIn, request: () => ({ json: { category: "other", message: "Matrix help", path: "/app/documents" } }) },
  "POST /api/support/problem-reports": {
    policy: ownerOnly,
    request: () => ({ json: { sessionId: fixtures.sessionId, messageId: fixtures.answerId, message: "Matrix report", path: "/app/chat" } }),
  },

  // Each caller's own live events; live-events.test.ts shows none reach another person's stream.
  "GET /api/events": { policy: signedIn },

  "ALL /api/*": { policy: everyone("hidden"), request: () => ({ path: "/api/no-such-endpoint" }) },
  "GET /dev/mailbox": { policy: loopbackOnly },
  "GET /dev/mailbox/messages": { policy: loopbackOnly },
  // The web app's shell for every other path; the pages' own guards run in the browser.
  "GET /*": { policy: open, request: () => ({ path: "/app/documents" }) },
};

async function ask(caller: Caller, method: string, routePath: string, spec: RequestSpec): Promise<Answer> {
  const response = await clients[caller].request(pathOf(routePath, spec), {
    method: method === "ALL" ? "GET" : method,
    json: spec.json,
    form: spec.form,
  });
  // A live stream stays open: its headers are the answer.
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
    await response.body?.cancel();
    return { status: response.status, body: undefined };
  }
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.includes("application/json");
  return { status: response.status, body: isJson && text ? (JSON.parse(text) as unknown) : text };
}

const appRoutes = inspectRoutes(testApp.app)
  .filter((route) => !route.isMiddleware)
  .map((route) => ({ key: `${route.method} ${route.path}`, method: route.method, path: route.path }));

describe("authorization matrix: every route against its declared policy", () => {
  it("declares no policy for a route the app no longer has", () => {
    const listed = new Set(appRoutes.map((route) => route.key));
    expect(Object.keys(routePolicies).filter((key) => !listed.has(key))).toEqual([]);
  });

  it.each(appRoutes)("$key", async ({ key, method, path: routePath }) => {
    const routeCase = routePolicies[key];
    if (!routeCase) throw new Error(`${key} has no declared policy: add it to routePolicies in ${path.basename(import.meta.filename)}`);
    const answers = {} as Answers;
    for (const caller of callers) answers[caller] = await ask(caller, method, routePath, (await routeCase.request?.(caller)) ?? {});
    routeCase.policy.check(answers);
  });
});

// The cross-site column: the owner's own browser, but the request sent by another site's page
// (a form or a script there, riding on the owner's cookie). Every route that can change
// something refuses it before its handler runs, so nothing is spent, sent or deleted.
const changingRoutes = appRoutes.filter((route) => !["GET", "HEAD", "ALL"].includes(route.method));

describe("authorization matrix: another site's page cannot change anything", () => {
  it.each(changingRoutes)("$key", async ({ key, method, path: routePath }) => {
    const spec = (await routePolicies[key]?.request?.("owner")) ?? {};
    const response = await clients.owner.request(pathOf(routePath, spec), {
      method,
      json: spec.json,
      form: spec.form,
      headers: { Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
  });
});
