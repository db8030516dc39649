import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../../../tests/support/fake-event-source";
import { renderSignedInApp, setWindowWidth } from "./app-shell-test-utils";

beforeEach(() => setWindowWidth(1280));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the signed-in app's live updates", () => {
  it("hold exactly one connection per tab, shared by the library, the recent sessions and the credits, page after page", async () => {
    const { server, router } = renderSignedInApp("/app/documents");
    expect(await screen.findByRole("heading", { name: "No documents uploaded" })).toBeInTheDocument();
    expect(await screen.findByText("No chats yet. Ask about a document to start one.")).toBeInTheDocument();
    expect(FakeEventSource.instances.map((source) => source.url)).toEqual(["/api/events"]);

    await act(() => router.navigate("/app/chat"));
    expect(await screen.findByRole("heading", { level: 1, name: "Contract Chat" })).toBeInTheDocument();
    await act(() => router.navigate("/app/documents"));
    await screen.findByRole("heading", { name: "No documents uploaded" });
    expect(FakeEventSource.instances).toHaveLength(1);

    const [connection] = FakeEventSource.connected();
    const before = { documents: server.callsTo("GET", "/api/documents").length, sessions: server.callsTo("GET", "/api/chat/sessions").length };
    act(() => {
      connection!.open();
      connection!.send({ type: "document", change: "insert", documentId: "d-1" });
      connection!.send({ type: "chat_session", change: "insert", sessionId: "s-1" });
      connection!.send({ type: "credits" });
    });
    await vi.waitFor(() => {
      expect(server.callsTo("GET", "/api/documents").length).toBeGreaterThan(before.documents);
      expect(server.callsTo("GET", "/api/chat/sessions").length).toBeGreaterThan(before.sessions);
      expect(server.callsTo("GET", "/api/billing/summary").length).toBeGreaterThan(1);
    });
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
