import { act, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SupportRequestKind } from "../../../shared/support";
import { ndjsonResponse, stubServer, type Handler } from "../../../../tests/support/stub-server";
import { aMessage, aSession, contract, renderChat, setupUser } from "../chat/chat-test-utils";
import { listAnswer } from "../documents/documents-test-utils";

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

function stored(kind: SupportRequestKind): Handler {
  return { status: 201, body: { request: { id: "7a000000-0000-4000-8000-000000000001", kind, createdAt: "2026-11-20T15:00:00.000Z" } } };
}

function supportServer(routes: Record<string, Handler> = {}) {
  return stubServer({
    "GET /api/documents": listAnswer([contract]),
    "GET /api/chat/sessions": { status: 200, body: { sessions: [] } },
    ...routes,
  });
}

const sidebar = () => screen.getByRole("complementary", { name: "Sidebar" });
const toastWith = async (title: string, description: string) => {
  const notifications = await screen.findByRole("region", { name: /Notifications/ });
  const shown = (await within(notifications).findByText(title)).closest("li");
  expect(shown).toHaveTextContent(description);
};

/** The sidebar beside the library at a URL with a query, and the dialog its entry opens. */
async function openFromSidebar(entry: "Send feedback" | "Get Help", dialogName: string) {
  renderChat("/app/documents?view=list");
  const user = setupUser();
  await user.click(within(sidebar()).getByRole("button", { name: entry }));
  return { user, dialog: await screen.findByRole("dialog", { name: dialogName }) };
}

describe("Share feedback", () => {
  it("opens on General, refuses an empty message with the spec's toast, then sends category, message, contact email and page, thanks, and closes", async () => {
    const server = supportServer({ "POST /api/support/feedback": stored("feedback") });
    const { user, dialog } = await openFromSidebar("Send feedback", "Share feedback");
    const category = within(dialog).getByRole("combobox", { name: "Category" });
    expect(category).toHaveValue("general");
    expect(
      within(category)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["General", "Chat quality", "Bug", "Idea", "Other"]);
    expect(within(dialog).getByRole("textbox", { name: "Contact email (optional)" })).toHaveValue("");

    await user.click(within(dialog).getByRole("button", { name: "Send feedback" }));
    await toastWith("Feedback required", "Please share a bit about your feedback.");
    const message = within(dialog).getByRole("textbox", { name: "Your feedback" });
    expect(message).toHaveAttribute("aria-invalid", "true");
    expect(message).toHaveAccessibleDescription("Please share a bit about your feedback.");
    expect(message).toHaveFocus();
    expect(server.callsTo("POST", "/api/support/feedback")).toEqual([]);

    await user.selectOptions(category, "Chat quality");
    await user.type(message, "  The citations were right.  ");
    expect(message).toHaveAccessibleDescription("29 / 5,000 characters");
    await user.type(within(dialog).getByRole("textbox", { name: "Contact email (optional)" }), "office@clinic.example");
    await user.click(within(dialog).getByRole("button", { name: "Send feedback" }));

    await toastWith("Thank you!", "Your feedback has been sent.");
    expect(server.callsTo("POST", "/api/support/feedback").map((call) => call.body)).toEqual([
      { category: "chat_quality", message: "The citations were right.", contactEmail: "office@clinic.example", path: "/app/documents?view=list" },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(sidebar()).getByRole("button", { name: "Send feedback" })).toHaveFocus();
  });

  it("shows a malformed contact email under its field and sends nothing until it is fixed or emptied", async () => {
    const server = supportServer({ "POST /api/support/feedback": stored("feedback") });
    const { user, dialog } = await openFromSidebar("Send feedback", "Share feedback");
    await user.type(within(dialog).getByRole("textbox", { name: "Your feedback" }), "Idea: export answers.");
    const email = within(dialog).getByRole("textbox", { name: "Contact email (optional)" });
    await user.type(email, "pat@clinic");
    await user.click(within(dialog).getByRole("button", { name: "Send feedback" }));
    expect(email).toHaveAccessibleDescription("Please enter a valid email address.");
    expect(email).toHaveFocus();
    expect(server.callsTo("POST", "/api/support/feedback")).toEqual([]);

    await user.clear(email);
    expect(email).toHaveAccessibleDescription("Only if you would like a reply.");
    await user.click(within(dialog).getByRole("button", { name: "Send feedback" }));
    await toastWith("Thank you!", "Your feedback has been sent.");
    expect(server.callsTo("POST", "/api/support/feedback")[0]?.body).toMatchObject({ message: "Idea: export answers.", contactEmail: null });
  });

  it("Escape closes it, and opening it again starts afresh", async () => {
    supportServer();
    const { user, dialog } = await openFromSidebar("Send feedback", "Share feedback");
    await user.type(within(dialog).getByRole("textbox", { name: "Your feedback" }), "Half a thought");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.keyboard("{Enter}");
    const reopened = await screen.findByRole("dialog", { name: "Share feedback" });
    expect(within(reopened).getByRole("textbox", { name: "Your feedback" })).toHaveValue("");
  });
});

describe("Support / Help", () => {
  it("opens on Document upload with the person's email as the contact, and Ctrl+Enter in the message sends it", async () => {
    const server = supportServer({ "POST /api/support/help": stored("help") });
    const { user, dialog } = await openFromSidebar("Get Help", "Support / Help");
    const category = within(dialog).getByRole("combobox", { name: "Category" });
    expect(category).toHaveValue("document_upload");
    expect(
      within(category)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Document upload", "Processing issues", "Billing & credits", "Account & login", "Chat answers", "Feature request", "Other"]);
    expect(within(dialog).getByRole("textbox", { name: "Contact email (optional)" })).toHaveValue("pat@clinic.example");

    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    await toastWith("Message required", "Please tell us what you need help with.");
    await user.selectOptions(category, "billing_credits");
    await user.type(within(dialog).getByRole("textbox", { name: "How can we help?" }), "Where do I buy a credit?{Control>}{Enter}{/Control}");

    await toastWith("Request sent", "We will get back to you soon.");
    expect(server.callsTo("POST", "/api/support/help").map((call) => call.body)).toEqual([
      { category: "billing_credits", message: "Where do I buy a credit?", contactEmail: "pat@clinic.example", path: "/app/documents?view=list" },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it.each([
    ["Get Help", "Support / Help", "Send request", "/api/support/help", "Failed to send request"],
    ["Send feedback", "Share feedback", "Send feedback", "/api/support/feedback", "Failed to send feedback"],
  ] as const)(
    "%s: a refused send keeps the dialog and the text, toasts the spec's failure and says why in the dialog",
    async (entry, name, send, path, failure) => {
      const limited = {
        status: 429,
        body: { error: { code: "rate_limited", message: "Too many attempts. Please wait 10 minutes and try again.", requestId: "r" } },
      };
      supportServer({ [`POST ${path}`]: limited });
      const { user, dialog } = await openFromSidebar(entry, name);
      const message = within(dialog).getAllByRole("textbox")[0]!;
      await user.type(message, "Nothing happens after upload.");
      await user.click(within(dialog).getByRole("button", { name: send }));

      await toastWith(failure, "Please try again later.");
      expect(within(dialog).getByRole("alert")).toHaveTextContent(`${failure}Too many attempts. Please wait 10 minutes and try again.`);
      expect(message).toHaveValue("Nothing happens after upload.");
      expect(within(dialog).getByRole("button", { name: send })).toBeEnabled();
    },
  );
});

describe("a problem with a chat answer", () => {
  it("is reported from the answer, never from a question, with its conversation, answer and page; an empty message is refused with the spec's toast", async () => {
    const session = aSession();
    const question = aMessage({ content: "What is the notice period?", sequenceNumber: 1 });
    const answer = aMessage({ role: "assistant", content: "**Answer**\n\n- 60 days.", sequenceNumber: 2 });
    const server = supportServer({
      [`GET /api/chat/sessions/${session.id}`]: { status: 200, body: { session, messages: [question, answer] } },
      "POST /api/support/problem-reports": stored("problem_report"),
    });
    renderChat(`/app/chat?session=${session.id}`);
    const log = await screen.findByRole("log", { name: "Conversation" });
    expect(within(within(log).getByRole("listitem", { name: "Your question" })).queryByRole("button")).not.toBeInTheDocument();
    const user = setupUser();
    await user.click(within(within(log).getByRole("listitem", { name: "Answer" })).getByRole("button", { name: "Report a problem with this answer" }));

    const dialog = await screen.findByRole("dialog", { name: "Report a problem with this answer" });
    const message = within(dialog).getByRole("textbox", { name: "What is wrong with it?" });
    expect(message).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    await toastWith("Message required", "Please describe the problem.");
    expect(message).toHaveAccessibleDescription("Please describe the problem.");
    expect(server.callsTo("POST", "/api/support/problem-reports")).toEqual([]);

    await user.type(message, "The notice period is 90 days on page 4.");
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    await toastWith("Thank you!", "Your feedback has been sent.");
    expect(server.callsTo("POST", "/api/support/problem-reports").map((call) => call.body)).toEqual([
      { sessionId: session.id, messageId: answer.id, message: "The notice period is 90 days on page 4.", path: `/app/chat?session=${session.id}` },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("can be reported about a new answer once it is stored, by the stored answer's id", async () => {
    const stream = ndjsonResponse();
    const session = aSession();
    const server = supportServer({ "POST /api/chat/messages": stream.response, "POST /api/support/problem-reports": stored("problem_report") });
    renderChat(`/app/chat?document=${contract.id}`);
    const user = setupUser();
    await user.click(await screen.findByRole("button", { name: "What are the termination clauses?" }));
    const log = await screen.findByRole("log", { name: "Conversation" });
    act(() => stream.send({ type: "session", session, userMessage: aMessage() }));
    act(() => stream.send({ type: "delta", text: "**Answer**\n\n- Either party may " }));
    const answerItem = within(log).getByRole("listitem", { name: "Answer" });
    await waitFor(() => expect(answerItem).toHaveTextContent("Either party may"));
    expect(within(answerItem).queryByRole("button", { name: "Report a problem with this answer" })).not.toBeInTheDocument();

    const storedAnswer = aMessage({ role: "assistant", content: "**Answer**\n\n- Either party may terminate.", sequenceNumber: 2 });
    act(() => {
      stream.send({ type: "done", message: storedAnswer });
      stream.end();
    });
    await user.click(await within(answerItem).findByRole("button", { name: "Report a problem with this answer" }));
    const dialog = await screen.findByRole("dialog", { name: "Report a problem with this answer" });
    await user.type(within(dialog).getByRole("textbox", { name: "What is wrong with it?" }), "Missing the 120 days' notice.");
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    await toastWith("Thank you!", "Your feedback has been sent.");
    expect(server.callsTo("POST", "/api/support/problem-reports")[0]?.body).toMatchObject({ sessionId: session.id, messageId: storedAnswer.id });
  });
});
