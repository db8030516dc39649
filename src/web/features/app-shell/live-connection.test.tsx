import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../../../tests/support/fake-event-source";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { stubServer } from "../../../../tests/support/stub-server";
import { anAppUser } from "../../../../tests/support/app-user";
import type { BillingSummary } from "../../../shared/contracts/billing";
import { AppProviders } from "../../app/providers";
import { routes } from "../../app/routes";

const user = anAppUser();

const subscribed: BillingSummary = {
  mode: "local",
  subscription: {
    planKey: "basic",
    status: "active",
    hasAccess: true,
    willCancel: false,
    currentPeriodStart: "2026-11-01T00:00:00.000Z",
    currentPeriodEnd: "2026-12-01T00:00:00.000Z",
  },
  credits: { startingCredits: 1, creditsUsed: 0, overageUnits: 0, creditsAvailable: 1, creditsTotal: 1, periodStart: null, periodEnd: null },
  organizationPlan: null,
};

/** The whole app, as main.tsx renders it, signed in with a subscription: every live feature is on screen. */
function renderSignedInApp(url: string) {
  const server = stubServer({
    "GET /api/me": { status: 200, body: { user } },
    "GET /api/billing/summary": { status: 200, body: subscribed },
    "GET /api/documents": { status: 200, body: { documents: [] } },
    "GET /api/chat/sessions": { status: 200, body: { sessions: [] } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders site={testSiteConfig()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { server, router };
}

beforeEach(() => {
  window.matchMedia = ((query: string) => ({
    media: query,
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The whole app's first render compiles its lazy pages on demand: on a busy machine that takes seconds, not the default one. */
const FIRST_RENDER = { timeout: 15_000 };

describe("the signed-in app's live updates", () => {
  it("hold exactly one connection per tab, shared by the library, the recent sessions and the credits, page after page", async () => {
    const { server, router } = renderSignedInApp("/app/documents");
    expect(await screen.findByRole("heading", { name: "No documents uploaded" }, FIRST_RENDER)).toBeInTheDocument();
    expect(await screen.findByText("No chats yet. Ask about a document to start one.", {}, FIRST_RENDER)).toBeInTheDocument();
    expect(FakeEventSource.instances.map((source) => source.url)).toEqual(["/api/events"]);

    await act(() => router.navigate("/app/chat"));
    expect(await screen.findByRole("heading", { level: 1, name: "Contract Chat" }, FIRST_RENDER)).toBeInTheDocument();
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
  }, 45_000);
});
