import { describe, expect, it } from "vitest";
import { contentDisposition, downloadFilename, matchesEntityTag } from "./downloads";

describe("contentDisposition", () => {
  it.each([
    ["Aetna Agreement.pdf", `attachment; filename="Aetna Agreement.pdf"; filename*=UTF-8''Aetna%20Agreement.pdf`],
    ["Blue Cross “2026”.pdf", `attachment; filename="Blue Cross _2026_.pdf"; filename*=UTF-8''Blue%20Cross%20%E2%80%9C2026%E2%80%9D.pdf`],
    [`a "quoted" \\ name.pdf`, `attachment; filename="a _quoted_ _ name.pdf"; filename*=UTF-8''a%20%22quoted%22%20%5C%20name.pdf`],
    ["O'Brien (final)*.pdf", `attachment; filename="O'Brien (final)*.pdf"; filename*=UTF-8''O%27Brien%20%28final%29%2A.pdf`],
  ])("%s", (filename, expected) => {
    expect(contentDisposition(filename)).toBe(expected);
  });
});

describe("downloadFilename", () => {
  it.each([
    ["How long do we have to file claims", "md", "How long do we have to file claims.md"],
    ["Termination (Medicaid), 2026", "pdf", "Termination (Medicaid), 2026.pdf"],
    ["Fact sheet - Aetna Agreement.pdf", "csv", "Fact sheet - Aetna Agreement pdf.csv"],
    ["../../etc/passwd", "pdf", "etc passwd.pdf"],
    ['a\\b "c" <d> e:f|g?h*i', "md", "a b c d e f g h i.md"],
    ["line\nbreak\ttab\u0000nul", "pdf", "line break tab nul.pdf"],
    ["Délai de dépôt", "pdf", "Délai de dépôt.pdf"],
    ["📄 🧾", "pdf", "Download.pdf"],
    ["", "md", "Download.md"],
    ["x".repeat(200), "pdf", `${"x".repeat(80)}.pdf`],
  ])("%j (.%s) → %j", (name, extension, expected) => {
    expect(downloadFilename(name, extension)).toBe(expected);
  });

  it("takes the fallback the caller names", () => {
    expect(downloadFilename("   ", "pdf", "Conversation")).toBe("Conversation.pdf");
  });
});

describe("If-None-Match", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["*", true],
    ['"abc-1-v1"', true],
    ['W/"abc-1-v1"', true],
    ['"other", "abc-1-v1"', true],
    ['"abc-2-v1"', false],
    ["abc-1-v1", false],
  ])('%j matches "abc-1-v1": %s', (header, expected) => {
    expect(matchesEntityTag(header, '"abc-1-v1"')).toBe(expected);
  });
});
