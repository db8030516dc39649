import { describe, expect, it } from "vitest";
import { documentActionFor, findUploadProblem, normalizeDocumentStatus, statusBadgeLabels, storageAmount } from "./documents";

describe("document status", () => {
  it.each([
    ["completed", "completed", "Ready", "none"],
    ["uploaded", "uploaded", "Uploaded", "process"],
    ["processing", "processing", "Processing", "busy"],
    ["queued", "queued", "Queued", "busy"],
    ["awaiting_credit", "awaiting_credit", "Awaiting Credit", "get_credit"],
    ["failed", "failed", "Error", "retry"],
    ["error", "failed", "Error", "retry"],
    ["something-new", "queued", "Queued", "busy"],
  ] as const)("%s reads as %s, badge %s, action %s", (raw, status, badge, action) => {
    const normalized = normalizeDocumentStatus(raw);
    expect(normalized).toBe(status);
    expect(statusBadgeLabels[normalized]).toBe(badge);
    expect(documentActionFor(normalized)).toBe(action);
  });
});

describe("findUploadProblem", () => {
  const limit = 50 * 1024 * 1024;

  it.each([
    ["a PDF", { name: "Aetna.PDF", size: 1000 }, undefined],
    ["a program", { name: "setup.exe", size: 1000 }, "unsupported_type"],
    ["a file over the limit", { name: "big.pdf", size: limit + 1 }, "too_large"],
    ["an empty file", { name: "empty.docx", size: 0 }, "empty"],
    ["an empty file of a refused type", { name: "notes.txt", size: 0 }, "unsupported_type"],
  ] as const)("%s → %s", (_case, file, kind) => {
    expect(findUploadProblem(file, limit)?.kind).toBe(kind);
  });

  it("words the size limit in whole megabytes", () => {
    expect(findUploadProblem({ name: "big.pdf", size: limit + 1 }, limit)?.message).toBe("The file is larger than 50 MB.");
  });
});

describe("storageAmount", () => {
  it.each([
    [1, "1 MB"],
    [1024 * 1024, "1 MB"],
    [750 * 1024 * 1024, "750 MB"],
    [1024 ** 3, "1 GB"],
    [1.5 * 1024 ** 3, "1.5 GB"],
    [5 * 1024 ** 3, "5 GB"],
    [5.04 * 1024 ** 3, "5 GB"],
  ])("%d bytes read as %s", (bytes, text) => {
    expect(storageAmount(bytes)).toBe(text);
  });
});
