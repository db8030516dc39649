import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../../../tests/support/fake-event-source";
import type { DocumentSummary, StartProcessingResponse } from "../../../shared/contracts/documents";
import { cannotProcessMessages } from "../../../shared/billing";
import type { BillingSummary } from "../../../shared/contracts/billing";
import { organizationMessages } from "../../../shared/organizations";
import { neverAnswered, noConnection } from "../../../../tests/support/stub-server";
import { connectionMessages } from "../../lib/api-client";
import { aDocument, listAnswer, renderDocuments, stubServer } from "./documents-test-utils";
import { documentKeys } from "./use-documents";

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function cardFor(name: string): HTMLElement {
  return screen.getByRole("article", { name });
}

async function openMenu(name: string) {
  const user = userEvent.setup();
  await user.click(within(cardFor(name)).getByRole("button", { name: `Actions for ${name}` }));
  return user;
}

/** Chooses `action` from a document's menu and confirms it in the dialog that asks. */
async function confirmFromMenu(name: string, action: string) {
  const user = await openMenu(name);
  await user.click(await screen.findByRole("menuitem", { name: action }));
  await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: action }));
}

describe("document library", () => {
  it("shows the header, and the empty state when nothing is uploaded", async () => {
    stubServer({ "GET /api/documents": listAnswer([]) });
    renderDocuments();
    expect(screen.getByRole("heading", { level: 1, name: "Document Library" })).toBeInTheDocument();
    expect(screen.getByText("Upload and manage your healthcare contracts and agreements")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "No documents uploaded" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Upload Your First Document/ })).toBeEnabled();
    expect(screen.getByRole("button", { name: /Upload Document/ })).toBeEnabled();
    expect(screen.getByRole("button", { name: /Refresh/ })).toBeInTheDocument();
    expect(screen.getByLabelText("Choose a document to upload")).toHaveAttribute("accept", ".pdf,.docx,.doc,.png,.jpg,.jpeg,.webp,.tiff,.tif");
    expect(document.title).toBe("Document Library · Clausewise");
  });

  it("says how much of the person's storage their documents take", async () => {
    stubServer({
      "GET /api/documents": listAnswer([aDocument({ fileSize: 1.5 * 1024 ** 3 }), aDocument({ fileSize: 512 * 1024 ** 2 })]),
    });
    renderDocuments();
    expect(await screen.findByText("Storage: 2 GB of 5 GB used")).toBeInTheDocument();
  });

  it("filters by file name or display type, and says when nothing matches", async () => {
    stubServer({
      "GET /api/documents": listAnswer([
        aDocument({ filename: "Aetna Provider Agreement.pdf", displayType: "Payer Contract" }),
        aDocument({ filename: "Office Manual.docx", displayType: "Policy Document" }),
        aDocument({ filename: "Regional Network Agreement.pdf", displayType: "Network Agreement" }),
      ]),
    });
    renderDocuments();
    await screen.findByRole("article", { name: "Office Manual.docx" });
    const search = screen.getByPlaceholderText("Search documents...");

    await userEvent.type(search, "aetna");
    expect(screen.getAllByRole("article")).toHaveLength(1);
    expect(cardFor("Aetna Provider Agreement.pdf")).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, "policy document");
    expect(screen.getAllByRole("article")).toHaveLength(1);
    expect(cardFor("Office Manual.docx")).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, "AGREEMENT");
    expect(screen.getAllByRole("article")).toHaveLength(2);

    await userEvent.clear(search);
    await userEvent.type(search, "cigna");
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    expect(screen.getByRole("heading", { name: "No documents found" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear search" }));
    expect(screen.getAllByRole("article")).toHaveLength(3);
  });

  it("shows size in MB with one decimal, the upload date, and the type badge", async () => {
    stubServer({
      "GET /api/documents": listAnswer([
        aDocument({ filename: "Big.pdf", fileSize: 2_516_582, createdAt: "2026-11-20T15:00:00.000Z", displayType: "PDF Document" }),
        aDocument({ filename: "Tiny.pdf", fileSize: 1200, createdAt: "2026-01-05T12:00:00.000Z" }),
      ]),
    });
    renderDocuments();
    const big = await screen.findByRole("article", { name: "Big.pdf" });
    expect(within(big).getByText("2.4 MB")).toBeInTheDocument();
    expect(within(big).getByText("Nov 20, 2026")).toBeInTheDocument();
    expect(within(big).getByText("PDF Document")).toBeInTheDocument();
    expect(within(big).getByRole("heading", { name: "Big.pdf" })).toHaveAttribute("title", "Big.pdf");
    const tiny = cardFor("Tiny.pdf");
    expect(within(tiny).getByText("< 0.1 MB")).toBeInTheDocument();
    expect(within(tiny).getByText("Jan 5, 2026")).toBeInTheDocument();
  });

  it("offers the status action each state calls for", async () => {
    stubServer({
      "GET /api/documents": listAnswer([
        aDocument({ filename: "new.pdf", status: "uploaded" }),
        aDocument({ filename: "broken.pdf", status: "failed", failureReason: "The PDF is protected by a password." }),
        aDocument({ id: "11111111-1111-4111-8111-111111111111", filename: "done.pdf", status: "completed", pageCount: 12 }),
        aDocument({ filename: "waiting.pdf", status: "queued", progress: { stage: "queued", pagesDone: 0, pagesTotal: 0 } }),
        aDocument({ filename: "busy.pdf", status: "processing", progress: { stage: "extract", pagesDone: 12, pagesTotal: 40 } }),
        aDocument({ filename: "credit.pdf", status: "awaiting_credit" }),
      ]),
    });
    renderDocuments();

    const uploaded = await screen.findByRole("article", { name: "new.pdf" });
    expect(within(uploaded).getByText("Uploaded")).toBeInTheDocument();
    expect(within(uploaded).getByRole("button", { name: /Process/ })).toBeEnabled();

    const failed = cardFor("broken.pdf");
    expect(within(failed).getByText("Error")).toBeInTheDocument();
    expect(within(failed).getByRole("button", { name: /Retry/ })).toBeEnabled();
    expect(within(failed).getByText("The PDF is protected by a password.")).toBeInTheDocument();

    const completed = cardFor("done.pdf");
    expect(within(completed).getByText("Ready")).toBeInTheDocument();
    expect(within(completed).queryByRole("button", { name: /Process|Retry|Processing/ })).not.toBeInTheDocument();
    expect(within(completed).getByRole("link", { name: /Open/ })).toHaveAttribute("href", "/app/documents/11111111-1111-4111-8111-111111111111");
    expect(within(completed).getByRole("link", { name: /Ask/ })).toHaveAttribute("href", "/app/chat?document=11111111-1111-4111-8111-111111111111");
    expect(within(completed).getByText("12 pages")).toBeInTheDocument();

    for (const [name, badge] of [
      ["waiting.pdf", "Queued"],
      ["busy.pdf", "Processing"],
    ] as const) {
      const card = cardFor(name);
      expect(within(card).getByText(badge)).toBeInTheDocument();
      expect(within(card).getByRole("button", { name: /Processing\.\.\./ })).toBeDisabled();
    }

    const awaitingCredit = cardFor("credit.pdf");
    expect(within(awaitingCredit).getByText("Awaiting Credit")).toBeInTheDocument();
    expect(within(awaitingCredit).getByRole("button", { name: "Buy a document credit" })).toBeEnabled();
    expect(within(awaitingCredit).queryByRole("button", { name: /Processing\.\.\./ })).not.toBeInTheDocument();

    const progress = within(cardFor("busy.pdf")).getByRole("progressbar", { name: "Reading pages 12 of 40" });
    expect(progress).toHaveAttribute("aria-valuenow", String(Math.round(5 + 65 * (12 / 40))));
    expect(within(cardFor("waiting.pdf")).getByRole("progressbar", { name: "Waiting to start" })).toHaveAttribute("aria-valuenow", "0");
    expect(within(cardFor("credit.pdf")).queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("names the later stages and warns about unreadable pages and estimated page numbers", async () => {
    stubServer({
      "GET /api/documents": listAnswer([
        aDocument({ filename: "structuring.pdf", status: "processing", progress: { stage: "structure", pagesDone: 40, pagesTotal: 40 } }),
        aDocument({ filename: "indexing.pdf", status: "processing", progress: { stage: "index", pagesDone: 0, pagesTotal: 40 } }),
        aDocument({ filename: "scan.pdf", status: "completed", pageCount: 9, unreadablePages: [3, 7] }),
        aDocument({ filename: "letter.docx", status: "completed", pageCount: 2, pageNumbersEstimated: true, mimeType: "application/msword" }),
      ]),
    });
    renderDocuments();
    expect(await screen.findByRole("progressbar", { name: "Finding clauses" })).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Indexing" })).toBeInTheDocument();
    expect(within(cardFor("scan.pdf")).getByText("Pages 3, 7 could not be read clearly")).toBeInTheDocument();
    expect(within(cardFor("letter.docx")).getByText(/Page numbers are estimated/)).toBeInTheDocument();
    expect(within(cardFor("scan.pdf")).queryByText(/Page numbers are estimated/)).not.toBeInTheDocument();
  });

  it("Process starts the job, says so and shows the card as busy", async () => {
    const document = aDocument({ filename: "new.pdf", status: "uploaded" });
    const server = stubServer({
      "GET /api/documents": listAnswer([document]),
      [`POST /api/documents/${document.id}/process`]: { status: 200, body: { ok: true, document: { ...document, status: "queued" } } },
    });
    renderDocuments();
    const card = await screen.findByRole("article", { name: "new.pdf" });
    await userEvent.click(within(card).getByRole("button", { name: /Process/ }));
    expect(await screen.findByText("Processing started")).toBeInTheDocument();
    expect(server.callsTo("POST", `/api/documents/${document.id}/process`)[0]?.body).toEqual({ trigger: "start" });
    expect(within(card).getByRole("button", { name: /Processing\.\.\./ })).toBeDisabled();
  });

  it("Retry restarts a failed document, and a refused retry shows 'Retry failed'", async () => {
    const failed = aDocument({ filename: "broken.pdf", status: "failed", failureReason: "Unreadable." });
    const other = aDocument({ filename: "stale.pdf", status: "failed" });
    const server = stubServer({
      "GET /api/documents": listAnswer([failed, other]),
      [`POST /api/documents/${failed.id}/process`]: { status: 200, body: { ok: true, document: { ...failed, status: "queued" } } },
      [`POST /api/documents/${other.id}/process`]: { status: 409, body: { error: { code: "conflict", message: "Only a failed document can be retried." } } },
    });
    renderDocuments();
    await userEvent.click(within(await screen.findByRole("article", { name: "broken.pdf" })).getByRole("button", { name: /Retry/ }));
    expect(await screen.findByText("Processing restarted")).toBeInTheDocument();
    expect(server.callsTo("POST", `/api/documents/${failed.id}/process`)[0]?.body).toEqual({ trigger: "retry" });
    await userEvent.click(within(cardFor("stale.pdf")).getByRole("button", { name: /Retry/ }));
    expect(await screen.findByText("Retry failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to restart document processing. Please try again.")).toBeInTheDocument();
  });

  it("a refused start shows 'Start failed' without the detail, and the card can be started again", async () => {
    const document = aDocument({ filename: "new.pdf", status: "uploaded" });
    stubServer({
      "GET /api/documents": listAnswer([document]),
      [`POST /api/documents/${document.id}/process`]: { status: 500, body: { error: { code: "internal_error", message: "Database unavailable." } } },
    });
    renderDocuments();
    const card = await screen.findByRole("article", { name: "new.pdf" });
    await userEvent.click(within(card).getByRole("button", { name: /Process/ }));
    const toast = (await screen.findByText("Start failed")).closest("li")!;
    expect(toast).not.toHaveTextContent("Database unavailable.");
    expect(within(card).getByRole("button", { name: /Process/ })).toBeEnabled();
  });

  it("refreshes the list about 800 ms after Process", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const document = aDocument({ filename: "new.pdf", status: "uploaded" });
    const server = stubServer({
      "GET /api/documents": listAnswer([document]),
      [`POST /api/documents/${document.id}/process`]: { status: 200, body: { ok: true, document: { ...document, status: "queued" } } },
    });
    renderDocuments();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(await screen.findByRole("article", { name: "new.pdf" })).getByRole("button", { name: /Process/ }));
    await screen.findByText("Processing started");
    const listCalls = server.callsTo("GET", "/api/documents").length;
    await vi.advanceTimersByTimeAsync(500);
    expect(server.callsTo("GET", "/api/documents")).toHaveLength(listCalls);
    await vi.advanceTimersByTimeAsync(400);
    await waitFor(() => expect(server.callsTo("GET", "/api/documents")).toHaveLength(listCalls + 1));
  });

  it("rename keeps Save disabled while the name is blank or unchanged, then saves", async () => {
    const document = aDocument({ filename: "Old name.pdf" });
    const server = stubServer({
      "GET /api/documents": listAnswer([document]),
      [`PATCH /api/documents/${document.id}`]: (call) => ({
        status: 200,
        body: { document: { ...document, filename: `${(call.body as { filename: string }).filename}.pdf` } },
      }),
    });
    renderDocuments();
    await screen.findByRole("article", { name: "Old name.pdf" });
    const user = await openMenu("Old name.pdf");
    await user.click(await screen.findByRole("menuitem", { name: "Rename" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename document" });
    const input = within(dialog).getByLabelText("Name");
    const save = within(dialog).getByRole("button", { name: "Save" });
    expect(input).toHaveValue("Old name.pdf");
    expect(save).toBeDisabled();
    await user.clear(input);
    expect(save).toBeDisabled();
    expect(within(dialog).getByText("Enter a name.")).toBeInTheDocument();
    await user.type(input, "   ");
    expect(save).toBeDisabled();
    await user.clear(input);
    await user.type(input, "Old name.pdf ");
    expect(save).toBeDisabled();
    await user.clear(input);
    await user.type(input, "Cigna 2026");
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText("Document renamed")).toBeInTheDocument();
    expect(server.callsTo("PATCH", `/api/documents/${document.id}`)[0]?.body).toEqual({ filename: "Cigna 2026" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("article", { name: "Cigna 2026.pdf" })).toBeInTheDocument();
  });

  it("a refused rename shows 'Rename failed' with the server's reason", async () => {
    const document = aDocument({ filename: "Old name.pdf" });
    stubServer({
      "GET /api/documents": listAnswer([document]),
      [`PATCH /api/documents/${document.id}`]: {
        status: 422,
        body: { error: { code: "validation_failed", message: "The new name is the same as the current one." } },
      },
    });
    renderDocuments();
    await screen.findByRole("article", { name: "Old name.pdf" });
    const user = await openMenu("Old name.pdf");
    await user.click(await screen.findByRole("menuitem", { name: "Rename" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename document" });
    await user.type(within(dialog).getByLabelText("Name"), "x");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Rename failed")).toBeInTheDocument();
    expect(screen.getByText("The new name is the same as the current one.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Rename document" })).toBeInTheDocument();
  });

  it("delete asks first, then removes the card", async () => {
    let documents: DocumentSummary[] = [aDocument({ filename: "Old contract.pdf" })];
    const id = documents[0]!.id;
    const server = stubServer({
      "GET /api/documents": () => ({ status: 200, body: { documents } }),
      [`DELETE /api/documents/${id}`]: () => {
        documents = [];
        return { status: 204 };
      },
    });
    renderDocuments();
    await screen.findByRole("article", { name: "Old contract.pdf" });
    const user = await openMenu("Old contract.pdf");
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete document?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(server.callsTo("DELETE", `/api/documents/${id}`)).toHaveLength(0);

    await confirmFromMenu("Old contract.pdf", "Delete");
    expect(await screen.findByText("Document deleted")).toBeInTheDocument();
    expect(server.callsTo("DELETE", `/api/documents/${id}`)).toHaveLength(1);
    expect(await screen.findByRole("heading", { name: "No documents uploaded" })).toBeInTheDocument();
  });

  it.each([
    [500, { code: "internal_error", message: "Boom." }, "Failed to delete the document. Please try again."],
    [401, { code: "unauthenticated", message: "Please sign in to continue." }, "Not authenticated. Please refresh and try again."],
  ])("a delete refused with %i keeps the card and says why", async (status, error, expected) => {
    const document = aDocument({ filename: "Keep.pdf" });
    stubServer({
      "GET /api/documents": listAnswer([document]),
      [`DELETE /api/documents/${document.id}`]: { status, body: { error } },
    });
    renderDocuments();
    await screen.findByRole("article", { name: "Keep.pdf" });
    await confirmFromMenu("Keep.pdf", "Delete");
    expect(await screen.findByText("Delete failed")).toBeInTheDocument();
    expect(screen.getByText(expected)).toBeInTheDocument();
    expect(cardFor("Keep.pdf")).toBeInTheDocument();
  });

  it("the menu's Download links to the original file", async () => {
    const document = aDocument({ filename: "Contract.pdf" });
    stubServer({ "GET /api/documents": listAnswer([document]) });
    renderDocuments();
    await screen.findByRole("article", { name: "Contract.pdf" });
    await openMenu("Contract.pdf");
    const download = await screen.findByRole("menuitem", { name: "Download" });
    expect(download).toHaveAttribute("href", `/api/documents/${document.id}/file`);
    expect(download).toHaveAttribute("download");
  });
});

describe("reprocess", () => {
  const ready = (overrides: Partial<DocumentSummary> = {}) => aDocument({ filename: "Ready.pdf", status: "completed", pageCount: 3, ...overrides });
  const reprocessPath = (document: DocumentSummary) => `/api/documents/${document.id}/process`;

  it("is offered in a completed document's menu only", async () => {
    stubServer({
      "GET /api/documents": listAnswer([
        ready(),
        aDocument({ filename: "new.pdf", status: "uploaded" }),
        aDocument({ filename: "broken.pdf", status: "failed" }),
        aDocument({ filename: "busy.pdf", status: "processing" }),
        aDocument({ filename: "credit.pdf", status: "awaiting_credit" }),
      ]),
    });
    renderDocuments();
    await screen.findByRole("article", { name: "Ready.pdf" });
    for (const [name, isOffered] of [
      ["Ready.pdf", true],
      ["new.pdf", false],
      ["broken.pdf", false],
      ["busy.pdf", false],
      ["credit.pdf", false],
    ] as const) {
      const user = await openMenu(name);
      await screen.findByRole("menuitem", { name: "Rename" });
      expect(screen.queryAllByRole("menuitem", { name: "Reprocess" })).toHaveLength(isOffered ? 1 : 0);
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
    }
  });

  it("asks first, saying it is free, then rebuilds the document and shows its progress", async () => {
    const document = ready();
    const server = stubServer({
      "GET /api/documents": listAnswer([document]),
      [`POST ${reprocessPath(document)}`]: { status: 200, body: { ok: true, document: { ...document, status: "queued" } } },
    });
    renderDocuments();
    await screen.findByRole("article", { name: "Ready.pdf" });
    const user = await openMenu("Ready.pdf");
    await user.click(await screen.findByRole("menuitem", { name: "Reprocess" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Reprocess document?" });
    expect(dialog).toHaveTextContent("Ready.pdf will be read again and its passages rebuilt with the latest reading");
    expect(dialog).toHaveTextContent("This costs no credit.");
    expect(dialog).toHaveTextContent("Your conversations about it are kept");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(server.callsTo("POST", reprocessPath(document))).toHaveLength(0);

    await confirmFromMenu("Ready.pdf", "Reprocess");
    expect(await screen.findByText("Reprocessing started")).toBeInTheDocument();
    expect(server.callsTo("POST", reprocessPath(document))).toEqual([expect.objectContaining({ body: { trigger: "reprocess" } })]);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    const card = cardFor("Ready.pdf");
    expect(within(card).getByText("Queued")).toBeInTheDocument();
    expect(within(card).getByRole("progressbar", { name: "Waiting to start" })).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: /Processing\.\.\./ })).toBeDisabled();
  });

  it("works from the keyboard alone", async () => {
    const document = ready();
    const server = stubServer({
      "GET /api/documents": listAnswer([document]),
      [`POST ${reprocessPath(document)}`]: { status: 200, body: { ok: true, document: { ...document, status: "queued" } } },
    });
    renderDocuments();
    const user = userEvent.setup();
    const menuButton = within(await screen.findByRole("article", { name: "Ready.pdf" })).getByRole("button", { name: "Actions for Ready.pdf" });
    menuButton.focus();
    await user.keyboard("{Enter}");
    const item = await screen.findByRole("menuitem", { name: "Reprocess" });
    for (let presses = 0; presses < 5 && globalThis.document.activeElement !== item; presses++) await user.keyboard("{ArrowDown}");
    expect(item).toHaveFocus();
    await user.keyboard("{Enter}");
    const confirm = within(await screen.findByRole("alertdialog", { name: "Reprocess document?" })).getByRole("button", { name: "Reprocess" });
    for (let presses = 0; presses < 5 && globalThis.document.activeElement !== confirm; presses++) await user.tab();
    expect(confirm).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Reprocessing started")).toBeInTheDocument();
    expect(server.callsTo("POST", reprocessPath(document))).toHaveLength(1);
  });

  it("a refused reprocess shows 'Reprocess failed' with the server's reason, and the card stays Ready", async () => {
    const document = ready();
    stubServer({
      "GET /api/documents": listAnswer([document]),
      [`POST ${reprocessPath(document)}`]: {
        status: 409,
        body: { error: { code: "conflict", message: "Only a completed document can be reprocessed (this one is processing)." } },
      },
    });
    renderDocuments();
    await screen.findByRole("article", { name: "Ready.pdf" });
    await confirmFromMenu("Ready.pdf", "Reprocess");
    expect(await screen.findByText("Reprocess failed")).toBeInTheDocument();
    expect(screen.getByText("Only a completed document can be reprocessed (this one is processing).")).toBeInTheDocument();
    expect(within(cardFor("Ready.pdf")).getByText("Ready")).toBeInTheDocument();
  });

  it("forgets the pages, outline and searches read from the document before, and nothing of other documents", async () => {
    const document = ready();
    const other = ready({ filename: "Other.pdf" });
    stubServer({
      "GET /api/documents": listAnswer([document, other]),
      [`POST ${reprocessPath(document)}`]: { status: 200, body: { ok: true, document: { ...document, status: "queued" } } },
    });
    const { queryClient } = renderDocuments();
    for (const id of [document.id, other.id]) {
      queryClient.setQueryData(documentKeys.pages(id), []);
      queryClient.setQueryData(documentKeys.outline(id), []);
      queryClient.setQueryData([...documentKeys.detail(id), "search", "termination"], []);
    }
    await screen.findByRole("article", { name: "Ready.pdf" });
    await confirmFromMenu("Ready.pdf", "Reprocess");
    await screen.findByText("Reprocessing started");
    expect(queryClient.getQueryData(documentKeys.pages(document.id))).toBeUndefined();
    expect(queryClient.getQueryData(documentKeys.outline(document.id))).toBeUndefined();
    expect(queryClient.getQueryData([...documentKeys.detail(document.id), "search", "termination"])).toBeUndefined();
    expect(queryClient.getQueryData(documentKeys.detail(document.id))).toMatchObject({ status: "queued" });
    expect(queryClient.getQueryData(documentKeys.pages(other.id))).toEqual([]);
    expect(queryClient.getQueryData(documentKeys.outline(other.id))).toEqual([]);
  });

  it("a completed document whose last reprocess failed says it kept its earlier passages, and why", async () => {
    stubServer({
      "GET /api/documents": listAnswer([ready({ failureReason: "It stopped unexpectedly several times. Please reprocess it again or contact support." })]),
    });
    renderDocuments();
    const card = await screen.findByRole("article", { name: "Ready.pdf" });
    expect(within(card).getByText("Ready")).toBeInTheDocument();
    expect(
      within(card).getByText(
        "Reprocessing failed, so this document keeps its earlier passages. It stopped unexpectedly several times. Please reprocess it again or contact support.",
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: /Ask about/ })).toBeInTheDocument();
  });
});

describe("uploading", () => {
  function pdfFile(name = "Cigna Agreement.pdf", size = 1000) {
    return new File([new Uint8Array(size).fill(0x25)], name, { type: "application/pdf" });
  }

  const processAnswer = (document: DocumentSummary, answer: Partial<StartProcessingResponse> = {}) => ({
    status: 200,
    body: { ok: true, document: { ...document, status: "queued" }, ...answer },
  });

  it("uploads the chosen file, adds its card and starts processing it", async () => {
    const created = aDocument({ filename: "Cigna Agreement.pdf" });
    const server = stubServer({
      "GET /api/documents": listAnswer([]),
      "POST /api/documents": { status: 201, body: { document: created } },
      [`POST /api/documents/${created.id}/process`]: processAnswer(created),
    });
    renderDocuments();
    await screen.findByRole("heading", { name: "No documents uploaded" });
    await userEvent.upload(screen.getByLabelText("Choose a document to upload"), pdfFile());
    expect(await screen.findByText("Document uploaded")).toBeInTheDocument();
    expect(screen.getByText("1 document processing. Each card updates as it goes.")).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Cigna Agreement.pdf" })).toBeInTheDocument();
    const sent = server.callsTo("POST", "/api/documents")[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect(((sent as FormData).get("file") as File).name).toBe("Cigna Agreement.pdf");
    expect(server.callsTo("POST", `/api/documents/${created.id}/process`)[0]?.body).toEqual({ trigger: "start" });
  });

  it("uploads many files at once with one toast, and says once why the ones without a credit wait", async () => {
    const documents = ["One.pdf", "Two.pdf", "Three.pdf"].map((filename) => aDocument({ filename }));
    const stored: DocumentSummary[] = [];
    const noCredits = { startingCredits: 1, creditsUsed: 1, overageUnits: 0, creditsAvailable: 0, creditsTotal: 1, periodStart: null, periodEnd: null };
    const period = { currentPeriodStart: "2026-11-01T00:00:00.000Z", currentPeriodEnd: "2026-12-01T00:00:00.000Z" };
    const server = stubServer({
      "GET /api/billing/summary": {
        status: 200,
        body: {
          mode: "local",
          subscription: { planKey: "basic", status: "active", hasAccess: true, willCancel: false, ...period },
          credits: noCredits,
          organizationPlan: null,
        } satisfies BillingSummary,
      },
      "GET /api/documents": listAnswer(stored),
      "POST /api/documents": () => {
        stored.push(documents[stored.length]!);
        return { status: 201, body: { document: stored.at(-1) } };
      },
      [`POST /api/documents/${documents[0]!.id}/process`]: processAnswer(documents[0]!),
      [`POST /api/documents/${documents[1]!.id}/process`]: processAnswer(documents[1]!, {
        ok: false,
        reason: "insufficient_credits",
        message: cannotProcessMessages.insufficient_credits,
      } as Partial<StartProcessingResponse>),
      [`POST /api/documents/${documents[2]!.id}/process`]: processAnswer(documents[2]!, {
        ok: false,
        reason: "insufficient_credits",
        message: cannotProcessMessages.insufficient_credits,
      } as Partial<StartProcessingResponse>),
    });
    renderDocuments();
    await screen.findByRole("heading", { name: "No documents uploaded" });
    expect(screen.getByLabelText("Choose a document to upload")).toHaveAttribute("multiple");
    await userEvent.upload(screen.getByLabelText("Choose a document to upload"), [pdfFile("One.pdf"), pdfFile("Two.pdf"), pdfFile("Three.pdf")]);
    expect(await screen.findByText("3 documents uploaded")).toBeInTheDocument();
    expect(
      screen.getByText(
        `1 document processing. Each card updates as it goes. 2 documents waiting to be processed. ${cannotProcessMessages.insufficient_credits}`,
      ),
    ).toBeInTheDocument();
    expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(1);
    for (const name of ["One.pdf", "Two.pdf", "Three.pdf"]) expect(await screen.findByRole("article", { name })).toBeInTheDocument();
    expect(server.callsTo("POST", "/api/documents")).toHaveLength(3);
  });

  it("a file already in the library shows 'Duplicate document'", async () => {
    stubServer({
      "GET /api/documents": listAnswer([]),
      "POST /api/documents": { status: 409, body: { error: { code: "conflict", message: "This document already exists in your library." } } },
    });
    renderDocuments();
    await screen.findByRole("heading", { name: "No documents uploaded" });
    await userEvent.upload(screen.getByLabelText("Choose a document to upload"), pdfFile());
    expect(await screen.findByText("Duplicate document")).toBeInTheDocument();
    expect(screen.getByText("This document already exists in your library.")).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses a file, and the spec's words otherwise", async () => {
    let answer = { status: 415, body: { error: { code: "unsupported_media_type", message: "The file's contents do not match its type." } } };
    stubServer({ "GET /api/documents": listAnswer([]), "POST /api/documents": () => answer });
    renderDocuments();
    await screen.findByRole("heading", { name: "No documents uploaded" });
    await userEvent.upload(screen.getByLabelText("Choose a document to upload"), pdfFile());
    expect(await screen.findByText("Upload failed")).toBeInTheDocument();
    expect(screen.getByText("The file's contents do not match its type.")).toBeInTheDocument();

    answer = { status: 500, body: { error: { code: "internal_error", message: "Something went wrong on our side. Please try again." } } };
    await userEvent.upload(screen.getByLabelText("Choose a document to upload"), pdfFile("Other.pdf"));
    expect(await screen.findByText("There was an error uploading your document. Please try again.")).toBeInTheDocument();
  });

  it("an organization out of storage says so as 'Upload failed', not as a duplicate", async () => {
    stubServer({
      "GET /api/documents": listAnswer([]),
      "POST /api/documents": { status: 413, body: { error: { code: "payload_too_large", message: organizationMessages.storageFull(100) } } },
    });
    renderDocuments();
    await screen.findByRole("heading", { name: "No documents uploaded" });
    await userEvent.upload(screen.getByLabelText("Choose a document to upload"), pdfFile());
    expect(await screen.findByText("Upload failed")).toBeInTheDocument();
    expect(screen.getByText(organizationMessages.storageFull(100))).toBeInTheDocument();
    expect(screen.queryByText("Duplicate document")).not.toBeInTheDocument();
  });

  it("refuses an unsupported type or an oversized file before sending anything", async () => {
    const server = stubServer({ "GET /api/documents": listAnswer([]) });
    renderDocuments();
    await screen.findByRole("heading", { name: "No documents uploaded" });
    const input = screen.getByLabelText("Choose a document to upload");
    fireEvent.change(input, { target: { files: [new File(["MZ"], "setup.exe")] } });
    expect(await screen.findByText("Unsupported file type")).toBeInTheDocument();

    const huge = pdfFile("Huge.pdf", 1);
    Object.defineProperty(huge, "size", { value: 50 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await screen.findByText("File too large")).toBeInTheDocument();
    expect(screen.getByText("The file is larger than 50 MB.")).toBeInTheDocument();
    expect(server.callsTo("POST", "/api/documents")).toHaveLength(0);
  });

  it("uploads a file dropped on the page", async () => {
    const server = stubServer({
      "GET /api/documents": listAnswer([]),
      "POST /api/documents": { status: 201, body: { document: aDocument({ filename: "Dropped.pdf" }) } },
    });
    renderDocuments();
    await screen.findByRole("heading", { name: "No documents uploaded" });
    const dataTransfer = { types: ["Files"], files: [pdfFile("Dropped.pdf")], dropEffect: "none" };
    const page = screen.getByRole("heading", { level: 1, name: "Document Library" });
    fireEvent.dragEnter(page, { dataTransfer });
    expect(screen.getByText("Drop to upload")).toBeInTheDocument();
    fireEvent.drop(page, { dataTransfer });
    expect(await screen.findByText("Document uploaded")).toBeInTheDocument();
    expect(screen.queryByText("Drop to upload")).not.toBeInTheDocument();
    expect(server.callsTo("POST", "/api/documents")).toHaveLength(1);
  });
});

describe("loading", () => {
  it("explains a failed load and tries again", async () => {
    let isDown = true;
    stubServer({
      "GET /api/documents": () =>
        isDown
          ? { status: 500, body: { error: { code: "internal_error", message: "Down." } } }
          : { status: 200, body: { documents: [aDocument({ filename: "Back.pdf" })] } },
    });
    renderDocuments();
    expect(await screen.findByRole("alert")).toHaveTextContent("Error loading documents");
    expect(screen.getAllByText("Failed to load your documents. Please try again.").length).toBeGreaterThanOrEqual(1);
    isDown = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "Back.pdf" })).toBeInTheDocument();
  });

  it("shows placeholder cards while the library loads", async () => {
    stubServer({ "GET /api/documents": neverAnswered });
    renderDocuments();
    const placeholders = await screen.findByRole("status", { name: "Loading documents" });
    expect(placeholders.children).toHaveLength(6);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says in plain words when the server cannot be reached", async () => {
    stubServer({ "GET /api/documents": noConnection });
    renderDocuments();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Error loading documents");
    expect(alert).toHaveTextContent(connectionMessages.unreachable);
    expect(alert).not.toHaveTextContent("Failed to fetch");
  });

  it("asks a signed-out person to log in", async () => {
    stubServer({ "GET /api/documents": { status: 401, body: { error: { code: "unauthenticated", message: "Sign in first." } } } });
    renderDocuments();
    expect(await screen.findByText("Please log in to access documents.")).toBeInTheDocument();
  });

  it("refetches once when the server reports a burst of changes", async () => {
    let documents: DocumentSummary[] = [];
    const server = stubServer({ "GET /api/documents": () => ({ status: 200, body: { documents } }) });
    renderDocuments();
    await screen.findByRole("heading", { name: "No documents uploaded" });
    const [connection] = FakeEventSource.connected();
    expect(connection?.url).toBe("/api/events");
    documents = [aDocument({ filename: "From elsewhere.pdf" })];
    act(() => {
      connection!.open();
      connection!.send({ type: "document", change: "insert", documentId: documents[0]!.id });
      connection!.send({ type: "document", change: "update", documentId: documents[0]!.id });
    });
    expect(await screen.findByRole("article", { name: "From elsewhere.pdf" })).toBeInTheDocument();
    expect(server.callsTo("GET", "/api/documents")).toHaveLength(2);
  });
});
