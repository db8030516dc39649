import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { citationHref, suggestedQuestions } from "../../../shared/chat";
import type { ChatSessionDetail } from "../../../shared/contracts/chat";
import { ndjsonResponse, neverAnswered, noConnection, stubServer } from "../../../../tests/support/stub-server";
import { connectionMessages } from "../../lib/api-client";
import { aDocument, listAnswer } from "../documents/documents-test-utils";
import { aMessage, aSession, contract, renderChat, setupUser } from "./chat-test-utils";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const processing = aDocument({ filename: "Cigna Draft.pdf", status: "processing" });
const currentUrl = () => screen.getByRole("status", { name: "Current URL" }).textContent;
const questionBox = () => screen.getByRole("textbox", { name: "Your question" });

/** The question box once a document is chosen and it accepts typing. */
async function readyQuestionBox() {
  await screen.findByRole("heading", { name: "Start a conversation" });
  return questionBox();
}

function chatServer(routes: Parameters<typeof stubServer>[0] = {}) {
  return stubServer({
    "GET /api/documents": listAnswer([contract, processing]),
    "GET /api/chat/sessions": { status: 200, body: { sessions: [] } },
    ...routes,
  });
}

const storedAnswer = [
  "**Answer**",
  "",
  "- Either party may terminate without cause on 120 days' notice [1].",
  "",
  "**Citations**",
  "",
  `1. 2.1 Termination without Cause, page 2: [“may terminate this Agreement”](${citationHref(contract.id, { page: 2, quote: "may terminate this Agreement" })})`,
].join("\n");

/** Opens the contract's chat, asks `question`, and hands back the answer's stream to play. */
async function askWhileStreaming(question: string) {
  const stream = ndjsonResponse();
  chatServer({ "POST /api/chat/messages": stream.response });
  renderChat(`/app/chat?document=${contract.id}`);
  await setupUser().type(await readyQuestionBox(), `${question}{Enter}`);
  return stream;
}

describe("contract chat", () => {
  it("asks for a completed document, lists only those, and keeps the question box disabled until one is chosen", async () => {
    chatServer();
    renderChat();
    expect(screen.getByRole("heading", { level: 1, name: "Contract Chat" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Select a Document" })).toBeInTheDocument();
    const picker = screen.getByRole("combobox", { name: "Document" });
    expect(
      within(picker)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Choose a processed document", "Aetna Provider Agreement.pdf · Payer Contract · 3 pages"]);
    expect(questionBox()).toBeDisabled();
    expect(screen.getByText(/Never enter patient names or any other protected health information \(PHI\)/)).toBeInTheDocument();

    await setupUser().selectOptions(picker, contract.id);
    expect(await screen.findByRole("heading", { name: "Start a conversation" })).toBeInTheDocument();
    expect(currentUrl()).toBe(`/app/chat?document=${contract.id}`);
    expect(questionBox()).toBeEnabled();
    for (const question of suggestedQuestions) expect(screen.getByRole("button", { name: question })).toBeEnabled();
    expect(screen.queryByText("Active conversation")).not.toBeInTheDocument();
  });

  it("has the server read the chosen document ahead of the first question, once, and chats on when that fails", async () => {
    const preparation = `/api/chat/documents/${contract.id}/preparation`;
    const server = chatServer({ [`POST ${preparation}`]: { status: 503, body: { error: { code: "service_unavailable", message: "Try again." } } } });
    renderChat();
    await screen.findByRole("heading", { name: "Select a Document" });
    expect(server.callsTo("POST", preparation)).toHaveLength(0);
    await setupUser().selectOptions(screen.getByRole("combobox", { name: "Document" }), contract.id);
    await waitFor(() => expect(server.callsTo("POST", preparation)).toHaveLength(1));
    expect(await readyQuestionBox()).toBeEnabled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(server.callsTo("POST", preparation)).toHaveLength(1);
  });

  it("tells documents with alike names apart by type and pages, and gives the chosen one's whole name as its title", async () => {
    const longName = "Blue Cross Blue Shield of Massachusetts Provider Network Agreement 2026-2027 Amendment 4.pdf";
    const agreement = aDocument({ filename: longName, displayType: "Network Agreement", status: "completed", pageCount: 1 });
    const policy = aDocument({ filename: longName.replace(".pdf", ".docx"), displayType: "Word Document", status: "completed", pageCount: 40 });
    chatServer({ "GET /api/documents": listAnswer([agreement, policy]) });
    renderChat();
    const picker = await screen.findByRole("combobox", { name: "Document" });
    expect(
      within(picker)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Choose a processed document", `${longName} · Network Agreement · 1 page`, `${policy.filename} · Word Document · 40 pages`]);

    await setupUser().selectOptions(picker, policy.id);
    await screen.findByRole("heading", { name: "Start a conversation" });
    expect(screen.getByRole("combobox", { name: "Document" })).toHaveAttribute("title", policy.filename);
  });

  it("points to the library when no document is processed yet", async () => {
    chatServer({ "GET /api/documents": listAnswer([processing]) });
    renderChat();
    expect(await screen.findByRole("heading", { name: "No processed documents yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the Document Library" })).toHaveAttribute("href", "/app/documents");
    expect(questionBox()).toBeDisabled();
  });

  it("sends a suggested question, streams the answer, then shows the stored answer with its citation links", async () => {
    const stream = ndjsonResponse();
    const session = aSession({ title: "What are the termination clauses" });
    const server = chatServer({ "POST /api/chat/messages": stream.response });
    renderChat(`/app/chat?document=${contract.id}`);

    await setupUser().click(await screen.findByRole("button", { name: "What are the termination clauses?" }));
    expect(server.callsTo("POST", "/api/chat/messages")[0]?.body).toEqual({ documentId: contract.id, question: "What are the termination clauses?" });
    const log = await screen.findByRole("log", { name: "Conversation" });
    expect(within(log).getByRole("listitem", { name: "Your question" })).toHaveTextContent("What are the termination clauses?");
    expect(within(log).getByRole("listitem", { name: "Answer" })).toHaveTextContent("Analyzing document...");
    expect(questionBox()).toBeDisabled();
    expect(screen.getByText("Active conversation")).toBeInTheDocument();

    act(() => stream.send({ type: "session", session, userMessage: aMessage({ content: "What are the termination clauses?" }) }));
    await waitFor(() => expect(currentUrl()).toBe(`/app/chat?session=${session.id}`));
    // The conversation survives the new URL.
    expect(within(log).getByRole("listitem", { name: "Your question" })).toBeInTheDocument();

    act(() => stream.send({ type: "delta", text: "**Answer**\n\n- Either party may " }));
    const answer = within(log).getByRole("listitem", { name: "Answer" });
    await waitFor(() => expect(answer).toHaveTextContent("Either party may"));
    expect(answer).not.toHaveTextContent("Analyzing document...");
    // One event split across two chunks still arrives whole.
    act(() => stream.sendText('{"type":"delta","text":"terminate without'));
    act(() => stream.sendText(' cause"}\n'));
    await waitFor(() => expect(answer).toHaveTextContent("Either party may terminate without cause"));

    act(() => {
      stream.send({ type: "done", message: aMessage({ role: "assistant", content: storedAnswer, sequenceNumber: 2 }) });
      stream.end();
    });
    const link = await within(answer).findByRole("link", { name: /may terminate this Agreement/ });
    expect(link).toHaveAttribute("href", `/app/documents/${contract.id}?page=2&q=may+terminate+this+Agreement`);
    // A click shows the source beside the answer, the conversation still there behind it.
    await setupUser().click(link);
    const source = await screen.findByRole("dialog", { name: "Source" });
    expect(within(source).getByRole("link", { name: "Open document" })).toHaveAttribute("href", link.getAttribute("href"));
    await setupUser().keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Source" })).not.toBeInTheDocument());
    expect(currentUrl()).toBe(`/app/chat?session=${session.id}`);
    // The stored answer has no outcome, as answers stored before outcomes were kept: it shows as an Answer, its title once.
    expect(within(answer).getByText("Answer")).toBeInTheDocument();
    expect(within(answer).queryByText("Answer", { selector: "strong" })).not.toBeInTheDocument();
    await waitFor(() => expect(questionBox()).toBeEnabled());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows closest passages as unconfirmed from their streamed title on, and the stored outcome once done", async () => {
    const stream = await askWhileStreaming("Is there an arbitration clause?");
    act(() => {
      stream.send({ type: "session", session: aSession(), userMessage: aMessage({ content: "Is there an arbitration clause?" }) });
      stream.send({ type: "delta", text: "**Closest passages**\n\nI could not confirm an answer in this contract." });
    });
    const answer = screen.getByRole("listitem", { name: "Answer" });
    await waitFor(() => expect(within(answer).getByText("Closest passages")).toBeInTheDocument());
    expect(answer).toHaveTextContent("Unconfirmed: these passages may not answer your question.");

    const metadata = { citations: [], answeredBy: "extractive", droppedCitations: 0, outcome: "not-addressed" as const };
    const stored = "**Not addressed**\n\n- This contract does not appear to address arbitration.";
    act(() => {
      stream.send({ type: "done", message: aMessage({ role: "assistant", content: stored, metadata, sequenceNumber: 2 }) });
      stream.end();
    });
    await waitFor(() => expect(within(answer).getByText("Not addressed")).toBeInTheDocument());
    expect(within(answer).queryByText("Closest passages")).not.toBeInTheDocument();
  });

  it("follows up in the same session", async () => {
    const session = aSession();
    const detail: ChatSessionDetail = {
      session,
      messages: [aMessage({ sequenceNumber: 1 }), aMessage({ role: "assistant", content: storedAnswer, sequenceNumber: 2 })],
    };
    const stream = ndjsonResponse();
    const server = chatServer({
      [`GET /api/chat/sessions/${session.id}`]: { status: 200, body: detail },
      "POST /api/chat/messages": stream.response,
    });
    renderChat(`/app/chat?session=${session.id}`);
    await screen.findByRole("log", { name: "Conversation" });
    await setupUser().type(questionBox(), "What about for Medicaid?{Enter}");
    expect(server.callsTo("POST", "/api/chat/messages")[0]?.body).toEqual({
      documentId: contract.id,
      sessionId: session.id,
      question: "What about for Medicaid?",
    });
  });

  it("an error in the stream shows the error box and the failed answer's text", async () => {
    const stream = await askWhileStreaming("Is there an evergreen renewal?");
    act(() => {
      stream.send({ type: "session", session: aSession(), userMessage: aMessage({ content: "Is there an evergreen renewal?" }) });
      stream.send({ type: "delta", text: "Partial" });
      stream.send({ type: "error", code: "answer_failed", message: "The answer could not be completed." });
      stream.end();
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Sorry, an error occurred. Please try again.");
    expect(alert).toHaveTextContent("The answer could not be completed.");
    expect(screen.getByRole("listitem", { name: "Answer" })).toHaveTextContent("Sorry—there was a problem generating a response.");
    expect(screen.getByRole("listitem", { name: "Answer" })).not.toHaveTextContent("Partial");
    await waitFor(() => expect(questionBox()).toBeEnabled());
  });

  it("shows placeholder messages while the documents load", async () => {
    chatServer({ "GET /api/documents": neverAnswered });
    renderChat();
    expect(await screen.findByRole("status", { name: "Loading documents" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says so in plain words when the documents cannot be reached, and Try again asks again", async () => {
    const server = chatServer({ "GET /api/documents": noConnection });
    renderChat();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(`Your documents could not be loaded.${connectionMessages.unreachable}`);
    const loads = server.callsTo("GET", "/api/documents").length;
    await setupUser().click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(server.callsTo("GET", "/api/documents").length).toBeGreaterThan(loads));
  });

  it("a question sent offline says the person is offline, never the browser's 'Failed to fetch'", async () => {
    chatServer({ "POST /api/chat/messages": noConnection });
    renderChat(`/app/chat?document=${contract.id}`);
    const box = await readyQuestionBox();
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    await setupUser().type(box, "Payment terms?{Enter}");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Sorry, an error occurred. Please try again.");
    expect(alert).toHaveTextContent(connectionMessages.offline);
    expect(alert).not.toHaveTextContent("Failed to fetch");
    await waitFor(() => expect(questionBox()).toBeEnabled());
  });

  it("an answer cut off by a lost connection says so in plain words", async () => {
    const stream = await askWhileStreaming("Is there an evergreen renewal?");
    act(() => {
      stream.send({ type: "session", session: aSession(), userMessage: aMessage({ content: "Is there an evergreen renewal?" }) });
      stream.send({ type: "delta", text: "Partial" });
      stream.fail(new TypeError("network error"));
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(connectionMessages.unreachable);
    expect(screen.getByRole("listitem", { name: "Answer" })).toHaveTextContent("Sorry—there was a problem generating a response.");
  });

  it("a refusal before streaming shows the server's reason in the error box", async () => {
    chatServer({
      "POST /api/chat/messages": {
        status: 422,
        body: { error: { code: "validation_failed", message: "This document is not processed yet.", requestId: "r1" } },
      },
    });
    renderChat(`/app/chat?document=${contract.id}`);
    await setupUser().type(await readyQuestionBox(), "Payment terms?{Enter}");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Sorry, an error occurred. Please try again.");
    expect(alert).toHaveTextContent("This document is not processed yet.");
    expect(screen.getByRole("listitem", { name: "Answer" })).toHaveTextContent("Sorry—there was a problem generating a response.");
  });

  it("Enter sends, Shift+Enter starts a new line, and a blank question is not sent", async () => {
    const stream = ndjsonResponse();
    const server = chatServer({ "POST /api/chat/messages": stream.response });
    renderChat(`/app/chat?document=${contract.id}`);
    const box = await readyQuestionBox();
    const user = setupUser();
    await user.type(box, "   {Enter}");
    expect(server.callsTo("POST", "/api/chat/messages")).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();

    await user.clear(box);
    await user.type(box, "First line{Shift>}{Enter}{/Shift}second line");
    expect(box).toHaveValue("First line\nsecond line");
    expect(server.callsTo("POST", "/api/chat/messages")).toHaveLength(0);
    await user.keyboard("{Enter}");
    expect(server.callsTo("POST", "/api/chat/messages")[0]?.body).toMatchObject({ question: "First line\nsecond line" });
    expect(box).toHaveValue("");
    expect(box).toBeDisabled();
  });

  it("opens a stored session: its document is selected and repeated answers are collapsed", async () => {
    const session = aSession();
    const answer = aMessage({ role: "assistant", content: "**Answer**\n\n- Ninety days [1].", sequenceNumber: 2 });
    chatServer({
      [`GET /api/chat/sessions/${session.id}`]: {
        status: 200,
        body: { session, messages: [aMessage({ content: "Timely filing?" }), answer, { ...answer, id: "repeat", sequenceNumber: 3 }] },
      },
    });
    renderChat(`/app/chat?session=${session.id}`);
    const log = await screen.findByRole("log", { name: "Conversation" });
    expect(within(log).getAllByRole("listitem", { name: /^(Your question|Answer)$/ })).toHaveLength(2);
    expect(screen.getByRole("combobox", { name: "Document" })).toHaveValue(contract.id);
    expect(screen.getByText("Active conversation")).toBeInTheDocument();
  });

  it("a session whose document is being reprocessed stays readable and says when it can go on", async () => {
    const session = aSession();
    chatServer({
      "GET /api/documents": listAnswer([{ ...contract, status: "processing" }]),
      [`GET /api/chat/sessions/${session.id}`]: {
        status: 200,
        body: {
          session,
          messages: [aMessage({ content: "Timely filing?" }), aMessage({ role: "assistant", content: "**Answer**\n\n- Ninety days [1].", sequenceNumber: 2 })],
        },
      },
    });
    renderChat(`/app/chat?session=${session.id}`);
    const log = await screen.findByRole("log", { name: "Conversation" });
    expect(within(log).getAllByRole("listitem", { name: /^(Your question|Answer)$/ })).toHaveLength(2);
    expect(screen.getByText("This conversation's document is being processed again")).toBeInTheDocument();
    expect(screen.getByText("You can read the conversation now, and ask more once the document is Ready.")).toBeInTheDocument();
    expect(screen.queryByText("This conversation's document is no longer available")).not.toBeInTheDocument();
    expect(questionBox()).toBeDisabled();
  });

  it("a missing or someone else's session resets to a new chat", async () => {
    chatServer();
    renderChat("/app/chat?session=5e55e000-0000-4000-8000-999999999999");
    expect(await screen.findByRole("heading", { name: "Select a Document" })).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe("/app/chat"));
  });

  it("removing the session parameter resets the chat", async () => {
    const session = aSession();
    chatServer({ [`GET /api/chat/sessions/${session.id}`]: { status: 200, body: { session, messages: [aMessage()] } } });
    const { router } = renderChat(`/app/chat?session=${session.id}`);
    await screen.findByRole("log", { name: "Conversation" });
    await act(() => router.navigate("/app/chat"));
    expect(await screen.findByRole("heading", { name: "Select a Document" })).toBeInTheDocument();
    expect(screen.queryByRole("log")).not.toBeInTheDocument();
  });

  it("New Chat in the sidebar leaves the open session for a fresh chat", async () => {
    const session = aSession();
    chatServer({ [`GET /api/chat/sessions/${session.id}`]: { status: 200, body: { session, messages: [aMessage()] } } });
    renderChat(`/app/chat?session=${session.id}`);
    await screen.findByRole("log", { name: "Conversation" });
    await setupUser().click(screen.getByRole("link", { name: "New Chat" }));
    expect(await screen.findByRole("heading", { name: "Select a Document" })).toBeInTheDocument();
    expect(currentUrl()).toBe("/app/chat");
  });

  it("renders no raw HTML from an answer", async () => {
    const session = aSession();
    chatServer({
      [`GET /api/chat/sessions/${session.id}`]: {
        status: 200,
        body: { session, messages: [aMessage({ role: "assistant", content: 'Plain <img src="x" onerror="alert(1)"> <b>bold</b> text' })] },
      },
    });
    renderChat(`/app/chat?session=${session.id}`);
    const answer = await screen.findByRole("listitem", { name: "Answer" });
    expect(answer.querySelector("img, b")).toBeNull();
    expect(answer).toHaveTextContent("Plain");
  });
});

describe("download conversation", () => {
  it("offers a stored conversation as Markdown or PDF from a menu the keyboard opens", async () => {
    const session = aSession();
    const answer = aMessage({ role: "assistant", content: storedAnswer, sequenceNumber: 2 });
    chatServer({ [`GET /api/chat/sessions/${session.id}`]: { status: 200, body: { session, messages: [aMessage(), answer] } } });
    renderChat(`/app/chat?session=${session.id}`);
    await screen.findByRole("log", { name: "Conversation" });

    const user = setupUser();
    const trigger = screen.getByRole("button", { name: "Download conversation" });
    trigger.focus();
    await user.keyboard("{Enter}");
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => [item.textContent, item.getAttribute("href"), item.hasAttribute("download")])).toEqual([
      ["Markdown (.md)", `/api/chat/sessions/${session.id}/export?format=markdown`, true],
      ["PDF", `/api/chat/sessions/${session.id}/export?format=pdf`, true],
    ]);
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
  });

  it("is not offered before there is a conversation to download", async () => {
    chatServer();
    renderChat(`/app/chat?document=${contract.id}`);
    await screen.findByRole("heading", { name: "Start a conversation" });
    expect(screen.queryByRole("button", { name: "Download conversation" })).not.toBeInTheDocument();
  });
});
