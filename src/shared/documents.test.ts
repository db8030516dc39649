import { describe, expect, it } from "vitest";
import { documentActionFor, normalizeDocumentStatus, statusBadgeLabels } from "./documents";

describe("document status", () => {
  it.each([
    ["completed", "completed", "Ready", "none"],
    ["uploaded", "uploaded", "Uploaded", "process"],
    ["processing", "processing", "Processing", "busy"],
    ["queued", "queued", "Queued", "busy"],
    ["awaiting_credit", "awaiting_credit", "Awaiting Credit", "busy"],
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
