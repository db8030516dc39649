import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAYER_MAX_CHARS, type ContractRow, type TermCell } from "../../../shared/contracts/portfolio";
import { unstatedContractTerms } from "../../../../tests/support/contract-rows";
import { renderAppRoutes } from "../../../../tests/support/render-app";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { stubServer } from "../../../../tests/support/stub-server";
import { ContractSummary } from "./library-contracts";
import { payerDialogDescription } from "./payer-dialog";

afterEach(() => vi.unstubAllGlobals());

const documentId = "33333333-3333-4333-8333-333333333333";
const payerAsRead: TermCell = { value: "Evergreen Health Plan", productLine: "all", page: 1, quote: "Evergreen Health Plan (“Plan”)", review: null };

function aContract(overrides: Partial<ContractRow> = {}): ContractRow {
  return {
    documentId,
    documentName: "Evergreen Agreement.pdf",
    ownerName: "Dana Lee",
    isOwn: true,
    payerCorrection: null,
    terms: { ...unstatedContractTerms, payer: payerAsRead },
    nextDeadline: null,
    ...overrides,
  };
}

function renderSummary(contract: ContractRow) {
  const server = stubServer({
    [`PUT /api/documents/${documentId}/contract-details`]: (call) => ({
      status: 200,
      body: { contract: { ...contract, payerCorrection: (call.body as { payer: string | null }).payer } },
    }),
  });
  renderAppRoutes([{ path: "/", element: <ContractSummary contract={contract} /> }], "/", testSiteConfig());
  return server;
}

describe("the payer on a library card", () => {
  it("cites the payer as read and saves the name a person types, refusing one too long", async () => {
    const server = renderSummary(aContract());
    const user = userEvent.setup();
    expect(screen.getByRole("link", { name: "Evergreen Health Plan, page 1" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Edit payer of Evergreen Agreement.pdf" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit payer" });
    expect(dialog).toHaveTextContent("Read from the parties: Evergreen Health Plan. Leave it blank to use what the contract says.");
    const input = within(dialog).getByLabelText("Payer");
    const save = within(dialog).getByRole("button", { name: "Save" });
    expect(input).toHaveValue("Evergreen Health Plan");
    expect(within(dialog).queryByRole("button", { name: "Use the payer read from the contract" })).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "x".repeat(PAYER_MAX_CHARS + 1));
    expect(save).toBeDisabled();
    expect(within(dialog).getByText(`Keep the payer's name under ${PAYER_MAX_CHARS} characters.`)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "Evergreen Medicaid");
    await user.click(save);
    expect(await screen.findByText("Payer saved")).toBeInTheDocument();
    expect(server.callsTo("PUT", `/api/documents/${documentId}/contract-details`)[0]?.body).toEqual({ payer: "Evergreen Medicaid" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows a person's correction, starts the dialog from it each time, and goes back to the payer read", async () => {
    const server = renderSummary(aContract({ payerCorrection: "Evergreen Medicaid" }));
    const user = userEvent.setup();
    expect(screen.getByText("Evergreen Medicaid")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Evergreen Health Plan/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Edit payer of Evergreen Agreement.pdf" }));
    let dialog = await screen.findByRole("dialog", { name: "Edit payer" });
    await user.clear(within(dialog).getByLabelText("Payer"));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Edit payer of Evergreen Agreement.pdf" }));
    dialog = await screen.findByRole("dialog", { name: "Edit payer" });
    expect(within(dialog).getByLabelText("Payer")).toHaveValue("Evergreen Medicaid");
    await user.click(within(dialog).getByRole("button", { name: "Use the payer read from the contract" }));
    expect(await screen.findByText("Payer saved")).toBeInTheDocument();
    expect(server.callsTo("PUT", `/api/documents/${documentId}/contract-details`)[0]?.body).toEqual({ payer: null });
  });

  it("says Not stated when the payer was neither read nor named", () => {
    renderSummary(aContract({ terms: unstatedContractTerms }));
    const payer = screen.getByText("Payer", { selector: "dt" }).nextElementSibling;
    expect(payer).toHaveTextContent("Not stated");
    expect(within(payer as HTMLElement).queryByRole("link")).not.toBeInTheDocument();
  });
});

describe("what the payer dialog says of the payer read", () => {
  it.each([
    ["Evergreen Health Plan", "Read from the parties: Evergreen Health Plan. Leave it blank to use what the contract says."],
    ["Acme Health Inc.", "Read from the parties: Acme Health Inc. Leave it blank to use what the contract says."],
    ["Payer Co!", "Read from the parties: Payer Co! Leave it blank to use what the contract says."],
    [undefined, "The payer could not be read from the parties. Leave it blank to use what the contract says."],
  ])("%s → %s", (payer, expected) => {
    expect(payerDialogDescription(payer)).toBe(expected);
  });

  it("ends the sentence once when the payer's name ends with a full stop", async () => {
    renderSummary(aContract({ terms: { ...unstatedContractTerms, payer: { ...payerAsRead, value: "Acme Health Inc." } } }));
    await userEvent.setup().click(screen.getByRole("button", { name: "Edit payer of Evergreen Agreement.pdf" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit payer" });
    expect(dialog).toHaveTextContent("Read from the parties: Acme Health Inc. Leave it blank");
    expect(dialog).not.toHaveTextContent("Inc..");
  });
});
