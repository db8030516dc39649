import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DocumentPageText, OutlineEntry } from "../../../shared/documents";
import { aDocument, renderDocuments, stubServer } from "./documents-test-utils";

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const docx = aDocument({
  id: "22222222-2222-4222-8222-222222222222",
  filename: "Humana Network Agreement.docx",
  displayType: "Network Agreement",
  mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  status: "completed",
  pageCount: 2,
  pageNumbersEstimated: true,
});
const base = `/api/documents/${docx.id}`;

const pages: DocumentPageText[] = [
  { pageNumber: 1, text: "ARTICLE I - CLAIMS\n1.1 Timely Filing. Provider shall submit claims within ninety (90) days.", method: "text", isUnreadable: false },
  {
    pageNumber: 2,
    text: "ARTICLE II - TERM\n2.1 Termination without Cause. Either party may terminate this Agreement on one hundred twenty (120) days’ prior written notice.",
    method: "text",
    isUnreadable: false,
  },
];
const outline: OutlineEntry[] = [
  { clauseNumber: null, heading: "Article I CLAIMS", path: ["Article I CLAIMS"], page: 1 },
  { clauseNumber: "1.1", heading: "1.1 Timely Filing", path: ["Article I CLAIMS", "1.1 Timely Filing"], page: 1 },
  { clauseNumber: null, heading: "Article II TERM", path: ["Article II TERM"], page: 2 },
  { clauseNumber: "2.1", heading: "2.1 Termination without Cause", path: ["Article II TERM", "2.1 Termination without Cause"], page: 2 },
];

function stubDocument(document = docx) {
  return stubServer({
    [`GET ${base}`]: { status: 200, body: { document } },
    [`GET ${base}/pages`]: { status: 200, body: { pages } },
    [`GET ${base}/outline`]: { status: 200, body: { outline } },
  });
}

describe("document view", () => {
  it("shows a Word document's text by page with the outline, a back link and Download", async () => {
    stubDocument();
    renderDocuments(`/app/documents/${docx.id}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Humana Network Agreement.docx" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Document Library" })).toHaveAttribute("href", "/app/documents");
    expect(screen.getByRole("link", { name: /Download/ })).toHaveAttribute("href", `${base}/file`);
    expect(screen.getByText(/2 pages \(page numbers estimated\)/)).toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "Page 1" })).toHaveTextContent("Timely Filing");
    expect(screen.getByRole("region", { name: "Page 2" })).toHaveTextContent("Termination without Cause");
    const nav = await screen.findByRole("navigation", { name: "Clause outline" });
    const entries = within(nav).getAllByRole("button");
    expect(entries.map((entry) => entry.getAttribute("aria-label"))).toEqual([
      "Article I CLAIMS, page 1",
      "1.1 Timely Filing, page 1",
      "Article II TERM, page 2",
      "2.1 Termination without Cause, page 2",
    ]);
    // Indented by depth.
    expect(entries[1]!.style.paddingLeft).not.toBe(entries[0]!.style.paddingLeft);
    expect(screen.queryByRole("mark")).not.toBeInTheDocument();
    expect(document.title).toBe("Humana Network Agreement.docx · Clausewise");
  });

  it("marks the cited quote on its page, whatever its quotes, dashes and spacing", async () => {
    stubDocument();
    renderDocuments(`/app/documents/${docx.id}?page=2&q=${encodeURIComponent("may terminate this   agreement on one hundred twenty (120) days' prior")}`);
    const page = await screen.findByRole("region", { name: "Page 2" });
    await waitFor(() => expect(page.querySelector("mark")).not.toBeNull());
    expect(page.querySelector("mark")).toHaveTextContent("may terminate this Agreement on one hundred twenty (120) days’ prior");
    expect(screen.queryByText(/was not found on page/)).not.toBeInTheDocument();
  });

  it("says so, quoting the citation, when the quote is not on that page", async () => {
    stubDocument();
    renderDocuments(`/app/documents/${docx.id}?page=1&q=${encodeURIComponent("terminate this Agreement")}`);
    expect(await screen.findByText("The quoted passage was not found on page 1")).toBeInTheDocument();
    expect(screen.getByText("“terminate this Agreement”")).toBeInTheDocument();
    expect(document.querySelector("mark")).toBeNull();
  });

  it("the outline jumps to a clause's page", async () => {
    stubDocument();
    renderDocuments(`/app/documents/${docx.id}`);
    const nav = await screen.findByRole("navigation", { name: "Clause outline" });
    await screen.findByRole("region", { name: "Page 2" });
    const scrollTo = vi.fn();
    const viewer = screen.getByLabelText("Document pages");
    viewer.scrollTo = scrollTo;
    await userEvent.click(within(nav).getByRole("button", { name: "2.1 Termination without Cause, page 2" }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it("shows the status instead of the viewer for a document that is not ready", async () => {
    stubDocument({ ...docx, status: "failed", failureReason: "The file is damaged." });
    renderDocuments(`/app/documents/${docx.id}`);
    expect(await screen.findByRole("heading", { level: 1, name: docx.filename })).toBeInTheDocument();
    expect(screen.getAllByText("Error").length).toBeGreaterThan(0);
    expect(screen.getByText("The file is damaged.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Document pages")).not.toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Clause outline" })).not.toBeInTheDocument();
  });

  it("answers an unknown document with 'Document not found' and a way back", async () => {
    stubServer({});
    renderDocuments("/app/documents/not-a-document");
    expect(await screen.findByRole("heading", { level: 1, name: "Document not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Document Library" })).toHaveAttribute("href", "/app/documents");
  });
});
