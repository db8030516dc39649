import { describe, expect, it } from "vitest";
import { markdownText } from "./markdown";

describe("markdownText", () => {
  it.each([
    ["Provider shall submit claims within ninety (90) days.", "Provider shall submit claims within ninety (90) days."],
    ["![x](http://host/b.png)", "\\!\\[x\\](http\\://host/b.png)"],
    ["[verify your account](https://evil.example/login)", "\\[verify your account\\](https\\://evil.example/login)"],
    ["see www.example.com or https://example.com", "see www\\.example.com or https\\://example.com"],
    ["**bold** and _underlined_ ____ day of ____", "\\*\\*bold\\*\\* and \\_underlined\\_ \\_\\_\\_\\_ day of \\_\\_\\_\\_"],
    ["<img src=x onerror=alert(1)>", "\\<img src=x onerror=alert(1)\\>"],
    ["# Heading", "\\# Heading"],
    ["a | b", "a \\| b"],
  ])("%s → %s", (text, escaped) => {
    expect(markdownText(text)).toBe(escaped);
  });
});
