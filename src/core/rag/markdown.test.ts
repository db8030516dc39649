import { describe, expect, it } from "vitest";
import { markdownText, plainText } from "./markdown";

const escapedTexts = [
  ["Provider shall submit claims within ninety (90) days.", "Provider shall submit claims within ninety (90) days."],
  ["![x](http://host/b.png)", "\\!\\[x\\](http\\://host/b.png)"],
  ["[verify your account](https://evil.example/login)", "\\[verify your account\\](https\\://evil.example/login)"],
  ["see www.example.com or https://example.com", "see www\\.example.com or https\\://example.com"],
  ["**bold** and _underlined_ ____ day of ____", "\\*\\*bold\\*\\* and \\_underlined\\_ \\_\\_\\_\\_ day of \\_\\_\\_\\_"],
  ["<img src=x onerror=alert(1)>", "\\<img src=x onerror=alert(1)\\>"],
  ["# Heading", "\\# Heading"],
  ["a | b", "a \\| b"],
] as const;

describe("markdownText", () => {
  it.each(escapedTexts)("%s → %s", (text, escaped) => {
    expect(markdownText(text)).toBe(escaped);
  });
});

describe("plainText", () => {
  it.each(escapedTexts)("undoes markdownText: %s", (text) => {
    expect(plainText(markdownText(text))).toBe(text);
  });

  it.each([
    ["bold", "- **90 days** (2.1 Timely Filing, page 2) [1]", "• 90 days (2.1 Timely Filing, page 2) [1]"],
    [
      "a link keeps its label",
      "1. [2.1 Timely Filing, page 2](/app/documents/x?page=2&q=a): “ninety (90) days”",
      "1. 2.1 Timely Filing, page 2: “ninety (90) days”",
    ],
    ["an escaped label", "[3.2 Terms \\[draft\\], page 4](/x)", "3.2 Terms [draft], page 4"],
    [
      "italic note",
      "- A point _(This point could not be verified against the document.)_",
      "• A point (This point could not be verified against the document.)",
    ],
    ["snake_case words are left alone", "see field_name_here", "see field_name_here"],
    ["an escaped blank stays", "\\_\\_\\_\\_ day of", "____ day of"],
  ])("%s", (_, markdown, expected) => {
    expect(plainText(markdown)).toBe(expected);
  });
});
