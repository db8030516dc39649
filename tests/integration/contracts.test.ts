import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  billingSummarySchema,
  localCheckoutResponseSchema,
  redirectResponseSchema,
  type LocalSubscriptionChange,
  type SubscribeRequest,
} from "../../src/shared/contracts/billing";
import {
  chatSessionDetailSchema,
  chatSessionListResponseSchema,
  chatSessionResponseSchema,
  documentSearchResponseSchema,
  type AskQuestionRequest,
} from "../../src/shared/contracts/chat";
import {
  documentListResponseSchema,
  documentOutlineResponseSchema,
  documentPageResponseSchema,
  documentPagesResponseSchema,
  documentResponseSchema,
  readableDocumentResponseSchema,
  startProcessingResponseSchema,
  type DocumentSummary,
} from "../../src/shared/contracts/documents";
import {
  adminChatListResponseSchema,
  adminDocumentListResponseSchema,
  adminJobListResponseSchema,
  adminOrganizationListResponseSchema,
  adminOrganizationResponseSchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  overviewResponseSchema,
  platformSettingsResponseSchema,
  signOutEverywhereResponseSchema,
  systemStatusSchema,
  type BanUserRequest,
  type CreateOrganizationRequest,
  type UpdatePlatformSettingsRequest,
} from "../../src/shared/contracts/admin";
import { emailDeliveryResponseSchema } from "../../src/shared/contracts/auth";
import { healthStatusSchema } from "../../src/shared/contracts/health";
import { meResponseSchema } from "../../src/shared/contracts/me";
import {
  acceptInvitationResponseSchema,
  invitationListResponseSchema,
  invitationLookupResponseSchema,
  invitationResponseSchema,
  memberListResponseSchema,
  memberResponseSchema,
  organizationResponseSchema,
  type CreateInvitationRequest,
  type UpdateAuthenticationRequest,
  type UpdateOrganizationPlanRequest,
  type UpdateOrganizationRequest,
} from "../../src/shared/contracts/organizations";
import { supportRequestResponseSchema, type FeedbackRequest, type HelpRequest, type ProblemReportRequest } from "../../src/shared/contracts/support";
import {
  accountSessionsResponseSchema,
  closeAccountResponseSchema,
  emailChangeConfirmResponseSchema,
  emailChangeResendResponseSchema,
  emailChangeResponseSchema,
  profileResponseSchema,
  signOutOthersResponseSchema,
  type ProfileUpdateRequest,
} from "../../src/shared/contracts/account";
import { auditEventPageSchema, auditVerificationSchema } from "../../src/shared/contracts/audit";
import { signedUpClient, TEST_PASSWORD, uniqueTestEmail } from "../support/accounts";
import { pictureOf, uploadAvatar } from "../support/avatars";
import { HttpClient as AnonymousClient } from "../support/http-client";
import { organizationIdOf } from "../support/organizations";
import { latestEmailTo, latestInvitationTo } from "../support/outbox";
import { localCheckoutId } from "../support/billing";
import { readEvents } from "../support/chat";
import { payerContractPdf } from "../support/documents/payer-contract";
import { processedDocument } from "../support/documents/processing";
import type { HttpClient } from "../support/http-client";
import {
  factSheetResponseSchema,
  factValueReviewResponseSchema,
  reminderListResponseSchema,
  reminderResponseSchema,
} from "../../src/shared/contracts/fact-sheet";
import { readyFactSheet } from "../support/fact-sheets";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * The web takes the server's answers as the contracts' types without parsing them (ADR 015), so
 * here every JSON answer of the app is parsed with its contract: a schema that no longer says what
 * the server sends fails this test rather than the web.
 */

let testApp: TestApp;
let person: HttpClient;
let contract: DocumentSummary;

async function answer<T>(response: Response, schema: z.ZodType<T>, status = 200): Promise<T> {
  expect(response.status).toBe(status);
  return schema.parse(await response.json());
}

async function pay(start: Response): Promise<void> {
  const { url } = await answer(start, redirectResponseSchema);
  await answer(await person.post(`/api/billing/local/checkouts/${localCheckoutId(url)}/confirm`), redirectResponseSchema);
}

beforeAll(async () => {
  testApp = await createTestApp();
  person = await signedUpClient(testApp);
  await pay(await person.post("/api/billing/subscribe", { plan: "pro" } satisfies SubscribeRequest));
  contract = await processedDocument(testApp, person, "Blue Valley Provider Agreement.pdf", payerContractPdf());
}, 60_000);
afterAll(() => testApp.close());

describe("every JSON answer parses with its contract", () => {
  it("health and the signed-in person", async () => {
    expect((await answer(await person.get("/api/health"), healthStatusSchema)).status).toBe("ok");
    expect((await answer(await person.get("/api/email-delivery"), emailDeliveryResponseSchema)).delivery).toBeNull();
    expect((await answer(await person.get("/api/me"), meResponseSchema)).user.role).toBe("platform_owner");
  });

  it("the library, one document, its pages, one page, its outline and a search", async () => {
    const base = `/api/documents/${contract.id}`;
    expect((await answer(await person.get("/api/documents"), documentListResponseSchema)).documents.map((document) => document.id)).toEqual([contract.id]);
    expect((await answer(await person.get(base), readableDocumentResponseSchema)).document.status).toBe("completed");
    expect((await answer(await person.get(`${base}/pages`), documentPagesResponseSchema)).pages).toHaveLength(3);
    expect((await answer(await person.get(`${base}/pages/2`), documentPageResponseSchema)).page.pageNumber).toBe(2);
    expect((await answer(await person.get(`${base}/outline`), documentOutlineResponseSchema)).outline.length).toBeGreaterThan(0);
    expect((await answer(await person.get(`${base}/search?q=timely+filing`), documentSearchResponseSchema)).passages.length).toBeGreaterThan(0);
    expect((await answer(await person.get(`${base}/fact-sheet`), factSheetResponseSchema)).factSheet.documentId).toBe(contract.id);
    const reminder = { field: "timely_filing", label: "Filing deadline", deadline: "2099-01-31", daysBefore: 7 };
    expect((await answer(await person.post(`${base}/fact-sheet/reminders`, reminder), reminderResponseSchema, 201)).reminder.remindOn).toBe("2099-01-24");
    expect((await answer(await person.get(`${base}/fact-sheet/reminders`), reminderListResponseSchema)).reminders).toHaveLength(1);
  });

  it("a correction of a fact-sheet value, and the sheet that shows it", async () => {
    const base = `/api/documents/${contract.id}/fact-sheet`;
    const field = (await readyFactSheet(person, contract.id)).fields.find((candidate) => candidate.key === "timely_filing")!;
    const [value] = field.values;
    const correction = { kind: "corrected", field: field.key, readValue: value!.value, chunkId: value!.source.chunkId, startOffset: value!.source.startOffset };
    const body = { ...correction, value: "120 days", productLine: "all", page: 2, note: "amendment 2" };
    expect((await answer(await person.post(`${base}/reviews`, body), factValueReviewResponseSchema, 201)).review.kind).toBe("corrected");
    const sheet = (await answer(await person.get(base), factSheetResponseSchema)).factSheet;
    expect(sheet.fields.find((candidate) => candidate.key === "timely_filing")!.values[0]!.review?.read.value).toBe(value!.value);
  });

  it("an upload, a rename and the start of processing", async () => {
    const upload = await person.upload("/api/documents", "Second Agreement.pdf", payerContractPdf("second"));
    const { document } = await answer(upload, documentResponseSchema, 201);
    const renamed = await answer(
      await person.request(`/api/documents/${document.id}`, { method: "PATCH", json: { filename: "Renamed" } }),
      documentResponseSchema,
    );
    expect(renamed.document.filename).toBe("Renamed.pdf");
    const started = await answer(await person.post(`/api/documents/${document.id}/process`, { trigger: "start" }), startProcessingResponseSchema);
    expect(started.ok).toBe(true);
  });

  it("a streamed answer, line by line, then the sessions, one session and its rename", async () => {
    const question: AskQuestionRequest = { documentId: contract.id, question: "How long do we have to file claims?" };
    const response = await person.post("/api/chat/messages", question);
    expect(response.status).toBe(200);
    const events = await readEvents(response);
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(["session", "delta", "done"]));
    const session = events[0]!.type === "session" ? events[0]!.session : undefined;

    expect((await answer(await person.get("/api/chat/sessions"), chatSessionListResponseSchema)).sessions.map(({ id }) => id)).toEqual([session!.id]);
    const detail = await answer(await person.get(`/api/chat/sessions/${session!.id}`), chatSessionDetailSchema);
    expect(detail.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    const renamed = await answer(
      await person.request(`/api/chat/sessions/${session!.id}`, { method: "PATCH", json: { title: "Claims" } }),
      chatSessionResponseSchema,
    );
    expect(renamed.session.title).toBe("Claims");

    const report: ProblemReportRequest = { sessionId: session!.id, messageId: detail.messages[1]!.id, message: "Wrong page.", path: "/app/chat" };
    expect((await answer(await person.post("/api/support/problem-reports", report), supportRequestResponseSchema, 201)).request.kind).toBe("problem_report");
  });

  it("feedback and a help request", async () => {
    const feedback: FeedbackRequest = { category: "idea", message: "More sample questions.", path: "/app/chat" };
    expect((await answer(await person.post("/api/support/feedback", feedback), supportRequestResponseSchema, 201)).request.kind).toBe("feedback");
    const help: HelpRequest = { category: "account_login", message: "Add a colleague.", contactEmail: "pat@clinic.example", path: "/app/documents" };
    expect((await answer(await person.post("/api/support/help", help), supportRequestResponseSchema, 201)).request.kind).toBe("help");
  });

  it("the billing summary, a credit checkout cancelled, the portal and a local plan change", async () => {
    const summary = await answer(await person.get("/api/billing/summary"), billingSummarySchema);
    expect(summary.mode).toBe("local");
    const { url } = await answer(await person.post("/api/billing/checkout", { type: "credit", quantity: 1 }), redirectResponseSchema);
    const checkoutPath = `/api/billing/local/checkouts/${localCheckoutId(url)}`;
    expect((await answer(await person.get(checkoutPath), localCheckoutResponseSchema)).checkout.kind).toBe("credit");
    await answer(await person.post(`${checkoutPath}/cancel`), redirectResponseSchema);
    await answer(await person.post("/api/billing/portal"), redirectResponseSchema);
    const change: LocalSubscriptionChange = { action: "cancel" };
    const changed = await answer(await person.post("/api/billing/local/subscription", change), billingSummarySchema);
    expect(changed.mode !== "off" && changed.subscription?.willCancel).toBe(true);
  });

  it("the organization, its members and invitations, the platform owner's settings, and the invitation page's lookup and acceptances", async () => {
    const organizationId = await organizationIdOf(person);
    const base = `/api/organizations/${organizationId}`;
    expect((await answer(await person.get(base), organizationResponseSchema)).organization.id).toBe(organizationId);
    const settings: UpdateOrganizationRequest = { name: "Blue Valley Clinic", maxUsers: 20, storageLimitGb: 50 };
    await answer(await person.request(base, { method: "PATCH", json: settings }), organizationResponseSchema);
    const authentication: UpdateAuthenticationRequest = { emailPasswordEnabled: true, azureAdEnabled: false, defaultMethod: "email_password" };
    await answer(await person.request(`${base}/authentication`, { method: "PATCH", json: authentication }), organizationResponseSchema);
    const plan: UpdateOrganizationPlanRequest = { status: "enterprise", monthlyCredits: 10 };
    await answer(await person.request(`/api/platform/organizations/${organizationId}/plan`, { method: "PATCH", json: plan }), organizationResponseSchema);
    const domain = { domain: "bluevalley-contracts.example" };
    await answer(await person.post(`/api/platform/organizations/${organizationId}/domains`, domain), organizationResponseSchema);
    await answer(
      await person.request(`/api/platform/organizations/${organizationId}/domains/${domain.domain}`, { method: "DELETE" }),
      organizationResponseSchema,
    );

    const emails = [uniqueTestEmail("by-password"), uniqueTestEmail("by-code"), uniqueTestEmail("by-session")];
    const invitations = [];
    for (const email of emails) {
      const request: CreateInvitationRequest = { email };
      invitations.push((await answer(await person.post(`${base}/invitations`, request), invitationResponseSchema, 201)).invitation);
    }
    const resent = await answer(await person.post(`${base}/invitations/${invitations[0]!.id}/resend`), invitationResponseSchema);
    expect(resent.invitation.status).toBe("pending");
    expect((await answer(await person.get(`${base}/invitations`), invitationListResponseSchema)).invitations).toHaveLength(3);

    const [byPassword, byCode, bySession] = await Promise.all(emails.map((email) => latestInvitationTo(testApp.database.db, email)));
    const anonymous = new AnonymousClient(testApp);
    expect((await answer(await anonymous.post("/api/invitations/lookup", { token: byPassword!.token }), invitationLookupResponseSchema)).state).toBe("valid");
    expect((await answer(await anonymous.post("/api/invitations/lookup", { token: "no-such-invitation-token" }), invitationLookupResponseSchema)).state).toBe(
      "unknown",
    );
    await answer(
      await new AnonymousClient(testApp).post("/api/invitations/accept-with-password", { token: byPassword!.token, password: "secret" }),
      acceptInvitationResponseSchema,
    );
    await answer(
      await new AnonymousClient(testApp).post("/api/invitations/accept-with-code", { email: emails[1], code: byCode!.code }),
      acceptInvitationResponseSchema,
    );
    const existing = await signedUpClient(testApp, emails[2]);
    await answer(await existing.post("/api/invitations/accept", { token: bySession!.token }), acceptInvitationResponseSchema);

    const { members } = await answer(await person.get(`${base}/members`), memberListResponseSchema);
    const member = members.find((candidate) => candidate.email === emails[0])!;
    await answer(await person.request(`${base}/members/${member.membershipId}`, { method: "PATCH", json: { role: "org_admin" } }), memberResponseSchema);
    expect((await person.request(`${base}/members/${member.membershipId}`, { method: "DELETE" })).status).toBe(204);
    expect((await person.request(`${base}/invitations/${invitations[0]!.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("the profile, the avatar, an email change, the sessions and closing the account", async () => {
    const client = await signedUpClient(testApp, undefined, { name: "Contract Person" });
    const email = (await answer(await client.get("/api/me"), meResponseSchema)).user.email;
    await answer(await client.request("/api/me/profile", { method: "PATCH", json: { title: "Biller" } satisfies ProfileUpdateRequest }), profileResponseSchema);
    await answer(await uploadAvatar(client, "me.png", await pictureOf("png", 40, 40)), profileResponseSchema);
    await answer(await client.request("/api/me/avatar", { method: "DELETE" }), profileResponseSchema);
    const newEmail = uniqueTestEmail("contract-new");
    await answer(await client.post("/api/account/email-change", { newEmail, currentPassword: TEST_PASSWORD }), emailChangeResponseSchema);
    await answer(await client.post("/api/auth/email-change/resend", { email: newEmail }), emailChangeResendResponseSchema);
    const { code } = await latestEmailTo(testApp.database.db, email);
    await answer(await client.post("/api/auth/email-change/confirm", { email, code }), emailChangeConfirmResponseSchema);
    await answer(await client.get("/api/account/sessions"), accountSessionsResponseSchema);
    await answer(await client.post("/api/account/sessions/sign-out-others"), signOutOthersResponseSchema);
    await answer(await client.post("/api/account/close", { password: TEST_PASSWORD }), closeAccountResponseSchema);
  });

  it("the platform console's overview, lists, system status, settings and actions", async () => {
    const overview = await answer(await person.get("/api/admin/overview"), overviewResponseSchema);
    expect(overview.recentActivity.length).toBeGreaterThan(0);
    const { organization } = await answer(
      await person.post("/api/admin/organizations", {
        name: "Contract Clinic",
        plan: "trial",
        maxUsers: 5,
        storageLimitGb: 5,
      } satisfies CreateOrganizationRequest),
      adminOrganizationResponseSchema,
      201,
    );
    const organizations = await answer(await person.get("/api/admin/organizations?search=Contract"), adminOrganizationListResponseSchema);
    expect(organizations.organizations.map((row) => row.id)).toEqual([organization.id]);
    expect((await answer(await person.get("/api/admin/documents"), adminDocumentListResponseSchema)).documents.length).toBeGreaterThan(0);
    expect((await answer(await person.get("/api/admin/chats"), adminChatListResponseSchema)).chats.length).toBeGreaterThan(0);
    expect((await answer(await person.get("/api/admin/jobs?age=24h"), adminJobListResponseSchema)).jobs.length).toBeGreaterThan(0);
    await answer(await person.get("/api/admin/system"), systemStatusSchema);
    expect((await answer(await person.get("/api/audit/platform/events"), auditEventPageSchema)).events.length).toBeGreaterThan(0);
    expect((await answer(await person.get("/api/audit/mine"), auditEventPageSchema)).events.length).toBeGreaterThan(0);
    const ownOrganizationId = await organizationIdOf(person);
    await answer(await person.get(`/api/audit/organizations/${ownOrganizationId}/events?action=document.uploaded`), auditEventPageSchema);
    expect((await answer(await person.get("/api/audit/platform/verification"), auditVerificationSchema)).isIntact).toBe(true);
    const { settings } = await answer(await person.get("/api/admin/settings"), platformSettingsResponseSchema);
    const unchanged: UpdatePlatformSettingsRequest = {
      trialDays: settings.trialDays,
      defaultMaxUsers: settings.defaultMaxUsers,
      defaultStorageLimitGb: settings.defaultStorageLimitGb,
      defaultMonthlyCredits: settings.defaultMonthlyCredits,
    };
    await answer(await person.request("/api/admin/settings", { method: "PUT", json: unchanged }), platformSettingsResponseSchema);

    const other = await signedUpClient(testApp);
    const { id } = (await answer(await other.get("/api/me"), meResponseSchema)).user;
    const { users } = await answer(await person.get("/api/admin/users"), adminUserListResponseSchema);
    expect(users.map((user) => user.id)).toContain(id);
    await answer(await person.post(`/api/admin/users/${id}/sign-out`), signOutEverywhereResponseSchema);
    await answer(await person.post(`/api/admin/users/${id}/ban`, { reason: "Contract check" } satisfies BanUserRequest), adminUserResponseSchema);
    await answer(await person.post(`/api/admin/users/${id}/unban`), adminUserResponseSchema);
  });
});
