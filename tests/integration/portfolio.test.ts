import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cascadeAgreement, evergreenAgreement, harborContract } from "../../src/core/fact-sheet/synthetic-contracts.fixture";
import { sendOrganizationDigest } from "../../src/server/modules/portfolio/portfolio.jobs";
import {
  contractDetailsListResponseSchema,
  contractDetailsResponseSchema,
  portfolioCalendarResponseSchema,
  portfolioResponseSchema,
  portfolioSettingsResponseSchema,
  type ContractRow,
  type PortfolioCalendarResponse,
  type PortfolioResponse,
} from "../../src/shared/contracts/portfolio";
import { formatIsoDate } from "../../src/shared/calendar-dates";
import { signedUpClient, uniqueTestEmail } from "../support/accounts";
import { eventsOf } from "../support/audit";
import { contractPdfOf } from "../support/documents/fact-sheet-contracts";
import { processedDocument } from "../support/documents/processing";
import { readyFactSheet } from "../support/fact-sheets";
import type { HttpClient } from "../support/http-client";
import { joinedMember, organizationIdOf } from "../support/organizations";
import { listEmailsTo } from "../support/outbox";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
let admin: HttpClient;
let adminEmail: string;
let organizationId: string;
let member: HttpClient;
let memberEmail: string;
let stranger: HttpClient;
let evergreenId: string;
let harborId: string;
let cascadeId: string;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  // The installation's first account is the platform owner: the admin here is an ordinary one.
  await signedUpClient(testApp);
  adminEmail = uniqueTestEmail("admin");
  admin = await signedUpClient(testApp, adminEmail);
  organizationId = await organizationIdOf(admin);
  const joined = await joinedMember(testApp, admin, organizationId);
  member = joined.client;
  memberEmail = joined.email;
  stranger = await signedUpClient(testApp);
  evergreenId = (await processedDocument(testApp, admin, "Evergreen Provider Services Agreement.pdf", contractPdfOf(evergreenAgreement))).id;
  cascadeId = (await processedDocument(testApp, admin, "Cascade Practitioner Agreement.pdf", contractPdfOf(cascadeAgreement))).id;
  harborId = (await processedDocument(testApp, member, "Harbor Physician Contract.pdf", contractPdfOf(harborContract))).id;
  await Promise.all([readyFactSheet(admin, evergreenId), readyFactSheet(admin, cascadeId), readyFactSheet(member, harborId)]);
}, 120_000);
afterAll(() => testApp.close());

async function portfolioOf(client: HttpClient, query = ""): Promise<PortfolioResponse> {
  const response = await client.get(`/api/portfolio${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  // Every answer is what its contract says (ADR 015).
  return portfolioResponseSchema.parse(await response.json());
}

const put = (client: HttpClient, path: string, json: unknown) => client.request(path, { method: "PUT", json });

const namesOf = (portfolio: PortfolioResponse) => portfolio.rows.map((row) => row.documentName).sort();

describe("values people reviewed", () => {
  it("show as corrected in the portfolio, and as read again once the correction is undone", async () => {
    const sheet = await readyFactSheet(admin, evergreenId);
    const law = sheet.fields.find((field) => field.key === "governing_law")!.values[0]!;
    const reviews = `/api/documents/${evergreenId}/fact-sheet/reviews`;
    const corrected = await admin.post(reviews, {
      field: "governing_law",
      readValue: law.value,
      chunkId: law.source.chunkId,
      startOffset: law.source.startOffset,
      kind: "corrected",
      value: "Washington",
      productLine: "all",
      page: law.source.page,
      note: "amended by letter",
    });
    expect(corrected.status, await corrected.clone().text()).toBe(201);
    const { review } = (await corrected.json()) as { review: { id: string } };
    const lawIn = async () => (await portfolioOf(admin)).rows.find((row) => row.documentId === evergreenId)!.terms.governingLaw.map((cell) => cell.value);
    expect(await lawIn()).toEqual(["Washington"]);
    expect((await admin.request(`${reviews}/${review.id}`, { method: "DELETE" })).status).toBeLessThan(300);
    expect(await lawIn()).toEqual(["Oregon"]);
  });
});

describe("who sees which agreements", () => {
  it("an admin sees every member's agreements of the organization", async () => {
    const portfolio = await portfolioOf(admin);
    expect(portfolio.scope).toBe("organization");
    expect(namesOf(portfolio)).toEqual(["Cascade Practitioner Agreement.pdf", "Evergreen Provider Services Agreement.pdf", "Harbor Physician Contract.pdf"]);
    expect(portfolio.rows.find((row) => row.documentId === harborId)).toMatchObject({ isOwn: false });
  });

  it("a member sees only their own", async () => {
    const portfolio = await portfolioOf(member);
    expect(portfolio.scope).toBe("own");
    expect(namesOf(portfolio)).toEqual(["Harbor Physician Contract.pdf"]);
    const calendar = portfolioCalendarResponseSchema.parse(await (await member.get("/api/portfolio/calendar")).json());
    expect(calendar.events.every((event) => event.documentId === harborId)).toBe(true);
  });

  it("another organization sees nothing of it, in the list, the calendar or an export", async () => {
    expect((await portfolioOf(stranger)).total).toBe(0);
    const calendar = (await (await stranger.get("/api/portfolio/calendar")).json()) as PortfolioCalendarResponse;
    expect(calendar.events).toEqual([]);
    const csv = await (await stranger.get("/api/portfolio/export?format=csv")).text();
    expect(csv.trim().split("\r\n")).toHaveLength(1);
    expect(csv).not.toContain("Evergreen");
  });
});

describe("the terms of each agreement", () => {
  it("come from the fact sheet, each with the page it is cited on", async () => {
    const row = (await portfolioOf(admin)).rows.find((candidate) => candidate.documentId === evergreenId)!;
    const today = formatIsoDate(new Date());
    expect(row.terms).toMatchObject({
      payer: { value: "Evergreen Health Plan, Inc.", page: 1 },
      agreementType: { value: "Provider Services Agreement" },
      effectiveDate: "2025-03-01",
      timelyFilingDays: 180,
      hasLesserOf: true,
      governingLaw: [{ value: "Oregon", page: 3 }],
    });
    expect(row.terms.timelyFiling.map((cell) => [cell.value, cell.productLine, cell.page])).toEqual([
      ["180 calendar days", "all", 2],
      ["365 days", "medicaid", 4],
    ]);
    // Three years from March 1, 2025, then yearly; notice 90 days before the term's last day.
    expect(row.terms.renewalDate! >= today).toBe(true);
    expect(row.terms.renewalDate!.slice(5)).toBe("03-01");
    expect(row.terms.noticeByDate).toMatch(/-12-01$/);
  });

  it("filters: timely filing under 120 days, a lesser-of clause", async () => {
    expect(namesOf(await portfolioOf(admin, "?filters=timely-filing-under-120"))).toEqual(["Harbor Physician Contract.pdf"]);
    expect(namesOf(await portfolioOf(admin, "?filters=lesser-of"))).toEqual(["Evergreen Provider Services Agreement.pdf"]);
    expect((await portfolioOf(admin, "?filters=lesser-of,timely-filing-under-120")).total).toBe(0);
  });

  it("refuses a filter or an order it does not know, with a clear message", async () => {
    const unknown = await admin.get("/api/portfolio?filters=cheapest");
    expect(unknown.status).toBe(422);
    expect(await unknown.text()).toContain("There is no filter named “cheapest”.");
    expect((await admin.get("/api/portfolio?sort=colour")).status).toBe(422);
    expect((await admin.get("/api/portfolio?page=0")).status).toBe(422);
  });
});

describe("exports", () => {
  it("CSV: one row per agreement the view shows, each value beside its citation", async () => {
    const response = await admin.get("/api/portfolio/export?format=csv&filters=lesser-of");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toContain(".csv");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toContain("Timely filing — citation");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Evergreen Health Plan, Inc.");
    expect(lines[1]).toContain("p. 3: “");
    expect((await eventsOf(testApp, "portfolio.exported")).length).toBeGreaterThan(0);
  });

  it("XLSX: a workbook a spreadsheet opens, with the same rows and citations", async () => {
    const response = await admin.get("/api/portfolio/export?format=xlsx&sort=name");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet("Portfolio")!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toContain("Governing law — citation");
    expect(sheet.rowCount).toBe(4);
    const documentColumn = headers.indexOf("Document") + 1;
    expect([2, 3, 4].map((row) => sheet.getRow(row).getCell(documentColumn).text)).toEqual([
      "Cascade Practitioner Agreement.pdf",
      "Evergreen Provider Services Agreement.pdf",
      "Harbor Physician Contract.pdf",
    ]);
    const lawCitation = sheet.getRow(3).getCell(headers.indexOf("Governing law — citation") + 1).text;
    expect(lawCitation).toMatch(/^p\. 3: “.*Oregon.*”$/);
  });

  it("refuses a format it does not make", async () => {
    const response = await admin.get("/api/portfolio/export?format=pdf");
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("Choose CSV or Excel to download the portfolio.");
  });
});

describe("the payer a person names", () => {
  it("the owner corrects the payer; the library and the portfolio show it; clearing it goes back to the one read", async () => {
    const saved = await put(member, `/api/documents/${harborId}/contract-details`, { payer: "Harbor Care Network" });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { contract } = contractDetailsResponseSchema.parse(await saved.json());
    expect(contract.payerCorrection).toBe("Harbor Care Network");
    const library = contractDetailsListResponseSchema.parse(await (await member.get("/api/documents/contract-details")).json());
    expect(library.contracts.map((row) => [row.documentId, row.payerCorrection])).toEqual([[harborId, "Harbor Care Network"]]);
    expect((await portfolioOf(admin, "?sort=payer")).rows.find((row) => row.documentId === harborId)!.payerCorrection).toBe("Harbor Care Network");
    expect((await eventsOf(testApp, "document.payer-edited")).some((event) => event.targetId === harborId)).toBe(true);
    const cleared = (await (await put(member, `/api/documents/${harborId}/contract-details`, { payer: "  " })).json()) as { contract: ContractRow };
    expect(cleared.contract.payerCorrection).toBeNull();
  });

  it("refuses a name too long, and anyone but the owner, changing nothing", async () => {
    const tooLong = await put(member, `/api/documents/${harborId}/contract-details`, { payer: "x".repeat(121) });
    expect(tooLong.status).toBe(422);
    expect(await tooLong.text()).toContain("Keep the payer's name under 120 characters.");
    expect((await put(admin, `/api/documents/${harborId}/contract-details`, { payer: "Not mine" })).status).toBe(404);
    expect((await put(stranger, `/api/documents/${harborId}/contract-details`, { payer: "Not mine" })).status).toBe(404);
    const library = (await (await member.get("/api/documents/contract-details")).json()) as { contracts: ContractRow[] };
    expect(library.contracts[0]!.payerCorrection).toBeNull();
  });
});

describe("the weekly digest", () => {
  it("emails the admins the notice-by dates of the next 60 days, and nothing when none falls in them", async () => {
    const row = (await portfolioOf(admin)).rows.find((candidate) => candidate.documentId === evergreenId)!;
    const noticeBy = row.terms.noticeByDate!;
    // Thirty days before the notice-by date, then ninety days before it.
    const digestOn = (date: string, days: number) => {
      const on = new Date(`${date}T12:00:00Z`);
      on.setUTCDate(on.getUTCDate() - days);
      return { ...testApp.container.portfolio.digest, now: () => on };
    };
    const before = (await listEmailsTo(testApp.database.db, adminEmail)).length;
    expect(await sendOrganizationDigest(digestOn(noticeBy, 90), organizationId)).toBe(0);
    expect(await sendOrganizationDigest(digestOn(noticeBy, 30), organizationId)).toBe(1);
    const emails = await listEmailsTo(testApp.database.db, adminEmail);
    expect(emails).toHaveLength(before + 1);
    const [year, month, day] = noticeBy.split("-").map(Number);
    const longDate = new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString("en-US", {
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(emails[0]!.text).toContain(`${longDate}: notice not to renew — Evergreen Health Plan, Inc. (Evergreen Provider Services Agreement.pdf)`);
    expect(emails[0]!.text).not.toContain("Harbor");
    expect(await listEmailsTo(testApp.database.db, memberEmail)).not.toContainEqual(expect.objectContaining({ subject: emails[0]!.subject }));
  });

  it("is off when an admin turns it off, and a member cannot change that", async () => {
    expect((await put(member, "/api/portfolio/settings", { weeklyDigest: false })).status).toBe(403);
    const off = await put(admin, "/api/portfolio/settings", { weeklyDigest: false });
    expect(off.status).toBe(200);
    expect(portfolioSettingsResponseSchema.parse(await (await admin.get("/api/portfolio/settings")).json())).toEqual({ settings: { weeklyDigest: false } });
    const row = (await portfolioOf(admin)).rows.find((candidate) => candidate.documentId === evergreenId)!;
    const on = new Date(`${row.terms.noticeByDate!}T12:00:00Z`);
    on.setUTCDate(on.getUTCDate() - 30);
    expect(await sendOrganizationDigest({ ...testApp.container.portfolio.digest, now: () => on }, organizationId)).toBe(0);
    expect((await put(admin, "/api/portfolio/settings", { weeklyDigest: "no" })).status).toBe(422);
    expect(await (await admin.get("/api/portfolio/settings")).json()).toEqual({ settings: { weeklyDigest: false } });
  });
});

describe("confirmed and unconfirmed values", () => {
  const reviewsOf = (documentId: string) => `/api/documents/${documentId}/fact-sheet/reviews`;

  /** The owner confirms every value of the document's sheet, as read; answers each review's id by field. */
  async function confirmEveryValue(client: HttpClient, documentId: string): Promise<Map<string, string>> {
    const sheet = await readyFactSheet(client, documentId);
    const reviewIds = new Map<string, string>();
    for (const field of sheet.fields) {
      for (const value of field.values) {
        const response = await client.post(reviewsOf(documentId), {
          field: field.key,
          readValue: value.value,
          chunkId: value.source.chunkId,
          startOffset: value.source.startOffset,
          kind: "confirmed",
        });
        expect(response.status, await response.clone().text()).toBe(201);
        reviewIds.set(field.key, ((await response.json()) as { review: { id: string } }).review.id);
      }
    }
    return reviewIds;
  }

  it("an agreement whose every shown value a person confirmed or corrected is 'All values confirmed'; one with any value as read 'Has unconfirmed values'", async () => {
    expect(namesOf(await portfolioOf(admin, "?filters=all-values-confirmed"))).toEqual([]);
    expect(namesOf(await portfolioOf(admin, "?filters=has-unconfirmed-values"))).toEqual([
      "Cascade Practitioner Agreement.pdf",
      "Evergreen Provider Services Agreement.pdf",
      "Harbor Physician Contract.pdf",
    ]);

    const reviewIds = await confirmEveryValue(member, harborId);
    const harbor = (await portfolioOf(admin, "?filters=all-values-confirmed")).rows;
    expect(harbor.map((row) => row.documentName)).toEqual(["Harbor Physician Contract.pdf"]);
    expect(harbor[0]!.terms.timelyFiling.map((cell) => cell.review)).toEqual(["confirmed"]);
    expect(namesOf(await portfolioOf(admin, "?filters=has-unconfirmed-values"))).toEqual([
      "Cascade Practitioner Agreement.pdf",
      "Evergreen Provider Services Agreement.pdf",
    ]);
    // The member's own portfolio and an export read the same rule.
    expect(namesOf(await portfolioOf(member, "?filters=all-values-confirmed"))).toEqual(["Harbor Physician Contract.pdf"]);
    const csv = await (await admin.get("/api/portfolio/export?format=csv&filters=has-unconfirmed-values")).text();
    expect(csv.trim().split("\r\n")).toHaveLength(3);
    expect(csv).not.toContain("Harbor Physician Contract.pdf");

    // One shown value back to as read: unconfirmed again.
    const timelyFiling = reviewIds.get("timely_filing")!;
    expect((await member.request(`${reviewsOf(harborId)}/${timelyFiling}`, { method: "DELETE" })).status).toBeLessThan(300);
    expect(namesOf(await portfolioOf(admin, "?filters=all-values-confirmed"))).toEqual([]);
    expect(namesOf(await portfolioOf(admin, "?filters=has-unconfirmed-values"))).toContain("Harbor Physician Contract.pdf");

    // Corrected by a person counts as checked.
    const value = (await readyFactSheet(member, harborId)).fields.find((field) => field.key === "timely_filing")!.values[0]!;
    const corrected = await member.post(reviewsOf(harborId), {
      field: "timely_filing",
      readValue: value.value,
      chunkId: value.source.chunkId,
      startOffset: value.source.startOffset,
      kind: "corrected",
      value: "100 days",
      productLine: "all",
      page: value.source.page,
      note: "amendment 1",
    });
    expect(corrected.status, await corrected.clone().text()).toBe(201);
    const confirmedAgain = (await portfolioOf(admin, "?filters=all-values-confirmed")).rows;
    expect(confirmedAgain.map((row) => [row.documentName, row.terms.timelyFiling.map((cell) => [cell.value, cell.review])])).toEqual([
      ["Harbor Physician Contract.pdf", [["100 days", "corrected"]]],
    ]);
  });

  it("refuses both at once, or a filter it does not know, with a clear message and nothing listed", async () => {
    const both = await admin.get("/api/portfolio?filters=all-values-confirmed,has-unconfirmed-values");
    expect(both.status).toBe(422);
    expect(((await both.json()) as { error: { message: string } }).error.message).toContain(
      "Choose “All values confirmed” or “Has unconfirmed values”, not both: no agreement can be both.",
    );
    const unknown = await admin.get("/api/portfolio?filters=confirmed");
    expect(unknown.status).toBe(422);
    expect(await unknown.text()).toContain("There is no filter named “confirmed”.");
    expect((await admin.get("/api/portfolio/export?format=csv&filters=has-unconfirmed-values,all-values-confirmed")).status).toBe(422);
  });
});

describe("the listing kept between requests (ADR 033)", () => {
  it("sees at the next request a document renamed, and the agreements of a member removed from the organization", async () => {
    expect(namesOf(await portfolioOf(admin))).toContain("Harbor Physician Contract.pdf");
    const renamed = await member.request(`/api/documents/${harborId}`, { method: "PATCH", json: { filename: "Harbor Physician Contract 2025.pdf" } });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect(namesOf(await portfolioOf(admin))).toContain("Harbor Physician Contract 2025.pdf");

    const { members } = (await (await admin.get(`/api/organizations/${organizationId}/members`)).json()) as {
      members: { membershipId: string; email: string }[];
    };
    const membershipId = members.find((person) => person.email === memberEmail)!.membershipId;
    expect((await admin.request(`/api/organizations/${organizationId}/members/${membershipId}`, { method: "DELETE" })).status).toBeLessThan(300);
    expect(namesOf(await portfolioOf(admin))).toEqual(["Cascade Practitioner Agreement.pdf", "Evergreen Provider Services Agreement.pdf"]);
  });
});
