import { expect, test } from "@playwright/test";
import { contractPdf } from "../support/documents/contract-pdf";
import { parseEvents } from "../support/chat";
import type { ChatStreamEvent } from "../../src/shared/contracts/chat";
import { signUpThroughApi, uniqueEmail } from "./support/accounts";
import { uploadProcessedDocument } from "./support/documents";
import { closeSidebar, openSidebar } from "./support/small-screens";

const OFFLINE = "You're offline. Check your internet connection and try again.";

test("offline, the chat says so in plain words: a conversation that cannot load shows why with Try again and appears by itself once back online, and a question sent offline says it", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  const contract = await uploadProcessedDocument(page, "Aetna Provider Agreement.pdf", contractPdf(`${testInfo.testId} ${Date.now()}`));
  const asked = await page.request.post("/api/chat/messages", { data: { documentId: contract.id, question: "What are the termination clauses?" } });
  const started = parseEvents(await asked.text()).find((event): event is Extract<ChatStreamEvent, { type: "session" }> => event.type === "session");
  const sessionId = started!.session.id;

  await page.goto(`/app/chat?document=${contract.id}`);
  await expect(page.getByRole("heading", { name: "Start a conversation" })).toBeVisible();

  // Offline, the stored conversation cannot load: its problem in plain words, with Try again.
  // (The phone's drawer loads its chats when it opens, so it opens before the connection goes.)
  const sidebar = await openSidebar(page);
  const storedChat = sidebar.getByRole("link", { name: /What are the termination clauses/ });
  await expect(storedChat).toBeVisible();
  await context.setOffline(true);
  await storedChat.click();
  await closeSidebar(page);
  await expect(page).toHaveURL(`/app/chat?session=${sessionId}`);
  const problem = page.getByRole("alert").filter({ hasText: "This conversation could not be loaded." });
  await expect(problem).toContainText(OFFLINE);
  await expect(problem.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(page.getByText("Failed to fetch")).toHaveCount(0);

  // Back online, the retries behind the problem load it without a click.
  await context.setOffline(false);
  const conversation = page.getByRole("log", { name: "Conversation" });
  await expect(conversation.getByRole("listitem", { name: "Answer" })).toContainText("Citations", { timeout: 30_000 });
  await expect(problem).toHaveCount(0);

  // A question sent offline fails with the same plain words, and the box takes questions again.
  await context.setOffline(true);
  const questionBox = page.getByRole("textbox", { name: "Your question" });
  await questionBox.fill("Is there an evergreen renewal?");
  await questionBox.press("Enter");
  const sendProblem = page.getByRole("alert").filter({ hasText: "Sorry, an error occurred. Please try again." });
  await expect(sendProblem).toContainText(OFFLINE);
  await expect(page.getByText("Failed to fetch")).toHaveCount(0);
  await context.setOffline(false);
  await expect(questionBox).toBeEnabled();
});
