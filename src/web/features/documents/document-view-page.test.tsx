import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DocumentPageText, OutlineEntry } from "../../../shared/contracts/documents";
import { layOutWords } from "../../../../tests/support/documents/word-layout";
import type { Handler } from "../../../../tests/support/stub-server";
import { aDocument, readAnswer, renderDocuments, stubServer } from "./documents-test-utils";

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
    text: "ARTICLE II - TERM\n2.1 Termination without Cause. Each party may terminate this Agreement on one hundred twenty (120) days’ prior written notice.",
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
    [`GET ${base}`]: readAnswer(document),
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

  it("shows words struck through on the page struck through, the cited quote marked in them", async () => {
    const clause = "1.1 Timely Filing. Provider shall submit claims within ninety (90) days.";
    const start = pages[0]!.text.indexOf(clause);
    stubServer({
      [`GET ${base}`]: readAnswer(docx),
      [`GET ${base}/pages`]: { status: 200, body: { pages: [{ ...pages[0]!, struckRanges: [[start, start + clause.length]] }, pages[1]!] } },
      [`GET ${base}/outline`]: { status: 200, body: { outline } },
    });
    renderDocuments(`/app/documents/${docx.id}?page=1&q=${encodeURIComponent("Provider shall submit claims")}`);
    const page = await screen.findByRole("region", { name: "Page 1" });
    await waitFor(() => expect(page.querySelector("mark")).not.toBeNull());
    // Said to screen readers, before each struck piece (the marked quote cuts the clause in three).
    expect([...page.querySelectorAll("s")].map((struck) => struck.textContent)).toEqual([
      "Struck through: 1.1 Timely Filing. ",
      "Struck through: Provider shall submit claims",
      "Struck through:  within ninety (90) days.",
    ]);
    expect(page.querySelector("mark s")).toHaveTextContent("Provider shall submit claims");
    expect(page.querySelector("s")?.closest("p")).toHaveTextContent("ARTICLE I - CLAIMS");
    expect(screen.getByRole("region", { name: "Page 2" }).querySelector("s")).toBeNull();
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

describe("document view of an image document", () => {
  const tiff = aDocument({
    id: "33333333-3333-4333-8333-333333333333",
    filename: "Cigna fax.tiff",
    displayType: "Document",
    mimeType: "image/tiff",
    status: "completed",
    pageCount: 2,
  });
  const tiffBase = `/api/documents/${tiff.id}`;
  const ocrPages: DocumentPageText[] = [
    { pageNumber: 1, text: "FEE SCHEDULE\nPayer shall pay clean claims within thirty (30) days.", method: "ocr", isUnreadable: false },
    { pageNumber: 2, text: "TERMINATION\nEither party may terminate on sixty (60) days’ notice.", method: "ocr", isUnreadable: true },
  ];

  function stubImageDocument(more: Record<string, Handler> = {}) {
    return stubServer({
      [`GET ${tiffBase}`]: { status: 200, body: { document: tiff } },
      [`GET ${tiffBase}/pages`]: { status: 200, body: { pages: ocrPages } },
      [`GET ${tiffBase}/outline`]: { status: 200, body: { outline: [] } },
      ...more,
    });
  }

  it("shows each page's picture, named for assistive technology, beside the text read from it", async () => {
    stubImageDocument();
    renderDocuments(`/app/documents/${tiff.id}`);
    for (const page of ocrPages) {
      const region = await screen.findByRole("region", { name: `Page ${page.pageNumber}` });
      const image = within(region).getByRole("img", { name: `Page ${page.pageNumber} of Cigna fax.tiff` });
      expect(image).toHaveAttribute("src", `${tiffBase}/pages/${page.pageNumber}/image`);
      expect(image).toHaveAttribute("loading", "lazy");
      expect(within(region).getByText("Text read from this page")).toBeInTheDocument();
      expect(region).toHaveTextContent(page.text.split("\n")[1]!);
    }
    expect(within(screen.getByRole("region", { name: "Page 2" })).getByText(/could not be read clearly/)).toBeInTheDocument();
    expect(screen.queryByText("Loading PDF")).not.toBeInTheDocument();
  });

  it("marks a citation's quote in the page's text and scrolls the pages to it", async () => {
    stubImageDocument();
    const scrollTo = vi.fn();
    HTMLElement.prototype.scrollTo = scrollTo;
    try {
      renderDocuments(`/app/documents/${tiff.id}?page=2&q=${encodeURIComponent("may terminate on sixty (60) days' notice")}`);
      const page = await screen.findByRole("region", { name: "Page 2" });
      await waitFor(() => expect(page.querySelector("mark")).not.toBeNull());
      expect(page.querySelector("mark")).toHaveTextContent("may terminate on sixty (60) days’ notice");
      expect(within(page).getByRole("img", { name: "Page 2 of Cigna fax.tiff" })).toBeInTheDocument();
      expect(document.querySelectorAll("mark")).toHaveLength(1);
      expect(scrollTo.mock.contexts).toContain(screen.getByLabelText("Document pages"));
      expect(screen.queryByText(/was not found on page/)).not.toBeInTheDocument();
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
    }
  });

  it("keeps the cited passage in view while pictures above it load, until the reader scrolls", async () => {
    stubImageDocument();
    let onResize: (() => void) | undefined;
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(callback: () => void) {
          onResize = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    renderDocuments(`/app/documents/${tiff.id}?page=2&q=${encodeURIComponent("terminate on sixty")}`);
    const page = await screen.findByRole("region", { name: "Page 2" });
    await waitFor(() => expect(page.querySelector("mark")).not.toBeNull());
    const viewer = screen.getByLabelText("Document pages");
    const scrollTo = vi.fn();
    viewer.scrollTo = scrollTo;
    fireEvent.load(within(screen.getByRole("region", { name: "Page 1" })).getByRole("img"));
    onResize?.();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    fireEvent.wheel(viewer);
    onResize?.();
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it("marks a citation's quote over the page's picture too, where OCR read its words", async () => {
    // Line 1 at 10–14% from the top, line 2 at 20–24%, each word 10% wide.
    const server = stubImageDocument({
      [`GET ${tiffBase}/pages/2`]: { status: 200, body: { page: { ...ocrPages[1]!, wordBoxes: layOutWords(ocrPages[1]!.text) } } },
    });
    renderDocuments(`/app/documents/${tiff.id}?page=2&q=${encodeURIComponent("party may terminate")}`);
    const page = await screen.findByRole("region", { name: "Page 2" });
    fireEvent.load(within(page).getByRole("img", { name: "Page 2 of Cigna fax.tiff" }));
    const highlight = await within(page).findByRole("img", { name: "Quoted passage" });
    // "Either party may terminate on …": words 2 to 4 of the second line, as one stroke.
    const strokes = [...highlight.children] as HTMLElement[];
    expect(strokes).toHaveLength(1);
    expect(strokes[0]!.style).toMatchObject({ left: "22%", top: "20%" });
    expect(parseFloat(strokes[0]!.style.width)).toBeCloseTo(34);
    expect(parseFloat(strokes[0]!.style.height)).toBeCloseTo(4);
    // The text keeps its mark, only the cited page's boxes are fetched, and nothing says "not found".
    expect(page.querySelector("mark")).toHaveTextContent("party may terminate");
    expect(server.calls.filter((call) => call.path.startsWith(`${tiffBase}/pages/`)).map((call) => call.path)).toEqual([`${tiffBase}/pages/2`]);
    expect(within(screen.getByRole("region", { name: "Page 1" })).queryByRole("img", { name: "Quoted passage" })).not.toBeInTheDocument();
    expect(screen.queryByText(/was not found on page/)).not.toBeInTheDocument();
  });

  it("marks the quote in the text only on a page read before word boxes were kept", async () => {
    stubImageDocument({ [`GET ${tiffBase}/pages/2`]: { status: 200, body: { page: ocrPages[1] } } });
    renderDocuments(`/app/documents/${tiff.id}?page=2&q=${encodeURIComponent("party may terminate")}`);
    const page = await screen.findByRole("region", { name: "Page 2" });
    fireEvent.load(within(page).getByRole("img", { name: "Page 2 of Cigna fax.tiff" }));
    await waitFor(() => expect(page.querySelector("mark")).toHaveTextContent("party may terminate"));
    expect(within(page).queryByRole("img", { name: "Quoted passage" })).not.toBeInTheDocument();
    expect(screen.queryByText(/was not found on page/)).not.toBeInTheDocument();
  });

  it("says so when the quote is not on the cited page of the picture's text", async () => {
    stubImageDocument();
    renderDocuments(`/app/documents/${tiff.id}?page=1&q=${encodeURIComponent("terminate on sixty")}`);
    expect(await screen.findByText("The quoted passage was not found on page 1")).toBeInTheDocument();
    expect(document.querySelector("mark")).toBeNull();
  });

  it("holds a page's place while its picture loads, then offers it full size", async () => {
    stubImageDocument();
    renderDocuments(`/app/documents/${tiff.id}`);
    const region = await screen.findByRole("region", { name: "Page 1" });
    expect(within(region).getByRole("status", { name: "Loading the image of page 1" })).toBeInTheDocument();
    fireEvent.load(within(region).getByRole("img"));
    expect(within(region).queryByRole("status")).not.toBeInTheDocument();
    expect(within(region).getByRole("link", { name: "Open page 1 full size" })).toHaveAttribute("href", `${tiffBase}/pages/1/image`);
  });

  it("says a picture could not be loaded, keeps the page's text, and tries again", async () => {
    stubImageDocument();
    renderDocuments(`/app/documents/${tiff.id}`);
    const region = await screen.findByRole("region", { name: "Page 1" });
    fireEvent.error(within(region).getByRole("img"));
    expect(within(region).getByRole("alert")).toHaveTextContent("The image of page 1 could not be loaded.");
    expect(within(region).queryByRole("img")).not.toBeInTheDocument();
    expect(region).toHaveTextContent("Payer shall pay clean claims within thirty (30) days.");
    // The other page is unaffected.
    expect(within(screen.getByRole("region", { name: "Page 2" })).getByRole("img")).toBeInTheDocument();
    await userEvent.click(within(region).getByRole("button", { name: "Try again" }));
    expect(within(region).getByRole("img", { name: "Page 1 of Cigna fax.tiff" })).toBeInTheDocument();
    expect(within(region).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows no pictures for a Word document", async () => {
    stubDocument();
    renderDocuments(`/app/documents/${docx.id}`);
    await screen.findByRole("region", { name: "Page 1" });
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.queryByText("Text read from this page")).not.toBeInTheDocument();
  });
});
