import { describe, expect, it } from "vitest";
import { paths, routePatterns, withQuery } from "./paths";

describe("paths", () => {
  it("adds a query, leaving out what is undefined", () => {
    expect(withQuery(paths.login, { redirect: "/app/chat?session=1", e: undefined })).toBe("/login?redirect=%2Fapp%2Fchat%3Fsession%3D1");
    expect(withQuery(paths.authCode, { type: "recovery", email: undefined })).toBe("/auth/code?type=recovery");
    expect(withQuery(paths.app, {})).toBe("/app");
  });

  it("links a document, a conversation and a new chat about a document", () => {
    const id = "0d0c0000-0000-4000-8000-000000000001";
    expect(paths.document(id)).toBe(`/app/documents/${id}`);
    expect(paths.chatSession(id)).toBe(`/app/chat?session=${id}`);
    expect(paths.chatAbout(id)).toBe(`/app/chat?document=${id}`);
  });

  it("fills the route table's patterns the way the links are built", () => {
    expect(routePatterns.document.replace(":documentId", "x")).toBe(paths.document("x"));
    expect(routePatterns.documentFactSheet.replace(":documentId", "x")).toBe(paths.documentFactSheet("x"));
    expect(paths.compareFactSheets("a", "b")).toBe(`${routePatterns.compareFactSheets}?left=a&right=b`);
    expect(routePatterns.localCheckout.replace(":checkoutId", "x")).toBe(paths.localCheckout("x"));
  });
});
