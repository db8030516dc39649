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

/** Rename or Delete from a chat's "…" button, as a pointer does. */
async function chooseAction(user: ReturnType<typeof setupUser>, title: string, action: "Rename" | "Delete") {
  await user.click(within(recentChats()).getByRole("button", { name: `Actions for ${title}` }));
  await user.click(await screen.findByRole("menuitem", { name: action }));
}

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
    await within(recentChats()).findByRole("link", { name: /Old title/ });
    await chooseAction(user, "Old title", "Rename");
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
    expect(within(recentChats()).getByRole("link", { name: /Old title/ })).toHaveFocus();

    await chooseAction(user, "Old title", "Rename");
    await user.click(screen.getByRole("button", { name: "Cancel rename" }));
    expect(within(recentChats()).getByRole("link", { name: /Old title/ })).toHaveFocus();
    expect(screen.queryByRole("textbox", { name: "Chat title" })).not.toBeInTheDocument();
    expect(renames()).toHaveLength(0);
  });

  it("saves a rename with Enter or the check, trimmed", async () => {
    const { renames } = renamableSession();
    renderChat("/app/documents");
    const user = setupUser();
    await within(recentChats()).findByRole("link", { name: /Old title/ });
    await chooseAction(user, "Old title", "Rename");
    await user.clear(screen.getByRole("textbox", { name: "Chat title" }));
    await user.type(screen.getByRole("textbox", { name: "Chat title" }), " Rates {Enter}");
    expect(await within(recentChats()).findByText("Rates")).toBeInTheDocument();
    await waitFor(() => expect(renames()).toHaveLength(1));
    expect(renames()[0]?.body).toEqual({ title: "Rates" });

    await chooseAction(user, "Rates", "Rename");
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
    await within(recentChats()).findByRole("link", { name: /Kept title/ });
    await chooseAction(user, "Kept title", "Rename");
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
    await chooseAction(setupUser(), "Open one", "Delete");
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
    await chooseAction(setupUser(), "Other one", "Delete");
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

describe("recent chats from the keyboard", () => {
  const openActions = (user: ReturnType<typeof setupUser>) => user.keyboard("{Shift>}{F10}{/Shift}");

  it("each chat is one tab stop, described by the key that opens its actions; the '…' button is left out of the tab order", async () => {
    const sessions = Array.from({ length: 7 }, (_, index) => aSession({ title: `Question ${index + 1}` }));
    sessionsServer(sessions);
    renderChat("/app/documents");
    const first = await within(recentChats()).findByRole("link", { name: /Question 1/ });
    expect(first).toHaveAccessibleDescription("Shift+F10 opens Rename and Delete.");
    expect(within(recentChats()).getByRole("button", { name: "Actions for Question 1" })).toHaveAttribute("tabindex", "-1");

    const user = setupUser();
    screen.getByRole("link", { name: "New Chat" }).focus();
    const stops: string[] = [];
    for (;;) {
      await user.tab();
      if (!recentChats().contains(document.activeElement)) break;
      stops.push(document.activeElement!.getAttribute("aria-label") ?? document.activeElement!.textContent ?? "");
    }
    expect(stops).toEqual([...sessions.slice(0, 5).map((session) => `${session.title}${contract.filename}Nov 20, 2026`), "Show 2 More"]);
  });

  it.each([
    ["Shift+F10", "{Shift>}{F10}{/Shift}"],
    ["the Menu key", "{ContextMenu}"],
  ])("%s on a chat opens its actions, first one focused; Escape closes them and returns to the chat", async (_, keys) => {
    sessionsServer([aSession({ title: "Rates" })]);
    renderChat("/app/documents");
    const link = await within(recentChats()).findByRole("link", { name: /Rates/ });
    link.focus();
    const user = setupUser();
    await user.keyboard(keys);
    const menu = await screen.findByRole("menu", { name: "Actions for Rates" });
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Rename", "Delete"]);
    await waitFor(() => expect(within(menu).getByRole("menuitem", { name: "Rename" })).toHaveFocus());
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
    await waitFor(() => expect(link).toHaveFocus());
  });

  it("renames from the menu and comes back to the chat; deletes, focus moving to the next chat, and Undo keeps the chat", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let first = aSession({ title: "Old title" });
    const second = aSession({ title: "Second" });
    const server = sessionsServer([], {
      "GET /api/chat/sessions": () => ({ status: 200, body: { sessions: [first, second] } }),
      [`PATCH /api/chat/sessions/${first.id}`]: (call) => {
        first = { ...first, ...(call.body as { title: string }) };
        return { status: 200, body: { session: first } };
      },
    });
    renderChat("/app/documents");
    const user = setupUser();
    (await within(recentChats()).findByRole("link", { name: /Old title/ })).focus();
    await openActions(user);
    await waitFor(() => expect(screen.getByRole("menuitem", { name: "Rename" })).toHaveFocus());
    await user.keyboard("{Enter}");
    const input = await screen.findByRole("textbox", { name: "Chat title" });
    await waitFor(() => expect(input).toHaveFocus());
    await user.clear(input);
    await user.type(input, "Rates{Enter}");
    const renamed = await within(recentChats()).findByRole("link", { name: /Rates/ });
    await waitFor(() => expect(renamed).toHaveFocus());
    await waitFor(() => expect(server.callsTo("PATCH", `/api/chat/sessions/${first.id}`)).toHaveLength(1));

    await openActions(user);
    await waitFor(() => expect(screen.getByRole("menuitem", { name: "Rename" })).toHaveFocus());
    await user.keyboard("{ArrowDown}{Enter}");
    await waitFor(() => expect(within(recentChats()).queryByRole("link", { name: /Rates/ })).not.toBeInTheDocument());
    await waitFor(() => expect(within(recentChats()).getByRole("link", { name: /Second/ })).toHaveFocus());
    await user.click(await screen.findByRole("button", { name: "Undo" }));
    expect(await within(recentChats()).findByRole("link", { name: /Rates/ })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2 * UNDO_DELETE_MS));
    expect(server.callsTo("DELETE", `/api/chat/sessions/${first.id}`)).toHaveLength(0);
  });

  it("deleting the only chat leaves focus on the list's heading, not the page", async () => {
    const only = aSession({ title: "Only one" });
    sessionsServer([only], { [`DELETE /api/chat/sessions/${only.id}`]: { status: 204 } });
    renderChat("/app/documents");
    const user = setupUser();
    (await within(recentChats()).findByRole("link", { name: /Only one/ })).focus();
    await openActions(user);
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Recent chats" })).toHaveFocus());
  });
});
