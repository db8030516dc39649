import { describe, expect, it } from "vitest";
import { hasAcceptedExtension } from "../../shared/documents";
import { cleanDisplayFilename, renamedFilename } from "./upload-rules";

describe("cleanDisplayFilename", () => {
  it.each([
    ["contract.pdf", "contract.pdf"],
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\ana\\Aetna 2026.pdf", "Aetna 2026.pdf"],
    ["<script>alert(1)</script>.pdf", "script.pdf"],
    ["tab\tand\nnewline.pdf", "tab and newline.pdf"],
    ["nul\u0000byte.pdf", "nul byte.pdf"],
    ["invoice\u202excod.pdf", "invoicexcod.pdf"],
    ["\u2067report\u2069\u200f.pdf", "report.pdf"],
    [`${"a".repeat(300)}.pdf`, `${"a".repeat(176)}.pdf`],
    ["   spaced   name .docx ", "spaced name .docx"],
  ])("%s → %s", (raw, expected) => {
    expect(cleanDisplayFilename(raw)).toBe(expected);
  });
});

describe("hasAcceptedExtension", () => {
  it.each([
    ["a.pdf", true],
    ["a.PDF", true],
    ["a.docx", true],
    ["a.doc", true],
    ["a.png", true],
    ["a.jpg", true],
    ["a.jpeg", true],
    ["a.webp", true],
    ["a.tiff", true],
    ["a.tif", true],
    ["a.exe", false],
    ["a.pdf.exe", false],
    ["pdf", false],
  ])("%s → %s", (name, expected) => {
    expect(hasAcceptedExtension(name)).toBe(expected);
  });
});

describe("renamedFilename", () => {
  it.each([
    ["Aetna.pdf", "Aetna 2026", "Aetna 2026.pdf"],
    ["Aetna.pdf", "Aetna 2026.pdf", "Aetna 2026.pdf"],
    ["scan.TIFF", "Scan one", "Scan one.TIFF"],
    ["notes", "New notes", "New notes"],
  ])("%s renamed to %s is %s", (current, requested, expected) => {
    expect(renamedFilename(current, requested)).toBe(expected);
  });
});
