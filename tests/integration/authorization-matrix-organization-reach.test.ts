import { readFileSync } from "node:fs";
import path from "node:path";
import { inspectRoutes } from "hono/dev";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppUser } from "../../src/shared/contracts/me";
import { readableDocumentResponseSchema, type DocumentSummary } from "../../src/shared/contracts/documents";
import { factSheetResponseSchema } from "../../src/shared/contracts/fact-sheet";
import { signedUpClient, uniqueTestEmail } from "../support/accounts";
import { eventsOf } from "../support/audit";
import { payerContractPdf } from "../support/documents/payer-contract";
import { processedDocument } from "../support/documents/processing";
import { fixturesDirectory } from "../support/documents/write-fixtures";
import { confirmationOfFirstValue, reminderOn, reviewOfFirstValue } from "../support/fact-sheet-requests";
import { readyFactSheet } from "../support/fact-sheets";
import { HttpClient } from "../support/http-client";
import { joinedMember, organizationIdOf, whoAmI } from "../support/organizations";
import { outcomeOf, pathOf, type Outcome } from "../support/route-requests";
import { createTestApp } from "../support/test-app";

// The authorization matrix of a document that belongs to a member, not to their admin (ADR 040):
// every route naming one document is asked by the member who owns it, a colleague in the same
// organization, its admin, another organization's admin and the platform owner (of another
// organization). The admin reads the member's document, its pages and its fact sheet, and may
// confirm or correct a value; everything else stays the owner's. authorization-matrix.test.ts
// holds every route against a document its admin owns.

type Caller = "anonymous" | "colleague" | "otherAdmin" | "platformOwner" | "admin" | "owner";
/** The owner asks last: some requests change or delete what they name. */
const callers: Caller[] = ["anonymous", "colleague", "otherAdmin", "platformOwner", "admin", "owner"];

const outsiders = { anonymous: "unauthenticated", otherAdmin: "hidden", platformOwner: "hidden" } as const;
/** documents.read: the owner and their admin; a colleague does not even find it, as they do not in the portfolio. */
const readByAdmin: Record<Caller, Outcome> = { ...outsiders, colleague: "hidden", admin: "allowed", owner: "allowed" };
/** documents.use, chat.use: the owner alone; the admin who may read it finds nothing to change or ask about. */
const ownerOnly: Record<Caller, Outcome> = { ...outsiders, colleague: "hidden", admin: "hidden", owner: "allowed" };
/** fact-sheet.review: the owner and their admin; a colleague is refused, as ADR 032 has it. */
const reviewedByAdmin: Record<Caller, Outcome> = { ...outsiders, colleague: "forbidden", admin: "allowed", owner: "allowed" };

interface RequestSpec {
  params?: Record<string, string>;
  query?: string;
  json?: unknown;
}
interface RouteCase {
  expected: Record<Caller, Outcome>;
  request?: () => RequestSpec | Promise<RequestSpec>;
}

const testApp = await createTestApp({ env: { BILLING: "off" } });
afterAll(() => testApp.close());

const clients = {} as Record<Caller, HttpClient>;
const fixtures = { documentId: "", imageDocumentId: "", ownerName: "Dana Lee", adminUserId: "" };
let platformMember: HttpClient;
let platformMemberDocumentId = "";

const image = readFileSync(path.join(fixturesDirectory, "scanned-page.png"));
let uploads = 0;

async function uploadAsOwner(bytes: Uint8Array = payerContractPdf(`reach ${++uploads}`), filename = `Reach contract ${uploads}.pdf`): Promise<string> {
  const response = await clients.owner.upload("/api/documents", filename, bytes);
  expect(response.status).toBe(201);
  return ((await response.json()) as { document: DocumentSummary }).document.id;
}

const reminderOfOwner = () => reminderOn(clients.owner, fixtures.documentId);
const confirmationOfOwnerValue = () => confirmationOfFirstValue(clients.owner, fixtures.documentId);
const reviewOfOwner = () => reviewOfFirstValue(clients.owner, fixtures.documentId);

beforeAll(async () => {
  // The installation's first account is the platform owner, in an organization of their own.
  clients.platformOwner = await signedUpClient(testApp, uniqueTestEmail("platform-owner"));
  expect((await whoAmI(clients.platformOwner)).role).toBe("platform_owner");
  clients.anonymous = new HttpClient(testApp);
  clients.admin = await signedUpClient(testApp, uniqueTestEmail("admin"));
  clients.otherAdmin = await signedUpClient(testApp, uniqueTestEmail("other-admin"));
  const organizationId = await organizationIdOf(clients.admin);
  clients.owner = (await joinedMember(testApp, clients.admin, organizationId)).client;
  clients.colleague = (await joinedMember(testApp, clients.admin, organizationId)).client;
  expect((await clients.owner.request("/api/me/profile", { method: "PATCH", json: { displayName: fixtures.ownerName } })).status).toBe(200);
  fixtures.adminUserId = (await whoAmI(clients.admin)).id;
  fixtures.documentId = (await processedDocument(testApp, clients.owner, "Blue Valley Provider Agreement.pdf", payerContractPdf())).id;
  fixtures.imageDocumentId = await uploadAsOwner(new Uint8Array(image), "Scanned page.png");
  platformMember = (await joinedMember(testApp, clients.platformOwner, await organizationIdOf(clients.platformOwner))).client;
  platformMemberDocumentId = (await processedDocument(testApp, platformMember, "Harbor Provider Agreement.pdf", payerContractPdf("harbor"))).id;
  await Promise.all([readyFactSheet(clients.owner, fixtures.documentId), readyFactSheet(platformMember, platformMemberDocumentId)]);
}, 120_000);

const memberDocument = (extra: RequestSpec = {}): RequestSpec => ({ ...extra, params: { id: fixtures.documentId, ...extra.params } });

/** Every route that names one document, keyed "METHOD path" as the route table lists them. */
const routeCases: Record<string, RouteCase> = {
  "GET /api/documents/:id": { expected: readByAdmin, request: () => memberDocument() },
  "GET /api/documents/:id/pages": { expected: readByAdmin, request: () => memberDocument() },
  "GET /api/documents/:id/pages/:pageNumber": { expected: readByAdmin, request: () => memberDocument({ params: { pageNumber: "1" } }) },
  "GET /api/documents/:id/outline": { expected: readByAdmin, request: () => memberDocument() },
  "GET /api/documents/:id/file": { expected: readByAdmin, request: () => memberDocument() },
  "GET /api/documents/:id/pages/:pageNumber/image": { expected: readByAdmin, request: () => ({ params: { id: fixtures.imageDocumentId, pageNumber: "1" } }) },
  "GET /api/documents/:id/search": { expected: readByAdmin, request: () => memberDocument({ query: "q=claims" }) },
  "GET /api/documents/:id/fact-sheet": { expected: readByAdmin, request: () => memberDocument() },
  "GET /api/documents/:id/fact-sheet/export": { expected: readByAdmin, request: () => memberDocument({ query: "format=csv" }) },
  "PATCH /api/documents/:id": { expected: ownerOnly, request: () => memberDocument({ json: { filename: `Renamed ${Date.now()}.pdf` } }) },
  "DELETE /api/documents/:id": { expected: ownerOnly, request: async () => ({ params: { id: await uploadAsOwner() } }) },
  "POST /api/documents/:id/process": { expected: ownerOnly, request: async () => ({ params: { id: await uploadAsOwner() }, json: { trigger: "start" } }) },
  "GET /api/documents/:id/fact-sheet/reminders": { expected: ownerOnly, request: () => memberDocument() },
  "POST /api/documents/:id/fact-sheet/reminders": {
    expected: ownerOnly,
    request: () => memberDocument({ json: { field: "timely_filing", label: "Filing deadline", deadline: "2099-01-31", daysBefore: 7 } }),
  },
  "DELETE /api/documents/:id/fact-sheet/reminders/:reminderId": {
    expected: ownerOnly,
    request: async () => memberDocument({ params: { reminderId: await reminderOfOwner() } }),
  },
  "PUT /api/documents/:id/contract-details": { expected: ownerOnly, request: () => memberDocument({ json: { payer: "Blue Valley Health Plan" } }) },
  "POST /api/documents/:id/fact-sheet/reviews": { expected: reviewedByAdmin, request: async () => memberDocument({ json: await confirmationOfOwnerValue() }) },
  "DELETE /api/documents/:id/fact-sheet/reviews/:reviewId": {
    expected: reviewedByAdmin,
    request: async () => memberDocument({ params: { reviewId: await reviewOfOwner() } }),
  },
  // Not a document route, but the one way to ask about one: the admin who reads it may not.
  "POST /api/chat/messages": { expected: ownerOnly, request: () => ({ json: { documentId: fixtures.documentId, question: "Who are the parties?" } }) },
};

async function statusOf(caller: Caller, method: string, routePath: string, spec: RequestSpec): Promise<number> {
  const response = await clients[caller].request(pathOf(routePath, spec), { method, json: spec.json });
  await response.body?.cancel();
  return response.status;
}

const documentRoutes = inspectRoutes(testApp.app)
  .filter((route) => !route.isMiddleware && route.path.startsWith("/api/documents/:id"))
  .map((route) => `${route.method} ${route.path}`);

describe("organization reach: a member's document, asked by each caller", () => {
  it("declares every route that names one document", () => {
    expect(documentRoutes.filter((key) => !routeCases[key])).toEqual([]);
  });

  it.each(Object.keys(routeCases))("%s", async (key) => {
    const [method, routePath] = key.split(" ") as [string, string];
    const routeCase = routeCases[key]!;
    const statuses = {} as Record<Caller, number>;
    for (const caller of callers) statuses[caller] = await statusOf(caller, method, routePath, (await routeCase.request?.()) ?? {});
    const outcomes = Object.fromEntries(callers.map((caller) => [caller, outcomeOf(statuses[caller])]));
    expect(outcomes, `statuses: ${JSON.stringify(statuses)}`).toEqual(routeCase.expected);
  });
});

describe("what an admin reads of a member's contract", () => {
  it("says whose the document is: the member's own, or theirs by name for the admin", async () => {
    const asAdmin = readableDocumentResponseSchema.parse(await (await clients.admin.get(`/api/documents/${fixtures.documentId}`)).json());
    expect(asAdmin.document).toMatchObject({ id: fixtures.documentId, isOwn: false, ownerName: fixtures.ownerName });
    const asOwner = readableDocumentResponseSchema.parse(await (await clients.owner.get(`/api/documents/${fixtures.documentId}`)).json());
    expect(asOwner.document).toMatchObject({ isOwn: true, ownerName: null });
  });

  it("is the member's fact sheet, value for value, and exports it as CSV and PDF, each export recorded as the admin's", async () => {
    const ownersSheet = await readyFactSheet(clients.owner, fixtures.documentId);
    const response = await clients.admin.get(`/api/documents/${fixtures.documentId}/fact-sheet`);
    expect(response.status).toBe(200);
    const { factSheet } = factSheetResponseSchema.parse(await response.json());
    expect(factSheet.fields).toEqual(ownersSheet.fields);

    const csv = await clients.admin.get(`/api/documents/${fixtures.documentId}/fact-sheet/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toContain(`Timely filing,${ownersSheet.fields.find((field) => field.key === "timely_filing")!.values[0]!.value}`);
    const pdf = await clients.admin.get(`/api/documents/${fixtures.documentId}/fact-sheet/export?format=pdf`);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    const exports = (await eventsOf(testApp, "fact-sheet.exported")).filter((event) => event.actorUserId === fixtures.adminUserId);
    expect(exports.map((event) => [event.targetId, (event.details as { format: string }).format])).toEqual(
      expect.arrayContaining([
        [fixtures.documentId, "csv"],
        [fixtures.documentId, "pdf"],
      ]),
    );
  });

  it("records the admin's reading as the admin's view of the document", async () => {
    expect((await clients.admin.get(`/api/documents/${fixtures.documentId}`)).status).toBe(200);
    const views = (await eventsOf(testApp, "document.viewed")).filter((event) => event.targetId === fixtures.documentId);
    expect(views.some((event) => event.actorUserId === fixtures.adminUserId)).toBe(true);
  });

  it("reaches the platform owner's own organization only: a member's document there reads, but asking and deleting stay the member's", async () => {
    const read = await clients.platformOwner.get(`/api/documents/${platformMemberDocumentId}`);
    expect(read.status).toBe(200);
    expect(readableDocumentResponseSchema.parse(await read.json()).document.isOwn).toBe(false);
    expect((await clients.platformOwner.get(`/api/documents/${platformMemberDocumentId}/fact-sheet`)).status).toBe(200);
    expect((await clients.platformOwner.post("/api/chat/messages", { documentId: platformMemberDocumentId, question: "Who are the parties?" })).status).toBe(
      404,
    );
    expect((await clients.platformOwner.request(`/api/documents/${platformMemberDocumentId}`, { method: "DELETE" })).status).toBe(404);
    expect((await platformMember.get(`/api/documents/${platformMemberDocumentId}`)).status).toBe(200);
    // Across organizations it finds nothing, as the matrix above shows for the other organization's member.
    const me: AppUser = await whoAmI(clients.platformOwner);
    expect(me.organizationId).not.toBe(await organizationIdOf(clients.admin));
  });
});
