import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent, { PointerEventsCheckLevel } from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatSessionSummary } from "../../../shared/contracts/chat";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { UNDO_DELETE_MS } from "../chat/session-deletions";
import { renderSignedInApp, setWindowWidth } from "./app-shell-test-utils";

afterEach(() => {
  cleanup();
  toast.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const session: ChatSessionSummary = {
  id: "5e55e000-0000-4000-8000-000000000001",
  title: "Timely filing",
  documentId: "0d0c0000-0000-4000-8000-000000000001",
  documentFilename: "Aetna Provider Agreement.pdf",
  messageCount: 2,
  updatedAt: "2026-11-20T15:00:00.000Z",
};

/** The app's pages are lazy chunks: the first one takes a while to load on a busy machine. */
const firstPageLoad = { timeout: 5_000 };

async function openDrawer() {
  const user = setupUser();
  const opener = await screen.findByRole("button", { name: "Open navigation" }, firstPageLoad);
  await user.click(opener);
  return { user, opener, drawer: await screen.findByRole("dialog", { name: "Navigation" }) };
}

/** Rename or Delete the chat from its "…" button, always shown in the drawer. */
async function chooseChatAction(user: ReturnType<typeof setupUser>, drawer: HTMLElement, action: "Rename" | "Delete") {
  await user.click(await within(drawer).findByRole("button", { name: "Actions for Timely filing" }));
  await user.click(await screen.findByRole("menuitem", { name: action }));
}

describe("the sidebar on a small screen", () => {
  it("is a drawer opened from the top bar: labelled, the whole sidebar inside, focus kept in it, closed by Escape", async () => {
    setWindowWidth(390);
    renderSignedInApp("/app/documents");
    await screen.findByRole("heading", { level: 1, name: "Document Library" }, firstPageLoad);
    expect(screen.queryByRole("complementary", { name: "Sidebar" })).not.toBeInTheDocument();

    const { user, opener, drawer } = await openDrawer();
    expect(opener).toHaveAttribute("aria-expanded", "true");
    const sidebar = within(drawer).getByRole("complementary", { name: "Sidebar" });
    expect(within(sidebar).getByRole("link", { name: "New Chat" })).toBeInTheDocument();
    expect(within(sidebar).getByRole("navigation", { name: "Workspace" })).toBeInTheDocument();
    expect(within(sidebar).getByRole("region", { name: "Recent chats" })).toBeInTheDocument();
    expect(within(sidebar).queryByRole("button", { name: /Collapse sidebar|Expand sidebar/ })).not.toBeInTheDocument();
    expect(drawer).toHaveFocus();
    await user.tab();
    expect(within(sidebar).getByRole("link", { name: testSiteConfig().productName })).toHaveFocus();

    for (let step = 0; step < 15; step += 1) {
      await user.tab();
      expect(drawer).toContainElement(document.activeElement as HTMLElement);
    }

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Navigation" })).not.toBeInTheDocument());
    expect(opener).toHaveAttribute("aria-expanded", "false");
    expect(opener).toHaveFocus();
  });

  it("makes way for Get Help: the drawer closes and the dialog opens over the page", async () => {
    setWindowWidth(390);
    renderSignedInApp("/app/documents");
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole("button", { name: "Get Help" }));
    expect(await screen.findByRole("dialog", { name: "Support / Help" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Navigation" })).not.toBeInTheDocument();
  });

  it("closes when the app navigates, by a link in it or otherwise", async () => {
    setWindowWidth(390);
    const { router } = renderSignedInApp("/app/documents");
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole("link", { name: "Chat" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Contract Chat" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Navigation" })).not.toBeInTheDocument();

    await openDrawer();
    await act(() => router.navigate("/app/documents"));
    expect(await screen.findByRole("heading", { level: 1, name: "Document Library" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Navigation" })).not.toBeInTheDocument();
  });

  it("a chat deleted in the drawer can be undone after it closes, and is deleted when the undo window ends on another page", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setWindowWidth(390);
    let sessions = [session];
    const { server } = renderSignedInApp("/app/documents", {
      "GET /api/chat/sessions": () => ({ status: 200, body: { sessions } }),
      [`DELETE /api/chat/sessions/${session.id}`]: () => {
        sessions = [];
        return { status: 204 };
      },
    });
    const { user, drawer } = await openDrawer();
    await chooseChatAction(user, drawer, "Delete");
    expect(within(drawer).queryByRole("link", { name: /Timely filing/ })).not.toBeInTheDocument();

    await user.click(within(drawer).getByRole("link", { name: "Chat" }));
    await screen.findByRole("heading", { level: 1, name: "Contract Chat" });
    expect(screen.queryByRole("dialog", { name: "Navigation" })).not.toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Undo" }));
    const reopened = await openDrawer();
    expect(await within(reopened.drawer).findByRole("link", { name: /Timely filing/ })).toBeInTheDocument();

    await chooseChatAction(reopened.user, reopened.drawer, "Delete");
    await reopened.user.click(within(reopened.drawer).getByRole("link", { name: "Documents" }));
    await screen.findByRole("heading", { level: 1, name: "Document Library" });
    expect(server.callsTo("DELETE", `/api/chat/sessions/${session.id}`)).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(UNDO_DELETE_MS));
    await waitFor(() => expect(server.callsTo("DELETE", `/api/chat/sessions/${session.id}`)).toHaveLength(1));
  });

  it("stays open for Escape in a chat's title field, which cancels the rename, and for Undo on a toast", async () => {
    setWindowWidth(390);
    renderSignedInApp("/app/documents", {
      "GET /api/chat/sessions": { status: 200, body: { sessions: [session] } },
      [`DELETE /api/chat/sessions/${session.id}`]: { status: 204 },
    });
    const { user, drawer } = await openDrawer();
    await chooseChatAction(user, drawer, "Rename");
    expect(within(drawer).getByRole("textbox", { name: "Chat title" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(within(drawer).queryByRole("textbox", { name: "Chat title" })).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Navigation" })).toBeInTheDocument();

    await chooseChatAction(user, drawer, "Delete");
    expect(within(drawer).queryByRole("link", { name: /Timely filing/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Undo" }));
    expect(await within(drawer).findByRole("link", { name: /Timely filing/ })).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Navigation" })).toBeInTheDocument();
  });

  it("logging out first sends a deletion still in its undo window", async () => {
    setWindowWidth(390);
    const { server } = renderSignedInApp("/app/documents", {
      "GET /api/chat/sessions": { status: 200, body: { sessions: [session] } },
      [`DELETE /api/chat/sessions/${session.id}`]: { status: 204 },
      "POST /api/auth/sign-out": { status: 200, body: { success: true } },
    });
    const { user, drawer } = await openDrawer();
    await chooseChatAction(user, drawer, "Delete");
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: /^Account menu for/ }));
    await user.click(await screen.findByRole("menuitem", { name: "Log out" }));
    await waitFor(() => expect(server.callsTo("POST", "/api/auth/sign-out")).toHaveLength(1));
    const order = server.calls.map((call) => `${call.method} ${call.path}`);
    expect(order.indexOf(`DELETE /api/chat/sessions/${session.id}`)).toBeGreaterThan(-1);
    expect(order.indexOf(`DELETE /api/chat/sessions/${session.id}`)).toBeLessThan(order.indexOf("POST /api/auth/sign-out"));
  });
});

describe("the sidebar on a large screen", () => {
  it("sits beside the page, with no drawer to open", async () => {
    setWindowWidth(1280);
    renderSignedInApp("/app/documents");
    await screen.findByRole("heading", { level: 1, name: "Document Library" }, firstPageLoad);
    expect(screen.getByRole("complementary", { name: "Sidebar" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Collapse sidebar" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Open navigation" })).not.toBeInTheDocument();
  });
});
