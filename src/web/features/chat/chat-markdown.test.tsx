import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ChatMarkdown } from "./chat-markdown";

const documentId = "0b5e7a52-3f0c-4d8e-9a55-7c1f1e2b6d40";

describe("ChatMarkdown", () => {
  it("links an answer's citations, opening them in a new tab", () => {
    render(<ChatMarkdown content={`1. [2.1 Timely Filing, page 2](/app/documents/${documentId}?page=2&q=claims): “claims”`} />);
    const link = screen.getByRole("link", { name: /2\.1 Timely Filing, page 2/ });
    expect(link).toHaveAttribute("href", `/app/documents/${documentId}?page=2&q=claims`);
    expect(link).toHaveAttribute("target", "_blank");
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
