import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FactSheet, FactValue } from "../../../shared/contracts/fact-sheet";
import { factFieldKeys, type FactFieldKey } from "../../../shared/fact-sheet";
import { renderAppRoutes } from "../../../../tests/support/render-app";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { neverAnswered, noConnection, stubServer, type Answer, type Handler } from "../../../../tests/support/stub-server";
import { connectionMessages } from "../../lib/api-client";
import { aDocument, readAnswer } from "../documents/documents-test-utils";
import { CompareFactSheetsPage, FactSheetPage } from "./fact-sheet-pages";

afterEach(() => vi.unstubAllGlobals());

const contract = aDocument({ id: "33333333-3333-4333-8333-333333333333", filename: "Evergreen Agreement.pdf", status: "completed", pageCount: 4 });
const template = aDocument({ id: "44444444-4444-4444-8444-444444444444", filename: "Evergreen Template.pdf", status: "completed", pageCount: 4 });

function aValue(value: string, page: number, overrides: Partial<FactValue> = {}): FactValue {
  return {
    value,
    amount: null,
    unit: null,
    from: null,
    productLine: "all",
    source: {
      chunkId: "c1",
      clauseNumber: "2.1",
      heading: "Timely Filing",
      page,
      quote: `Provider shall submit claims within ${value}.`,
      startOffset: 0,
      endOffset: 10,
    },
    ...overrides,
  };
}

function aSheet(documentId: string, documentName: string, values: Partial<Record<FactFieldKey, FactValue[]>>, overrides: Partial<FactSheet> = {}): FactSheet {
  return {
    documentId,
    documentName,
    status: "ready",
    builtAt: "2026-11-25T10:00:00.000Z",
    unverifiedCount: 0,
    fields: factFieldKeys.map((key) => ({ key, values: values[key] ?? [] })),
    reviewsToCheck: [],
    ...overrides,
  };
}

const routes = [
  { path: "/app/documents/:documentId/fact-sheet", element: <FactSheetPage /> },
  { path: "/app/compare", element: <CompareFactSheetsPage /> },
  { path: "/app/documents/:documentId", element: <p>Document text</p> },
];
const render = (url: string) => renderAppRoutes(routes, url, testSiteConfig());

/** The contract's fact sheet as the server answers it. */
const contractSheet = (values: Partial<Record<FactFieldKey, FactValue[]>>, overrides: Partial<FactSheet> = {}): Answer => ({
  status: 200,
  body: { factSheet: aSheet(contract.id, contract.filename, values, overrides) },
});

/** Serves the contract (the reader's own unless `ownerName` says whose), its fact sheet answer and `more` routes, and opens the contract's fact sheet page. */
function openContractFactSheet(sheet: Handler, more: Record<string, Handler> = {}, ownerName: string | null = null) {
  const server = stubServer({
    [`GET /api/documents/${contract.id}`]: readAnswer(contract, ownerName),
    [`GET /api/documents/${contract.id}/fact-sheet`]: sheet,
    ...more,
  });
  render(`/app/documents/${contract.id}/fact-sheet`);
  return server;
}

describe("fact sheet page", () => {
  it("shows every field in its group, values with product line and a link to the highlighted clause, Not stated where silent", async () => {
    openContractFactSheet(
      contractSheet({
        timely_filing: [aValue("180 days", 2, { from: "the date of service" }), aValue("365 days", 4, { productLine: "medicaid" })],
      }),
    );
    const claims = await screen.findByRole("region", { name: "Claims and appeals" });
    const filing = within(claims).getByText("Timely filing").closest("div")!.parentElement!;
    expect(within(filing).getByText("180 days")).toBeInTheDocument();
    expect(within(filing).getByText("from the date of service")).toBeInTheDocument();
    expect(within(filing).getByText("Medicaid")).toBeInTheDocument();
    const link = within(filing).getAllByRole("link", { name: "2.1 Timely Filing, page 2" })[0]!;
    expect(link.getAttribute("href")).toBe(
      `/app/documents/${contract.id}?page=2&q=${encodeURIComponent("Provider shall submit claims within 180 days.").replace(/%20/g, "+")}`,
    );
    expect(within(claims).getAllByText("Not stated").length).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: "Fact sheet" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByText(/informational and is not legal advice/)).toBeInTheDocument();
    expect(document.title).toBe("Fact sheet · Evergreen Agreement.pdf · Clausewise");
  });

  it("says what each value applies to, and which part of the agreement is silent on a term others state", async () => {
    openContractFactSheet(
      contractSheet({
        product_lines: [aValue("Medicaid", 20, { productLine: "medicaid" }), aValue("Medicare Advantage", 30, { productLine: "medicare_advantage" })],
        records_retention: [aValue("10 years", 21, { productLine: "medicaid" })],
        change_of_status_notice: [
          aValue("90 days", 12, { appliesTo: "change of ownership or control" }),
          aValue("30 days", 12, { appliesTo: "roster changes" }),
        ],
      }),
    );
    const legal = await screen.findByRole("region", { name: "Legal and administrative" });
    const changes = within(legal).getByText("Notice of changes").closest("div")!.parentElement!;
    expect(within(changes).getByText("— change of ownership or control")).toBeInTheDocument();
    expect(within(changes).getByText("— roster changes")).toBeInTheDocument();
    const retention = within(legal).getByText("Records retention").closest("div")!.parentElement!;
    expect(within(retention).getByText("10 years")).toBeInTheDocument();
    expect(within(retention).getByText("Not stated in the base agreement")).toBeInTheDocument();
    expect(within(retention).getByText("Not stated for Medicare Advantage")).toBeInTheDocument();
  });

  it("shows an admin whose contract it is, with Confirm and Correct, and without Ask or reminders", async () => {
    const server = openContractFactSheet(
      contractSheet({ timely_filing: [aValue("90 days", 2, { amount: 90, unit: "days", from: "the date of service" })] }),
      {},
      "Dana Lee",
    );
    const user = userEvent.setup();
    expect(await screen.findByRole("note")).toHaveTextContent("Dana Lee's contract — you can read it and confirm or correct its values as an admin.");
    expect(screen.queryByRole("link", { name: "Ask" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Download/ })).toHaveAttribute("href", `/api/documents/${contract.id}/file`);
    const claims = await screen.findByRole("region", { name: "Claims and appeals" });
    expect(within(claims).getByRole("button", { name: "Confirm Timely filing: 90 days" })).toBeEnabled();
    expect(within(claims).getByRole("button", { name: /Correct/ })).toBeEnabled();
    await user.type(screen.getByLabelText("Date of service"), "2099-03-15");
    expect(await screen.findByText("June 13, 2099")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Email me a reminder" })).not.toBeInTheDocument();
    expect(server.callsTo("GET", `/api/documents/${contract.id}/fact-sheet/reminders`)).toHaveLength(0);
  });

  it("offers the owner Ask and reminders, and no note of whose it is", async () => {
    openContractFactSheet(contractSheet({ timely_filing: [aValue("90 days", 2, { amount: 90, unit: "days", from: "the date of service" })] }), {
      [`GET /api/documents/${contract.id}/fact-sheet/reminders`]: { status: 200, body: { reminders: [] } },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole("link", { name: "Ask" })).toBeInTheDocument();
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText("Date of service"), "2099-03-15");
    expect(await screen.findByRole("button", { name: "Email me a reminder" })).toBeInTheDocument();
  });

  it("says the terms are being read while the first reading runs", async () => {
    openContractFactSheet(contractSheet({}, { status: "building", builtAt: null }));
    expect(await screen.findByText("Reading the contract's key terms…")).toBeInTheDocument();
  });

  it("says when values were left out because they could not be verified", async () => {
    openContractFactSheet(contractSheet({}, { unverifiedCount: 2 }));
    expect(await screen.findByText("Some values are not shown")).toBeInTheDocument();
    expect(screen.getByText(/2 values read from this document could not be verified/)).toBeInTheDocument();
  });

  it("shows a correction beside what was read, a confirmation, and the corrections to check after a new reading, which can be removed", async () => {
    const review = { id: "55555555-5555-4555-8555-555555555555", by: "Dana Lee", at: "2026-12-03T15:00:00.000Z", page: 2 };
    const corrected = aValue("120 days", 2, {
      review: { ...review, kind: "corrected", note: "amendment 2", page: 3, read: { value: "180 days", productLine: "all", page: 2 } },
    });
    const confirmed = aValue("Oregon", 3, {
      review: { ...review, id: "66666666-6666-4666-8666-666666666666", kind: "confirmed", note: null, read: { value: "Oregon", productLine: "all", page: 3 } },
    });
    const toCheck = {
      ...review,
      id: "77777777-7777-4777-8777-777777777777",
      kind: "corrected" as const,
      note: "per letter",
      field: "provider_appeal" as const,
      quote: "Appeals within 60 days.",
      value: "90 days",
      read: { value: "60 days", productLine: "all" as const, page: 2 },
    };
    const server = openContractFactSheet(contractSheet({ timely_filing: [corrected], governing_law: [confirmed] }, { reviewsToCheck: [toCheck] }), {
      [`DELETE /api/documents/${contract.id}/fact-sheet/reviews/${toCheck.id}`]: { status: 204 },
    });
    const claims = await screen.findByRole("region", { name: "Claims and appeals" });
    expect(within(claims).getByText("Read: 180 days · Corrected to 120 days by Dana Lee, Dec 3: amendment 2")).toBeInTheDocument();
    expect(within(claims).getByRole("link", { name: "Corrected value: page 3" })).toHaveAttribute("href", `/app/documents/${contract.id}?page=3&q=`);
    expect(within(claims).queryByRole("button", { name: "Confirm Timely filing: 120 days" })).not.toBeInTheDocument();
    const legal = screen.getByRole("region", { name: "Legal and administrative" });
    expect(within(legal).getByText("Confirmed by Dana Lee, Dec 3")).toBeInTheDocument();

    const check = screen.getByText("Corrections to check").closest("[role=status]") as HTMLElement;
    expect(within(check).getByText(/Read: 60 days · Corrected to 90 days by Dana Lee, Dec 3: per letter/)).toBeInTheDocument();
    await userEvent.click(within(check).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Review removed")).toBeInTheDocument();
    expect(server.callsTo("DELETE", `/api/documents/${contract.id}/fact-sheet/reviews/${toCheck.id}`)).toHaveLength(1);
  });

  it("shows placeholders while the sheet loads", async () => {
    openContractFactSheet(neverAnswered);
    expect(await screen.findByText("Reading the contract's key terms…")).toHaveAttribute("role", "status");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says in plain words when the sheet cannot be reached", async () => {
    openContractFactSheet(noConnection);
    expect(await screen.findByRole("alert")).toHaveTextContent(`The fact sheet could not be loaded.${connectionMessages.unreachable}`);
  });

  it("offers a way back when the sheet cannot be loaded", async () => {
    openContractFactSheet({ status: 500, body: { error: { code: "internal_error", message: "x", requestId: "r" } } });
    expect(await screen.findByRole("alert")).toHaveTextContent("The fact sheet could not be loaded.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("comparing two fact sheets", () => {
  it("puts two contracts side by side and marks the terms that differ", async () => {
    stubServer({
      "GET /api/documents": { status: 200, body: { documents: [contract, template] } },
      [`GET /api/documents/${contract.id}/fact-sheet`]: {
        status: 200,
        body: { factSheet: aSheet(contract.id, contract.filename, { timely_filing: [aValue("180 days", 2)], governing_law: [aValue("Oregon", 3)] }) },
      },
      [`GET /api/documents/${template.id}/fact-sheet`]: {
        status: 200,
        body: { factSheet: aSheet(template.id, template.filename, { timely_filing: [aValue("90 days", 2)], governing_law: [aValue("Oregon", 3)] }) },
      },
    });
    render(`/app/compare?left=${contract.id}`);
    await userEvent.selectOptions(await screen.findByLabelText("Second contract"), template.id);
    const filing = await screen.findByRole("region", { name: "Timely filing" });
    expect(within(filing).getByText("Differs")).toBeInTheDocument();
    expect(within(filing).getByText("180 days")).toBeInTheDocument();
    expect(within(filing).getByText("90 days")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Governing law" })).queryByText("Differs")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("1 of 24 terms differ");
  });

  it("asks for two different contracts when both sides name the same one", async () => {
    stubServer({ "GET /api/documents": { status: 200, body: { documents: [contract, template] } } });
    render(`/app/compare?left=${contract.id}&right=${contract.id}`);
    expect(await screen.findByText("Choose two different contracts to compare.")).toBeInTheDocument();
  });

  it("asks for a second processed document when there is only one", async () => {
    stubServer({ "GET /api/documents": { status: 200, body: { documents: [contract] } } });
    render(`/app/compare?left=${contract.id}`);
    expect(await screen.findByText("Two processed documents are needed")).toBeInTheDocument();
  });
});
