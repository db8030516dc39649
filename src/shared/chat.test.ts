import { describe, expect, it } from "vitest";
import { citationHref, parseCitationHref } from "./chat";

const documentId = "0b9d5c1e-3a52-4c4f-9f53-2b1f7f1a2c3d";

describe("parseCitationHref", () => {
  it("reads back what citationHref wrote, quote characters included", () => {
    const quote = "Provider shall submit claims within ninety (90) days & no later; 100% “quoted”";
    expect(parseCitationHref(citationHref(documentId, { page: 3, quote }))).toEqual({ documentId, page: 3, quote });
  });

  it.each([
    undefined,
    "https://example.com/app/documents/x?page=1",
    `/app/documents/${documentId}`,
    `/app/documents/${documentId}?page=0&q=x`,
    "/app/chat?x=1",
  ])("is undefined for a link that is not a citation: %s", (href) => {
    expect(parseCitationHref(href)).toBeUndefined();
  });
});
