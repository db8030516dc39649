import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatSessionSummary } from "../../../shared/contracts/chat";
import { stubServer } from "../../../../tests/support/stub-server";
import { listAnswer } from "../documents/documents-test-utils";
import { aMessage, aSession, contract, renderChat, setupUser } from "./chat-test-utils";
import { UNDO_DELETE_MS } from "./session-deletions";

afterEach(() => {
  // Unmounted while the stub server still answers: the sidebar sends what it still holds as it goes.
  cleanup();
  toast.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const recentChats = () => screen.getByRole("region", { name: "Recent chats" });
const currentUrl = () => screen.getByRole("status", { name: "Current URL" }).textContent;

function sessionsServer(sessions: ChatSessionSummary[], routes: Parameters<typeof stubServer>[0] = {}) {
  return stubServer({
    "GET /api/documents": listAnswer([contract]),
    "GET /api/chat/sessions": () => ({ status: 200, body: { sessions } }),
    ...routes,
  });
}

describe("recent chats in the sidebar", () => {
  it("shows five of the twenty, then all with 'Show N More', and five again with 'Show Less'", async () => {
    const sessions = Array.from({ length: 20 }, (_, index) => aSession({ title: `Question ${index + 1}` }));
    sessions[1] = { ...sessions[1]!, documentFilename: null, updatedAt: "2026-01-05T12:00:00.000Z" };
    sessionsServer(sessions);
    renderChat("/app/documents");
    const list = await screen.findByRole("region", { name: "Recent chats" }, { timeout: 3000 });
    const first = (await within(list).findByText("Question 1")).closest("a");
    expect(first).toHaveAttribute("href", `/app/chat?session=${sessions[0]!.id}`);
    expect(first).toHaveTextContent(`Question 1${contract.filename}Nov 20, 2026`);
    expect(within(list).getByText("Question 2").closest("a")).toHaveTextContent("Question 2Unknown DocumentJan 5, 2026");
    const shownTitles = () =>
      within(list)
        .getAllByText(/^Question \d+$/)
        .map((title) => title.textContent);
    expect(shownTitles()).toEqual(["Question 1", "Question 2", "Question 3", "Question 4", "Question 5"]);

    const user = setupUser();
    await user.click(within(list).getByText("Show 15 More"));
    expect(shownTitles()).toHaveLength(20);
    await user.click(within(list).getByRole("button", { name: "Show Less", expanded: true }));
    expect(shownTitles()).toHaveLength(5);
    expect(within(list).getByRole("button", { name: "Show 15 More", expanded: false })).toBeInTheDocument();
  });

  it("clicking a session opens it in the chat", async () => {
    const session = aSession({ title: "Timely filing" });
    sessionsServer([session], {
      [`GET /api/chat/sessions/${session.id}`]: { status: 200, body: { session, messages: [aMessage({ content: "What is the timely filing limit?" })] } },
    });
    renderChat("/app/documents");
    await setupUser().click(await within(recentChats()).findByRole("link", { name: /Timely filing/ }));
    expect(await screen.findByText("What is the timely filing limit?")).toBeInTheDocument();
    expect(within(recentChats()).getByRole("link", { name: /Timely filing/ })).toHaveAttribute("aria-current", "page");
  });

  function renamableSession() {
    let session = aSession({ title: "Old title" });
    const server = sessionsServer([], {
      "GET /api/chat/sessions": () => ({ status: 200, body: { sessions: [session] } }),
      [`PATCH /api/chat/sessions/${session.id}`]: (call) => {
        session = { ...session, ...(call.body as { title: string }) };
        return { status: 200, body: { session } };
      },
    });
    return { renames: () => server.callsTo("PATCH", `/api/chat/sessions/${session.id}`) };
  }

  it("cancels a rename with Escape or the X, and never saves an empty title", async () => {
    const { renames } = renamableSession();
    renderChat("/app/documents");
    const user = setupUser();
    await user.click(await within(recentChats()).findByRole("button", { name: "Rename Old title" }));
    const input = screen.getByRole("textbox", { name: "Chat title" });
    expect(input).toHaveFocus();

    await user.clear(input);
    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Save title" })).toBeDisabled();
    expect(input).toBeInTheDocument();

    await user.type(input, "Gone");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("textbox", { name: "Chat title" })).not.toBeInTheDocument();
    expect(within(recentChats()).getByText("Old title")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Rename Old title" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Rename Old title" }));
    await user.click(screen.getByRole("button", { name: "Cancel rename" }));
    expect(screen.queryByRole("textbox", { name: "Chat title" })).not.toBeInTheDocument();
    expect(renames()).toHaveLength(0);
  });

  it("saves a rename with Enter or the check, trimmed", async () => {
    const { renames } = renamableSession();
    renderChat("/app/documents");
    const user = setupUser();
    await user.click(await within(recentChats()).findByRole("button", { name: "Rename Old title" }));
    await user.clear(screen.getByRole("textbox", { name: "Chat title" }));
    await user.type(screen.getByRole("textbox", { name: "Chat title" }), " Rates {Enter}");
    expect(await within(recentChats()).findByText("Rates")).toBeInTheDocument();
    await waitFor(() => expect(renames()).toHaveLength(1));
    expect(renames()[0]?.body).toEqual({ title: "Rates" });

    await user.click(screen.getByRole("button", { name: "Rename Rates" }));
    await user.clear(screen.getByRole("textbox", { name: "Chat title" }));
    await user.type(screen.getByRole("textbox", { name: "Chat title" }), "Medicaid");
    await user.click(screen.getByRole("button", { name: "Save title" }));
    expect(await within(recentChats()).findByText("Medicaid")).toBeInTheDocument();
    await waitFor(() => expect(renames()).toHaveLength(2));
  });

  it("a refused rename is only logged, and the list shows the server's title again", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const session = aSession({ title: "Kept title" });
    sessionsServer([session], {
      [`PATCH /api/chat/sessions/${session.id}`]: { status: 500, body: { error: { code: "internal_error", message: "Boom" } } },
    });
    renderChat("/app/documents");
    const user = setupUser();
    await user.click(await within(recentChats()).findByRole("button", { name: "Rename Kept title" }));
    await user.clear(screen.getByRole("textbox", { name: "Chat title" }));
    await user.type(screen.getByRole("textbox", { name: "Chat title" }), "New title");
    await user.click(screen.getByRole("button", { name: "Save title" }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(await within(recentChats()).findByRole("link", { name: /Kept title/ })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  /** An open session and another, the server's list changing when a deletion arrives. */
  function deletableSessions(deleteAnswer: { status: number; body?: unknown } = { status: 204 }) {
    const open = aSession({ title: "Open one" });
    const other = aSession({ title: "Other one" });
    let sessions = [open, other];
    const server = sessionsServer([], {
      "GET /api/chat/sessions": () => ({ status: 200, body: { sessions } }),
      [`GET /api/chat/sessions/${open.id}`]: { status: 200, body: { session: open, messages: [aMessage({ content: "Is there a penalty?" })] } },
      [`DELETE /api/chat/sessions/${open.id}`]: () => {
        if (deleteAnswer.status === 204) sessions = [other];
        return deleteAnswer;
      },
    });
    return { open, deletes: () => server.callsTo("DELETE", `/api/chat/sessions/${open.id}`) };
  }

  async function deleteOpenSession() {
    expect(await screen.findByText("Is there a penalty?")).toBeInTheDocument();
    await setupUser().click(within(recentChats()).getByRole("button", { name: "Delete Open one" }));
    await waitFor(() => expect(currentUrl()).toBe("/app/chat"));
  }

  it("deleting the open session hides it at once, returns to a new chat, and sends the deletion when the undo window ends", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { open, deletes } = deletableSessions();
    renderChat(`/app/chat?session=${open.id}`);
    await deleteOpenSession();
    expect(await screen.findByRole("heading", { name: "Select a Document" })).toBeInTheDocument();
    expect(within(recentChats()).queryByRole("link", { name: /Open one/ })).not.toBeInTheDocument();
    expect(within(recentChats()).getByRole("link", { name: /Other one/ })).toBeInTheDocument();
    expect(await screen.findByText("Chat deleted")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Undo" })).toBeInTheDocument();
    expect(deletes()).toHaveLength(0);

    await act(async () => vi.advanceTimersByTime(UNDO_DELETE_MS));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument());
    expect(within(recentChats()).queryByRole("link", { name: /Open one/ })).not.toBeInTheDocument();
  });

  it("Undo brings the chat back and reopens it, and no deletion is ever sent", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { open, deletes } = deletableSessions();
    renderChat(`/app/chat?session=${open.id}`);
    await deleteOpenSession();
    await setupUser().click(await screen.findByRole("button", { name: "Undo" }));
    expect(await within(recentChats()).findByRole("link", { name: /Open one/ })).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe(`/app/chat?session=${open.id}`));
    expect(await screen.findByText("Is there a penalty?")).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(2 * UNDO_DELETE_MS));
    expect(deletes()).toHaveLength(0);
    expect(within(recentChats()).getByRole("link", { name: /Open one/ })).toBeInTheDocument();
  });

  it.each([
    ["the tab is closed", () => window.dispatchEvent(new Event("pagehide"))],
    [
      "the tab is hidden",
      () => {
        vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
        document.dispatchEvent(new Event("visibilitychange"));
      },
    ],
  ])("sends a deletion still in its undo window at once when %s, and Undo is gone", async (_, leave) => {
    const { open, deletes } = deletableSessions();
    renderChat(`/app/chat?session=${open.id}`);
    await deleteOpenSession();
    expect(await screen.findByRole("button", { name: "Undo" })).toBeInTheDocument();
    act(leave);
    await waitFor(() => expect(deletes()).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument());
  });

  it("a deletion the server refuses is only logged, and the chat comes back", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { open, deletes } = deletableSessions({ status: 500, body: { error: { code: "internal_error", message: "Boom" } } });
    renderChat(`/app/chat?session=${open.id}`);
    await deleteOpenSession();
    await act(async () => vi.advanceTimersByTime(UNDO_DELETE_MS));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(await within(recentChats()).findByRole("link", { name: /Open one/ })).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("deleting another session leaves the open conversation alone", async () => {
    const open = aSession({ title: "Open one" });
    const other = aSession({ title: "Other one" });
    sessionsServer([open, other], {
      [`GET /api/chat/sessions/${open.id}`]: { status: 200, body: { session: open, messages: [aMessage({ content: "Is there a penalty?" })] } },
      [`DELETE /api/chat/sessions/${other.id}`]: { status: 204 },
    });
    renderChat(`/app/chat?session=${open.id}`);
    expect(await screen.findByText("Is there a penalty?")).toBeInTheDocument();
    await setupUser().click(within(recentChats()).getByRole("button", { name: "Delete Other one" }));
    expect(currentUrl()).toBe(`/app/chat?session=${open.id}`);
    expect(screen.getByText("Is there a penalty?")).toBeInTheDocument();
  });

  it("the narrow sidebar lists the sessions in a menu", async () => {
    const session = aSession({ title: "Appeals", documentFilename: null });
    sessionsServer([session], {
      [`GET /api/chat/sessions/${session.id}`]: { status: 200, body: { session, messages: [aMessage({ content: "How do appeals work?" })] } },
    });
    renderChat("/app/documents", { isCollapsed: true });
    const user = setupUser();
    await user.click(screen.getByRole("button", { name: "Recent chats" }));
    const item = await screen.findByRole("menuitem", { name: /Appeals/ });
    expect(item).toHaveTextContent("Unknown Document");
    await user.click(item);
    expect(await screen.findByText("How do appeals work?")).toBeInTheDocument();
  });
});
