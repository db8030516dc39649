import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SearchPassage } from "../../../shared/contracts/chat";
import type { DocumentPageText } from "../../../shared/contracts/documents";
import { passageSnippet } from "./document-search";
import { aDocument, readAnswer, renderDocuments, stubServer } from "./documents-test-utils";

afterEach(() => {
  vi.unstubAllGlobals();
});

const docx = aDocument({
  filename: "Humana Network Agreement.docx",
  mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  status: "completed",
  pageCount: 3,
});
const base = `/api/documents/${docx.id}`;
const pages: DocumentPageText[] = [1, 2, 3].map((pageNumber) => ({ pageNumber, text: `Page ${pageNumber} text.`, method: "text", isUnreadable: false }));
const termination: SearchPassage = {
  chunkId: "c-2",
  clauseNumber: "2.1",
  heading: "2.1 Termination without Cause",
  headingPath: ["Article II TERM", "2.1 Termination without Cause"],
  pageStart: 2,
  pageEnd: 3,
  text: "Either party may terminate this Agreement on one hundred twenty (120) days’ prior written notice.",
  score: 0.9,
};
const filing: SearchPassage = {
  ...termination,
  chunkId: "c-1",
  clauseNumber: "1.1",
  heading: "Timely Filing",
  pageStart: 1,
  pageEnd: 1,
  text: "Claims within 90 days.",
  score: 0.2,
};

function stubSearch(passages: SearchPassage[]) {
  return stubServer({
    [`GET ${base}`]: readAnswer(docx),
    [`GET ${base}/pages`]: { status: 200, body: { pages } },
    [`GET ${base}/outline`]: { status: 200, body: { outline: [] } },
    [`GET ${base}/search`]: { status: 200, body: { passages } },
  });
}

describe("search this document", () => {
  it("lists the ranked passages with clause, heading, pages and a snippet; a click jumps to the page", async () => {
    const server = stubSearch([termination, filing]);
    renderDocuments(`/app/documents/${docx.id}`);
    await screen.findByRole("region", { name: "Page 3" });
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "Search this document" }), "can we end the contract{Enter}");

    const results = await screen.findByRole("list", { name: "Passages matching can we end the contract" });
    expect(server.callsTo("GET", `${base}/search`)[0]?.search.get("q")).toBe("can we end the contract");
    const [first, second] = within(results).getAllByRole("button");
    expect(first).toHaveTextContent("2.1 Termination without CausePages 2–3Either party may terminate");
    expect(second).toHaveTextContent("1.1 Timely FilingPage 1Claims within 90 days.");
    expect(screen.queryByRole("navigation", { name: "Clause outline" })).not.toBeInTheDocument();

    const scrollTo = vi.fn();
    screen.getByLabelText("Document pages").scrollTo = scrollTo;
    await user.click(first!);
    expect(scrollTo).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole("button", { name: "Clear search" }));
    expect(screen.getByRole("searchbox", { name: "Search this document" })).toHaveValue("");
    expect(screen.getByRole("heading", { name: "Clause outline" })).toBeInTheDocument();
  });

  it("says when nothing matches", async () => {
    stubSearch([]);
    renderDocuments(`/app/documents/${docx.id}`);
    await userEvent.type(await screen.findByRole("searchbox", { name: "Search this document" }), "stop-loss{Enter}");
    expect(await screen.findByText("No passages match “stop-loss”.")).toBeInTheDocument();
  });

  it("a snippet starts near the first searched word", () => {
    const text = `${"Preamble words. ".repeat(20)}The provider shall submit claims within ninety days. ${"More text. ".repeat(30)}`;
    const snippet = passageSnippet(text, "submit claims");
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet).toContain("The provider shall submit claims within ninety days.");
    expect(snippet.endsWith("…")).toBe(true);
    expect(passageSnippet("Short text.", "nothing")).toBe("Short text.");
  });
});
