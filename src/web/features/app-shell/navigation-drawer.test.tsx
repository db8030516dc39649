import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent, { PointerEventsCheckLevel } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatSessionSummary } from "../../../shared/contracts/chat";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { renderSignedInApp, setWindowWidth } from "./app-shell-test-utils";

afterEach(() => {
  cleanup();
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

  it("stays open for Escape in a chat's title field, which cancels the rename", async () => {
    setWindowWidth(390);
    renderSignedInApp("/app/documents", {
      "GET /api/chat/sessions": { status: 200, body: { sessions: [session] } },
    });
    const { user, drawer } = await openDrawer();
    await user.click(await within(drawer).findByRole("button", { name: "Rename Timely filing" }));
    expect(within(drawer).getByRole("textbox", { name: "Chat title" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(within(drawer).queryByRole("textbox", { name: "Chat title" })).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Navigation" })).toBeInTheDocument();
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
