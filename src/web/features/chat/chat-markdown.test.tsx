import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ChatMarkdown } from "./chat-markdown";
import { CitationOpenerContext } from "./citation-opener";

const documentId = "0b5e7a52-3f0c-4d8e-9a55-7c1f1e2b6d40";

describe("ChatMarkdown", () => {
  const citation = `1. [2.1 Timely Filing, page 2](/app/documents/${documentId}?page=2&q=claims+within): “claims within”`;

  it("links an answer's citations to the document viewer", () => {
    render(<ChatMarkdown content={citation} />);
    const link = screen.getByRole("link", { name: "2.1 Timely Filing, page 2" });
    expect(link).toHaveAttribute("href", `/app/documents/${documentId}?page=2&q=claims+within`);
  });

  it("beside the chat, a click shows the citation's source; a Ctrl or middle click is left to the browser (a new tab)", () => {
    const open = vi.fn();
    render(
      <CitationOpenerContext value={open}>
        <ChatMarkdown content={citation} />
      </CitationOpenerContext>,
    );
    const link = screen.getByRole("link", { name: /^2\.1 Timely Filing, page 2 ?\(shows the source beside the answer\)$/ });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(open).not.toHaveBeenCalled();
    expect(fireEvent.click(link)).toBe(false);
    expect(open).toHaveBeenCalledExactlyOnceWith({ documentId, page: 2, quote: "claims within", label: "2.1 Timely Filing, page 2" });
  });

  it("shows any other link as its words and never loads a picture", () => {
    const { container } = render(
      <ChatMarkdown content={"- [verify your account](https://evil.example/login) ![beacon](http://host/b.png) https://evil.example"} />,
    );
    expect(screen.queryByRole("link")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container).toHaveTextContent("verify your account beacon https://evil.example");
  });

  it("shows escaped document text as written", () => {
    const { container } = render(<ChatMarkdown content={"- “\\!\\[x\\](http\\://host/b.png) and \\*\\*not bold\\*\\*”"} />);
    expect(container.querySelector("img, a, strong")).toBeNull();
    expect(container).toHaveTextContent("“![x](http://host/b.png) and **not bold**”");
  });
});
