import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { contractPdf } from "../support/documents/contract-pdf";
import { signUpThroughApi, uniqueEmail } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { uploadProcessedDocument } from "./support/documents";
import { closeSidebar, openSidebar, showOutline } from "./support/small-screens";

test("ask a suggested question about a contract, follow a citation to its page, download the conversation, then rename the chat, delete it, undo, and delete it for good", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  const contract = await uploadProcessedDocument(page, "Aetna Provider Agreement.pdf", contractPdf(`${testInfo.testId} ${Date.now()}`));

  await page.goto("/app/chat");
  await expect(page.getByRole("heading", { level: 1, name: "Contract Chat" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Select a Document" })).toBeVisible();
  let sidebar = await openSidebar(page);
  await expect(sidebar.getByText(/No chats yet/)).toBeVisible();
  await closeSidebar(page);
  await expect(page.getByRole("textbox", { name: "Your question" })).toBeDisabled();
  await page.getByRole("combobox", { name: "Document" }).selectOption({ label: "Aetna Provider Agreement.pdf · Payer Contract · 3 pages" });
  await expect(page.getByRole("heading", { name: "Start a conversation" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Ask; the session's id lands in the URL and the streamed answer arrives with citations.
  await page.getByRole("button", { name: "What are the termination clauses?" }).click();
  await expect(page).toHaveURL(/\/app\/chat\?session=[0-9a-f-]{36}$/);
  const sessionId = new URL(page.url()).searchParams.get("session");
  const conversation = page.getByRole("log", { name: "Conversation" });
  await expect(conversation.getByRole("listitem", { name: "Your question" })).toContainText("What are the termination clauses?");
  const answer = conversation.getByRole("listitem", { name: "Answer" });
  await expect(answer).toContainText("Citations", { timeout: 30_000 });
  await expect(answer).toContainText("terminate");
  await expect(page.getByText("Active conversation")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Your question" })).toBeEnabled();
  await expectNoAccessibilityViolations(page);

  // A citation shows its source beside the answer: the cited page with the quote marked; the chat stays where it is.
  const citation = answer.locator(`a[href^="/app/documents/${contract.id}?page=2"]`).first();
  await citation.click();
  const source = page.getByRole("dialog", { name: "Source" });
  await expect(source.getByRole("region", { name: "Page 2", exact: true }).locator("mark.cw-quote").first()).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(`/app/chat?session=${sessionId}`);
  // "Open document" opens the full viewer there.
  await source.getByRole("link", { name: "Open document" }).click();
  const documentTab = page;
  await expect(documentTab).toHaveURL(new RegExp(`/app/documents/${contract.id}\\?page=2&q=`));
  const pageTwo = documentTab.getByRole("region", { name: "Page 2", exact: true });
  await expect(pageTwo.locator("mark.cw-quote").first()).toBeVisible({ timeout: 30_000 });
  await expect(documentTab.getByText(/was not found on page/)).toHaveCount(0);

  // The same retrieval, inspected on its own: 'Search this document' ranks the clause first.
  await showOutline(documentTab);
  await documentTab.getByRole("searchbox", { name: "Search this document" }).fill("timely filing of claims");
  await documentTab.keyboard.press("Enter");
  const passages = documentTab.getByRole("list", { name: "Passages matching timely filing of claims" });
  await expect(passages.getByRole("button").first()).toContainText("Timely Filing");
  await expect(passages.getByRole("button").first()).toContainText("Page 1");
  await passages.getByRole("button").first().click();
  await expect(documentTab.getByText("Page 1 of 3")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`/app/chat?session=${sessionId}`);
  await expect(answer).toContainText("Citations");

  // The conversation downloads as Markdown or PDF, with its citations written out.
  const download = page.getByRole("button", { name: "Download conversation" });
  await download.click();
  await expect(page.getByRole("menuitem", { name: "PDF" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const [markdown] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "Markdown (.md)" }).click()]);
  expect(markdown.suggestedFilename()).toBe("What are the termination clauses.md");
  const markdownText = await readFile(await markdown.path(), "utf8");
  expect(markdownText).toContain("What are the termination clauses?");
  expect(markdownText).toMatch(/\*\*Citations\*\*\n\n1\. .+, page \d+: “/);
  await download.click();
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "PDF" }).click()]);
  expect(pdf.suggestedFilename()).toBe("What are the termination clauses.pdf");
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe("%PDF-");

  // The sidebar lists the session under its title, with the document's name.
  sidebar = await openSidebar(page);
  const item = sidebar.getByRole("link", { name: /What are the termination clauses/ });
  await expect(item).toContainText("Aetna Provider Agreement.pdf");
  await expect(item).toHaveAttribute("aria-current", "page");

  // Rename: Escape cancels, Enter saves, and the new title survives a reload.
  await item.hover();
  await sidebar.getByRole("button", { name: "Actions for What are the termination clauses" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await sidebar.getByRole("textbox", { name: "Chat title" }).fill("Discarded");
  await page.keyboard.press("Escape");
  await expect(item).toBeVisible();
  await expect(item).toBeFocused();
  // From the keyboard: the chat's one tab stop opens its actions with Shift+F10.
  await page.keyboard.press("Shift+F10");
  await expect(page.getByRole("menuitem", { name: "Rename" })).toBeFocused();
  await page.keyboard.press("Enter");
  await sidebar.getByRole("textbox", { name: "Chat title" }).fill("Termination notice");
  await page.keyboard.press("Enter");
  const renamed = sidebar.getByRole("link", { name: /Termination notice/ });
  await expect(renamed).toBeVisible();
  await page.reload();
  await expect(page.getByRole("log", { name: "Conversation" }).getByRole("listitem", { name: "Answer" })).toContainText("Citations");
  sidebar = await openSidebar(page);
  await expect(renamed).toBeVisible();

  // Delete the open session: back to a new chat, with a few seconds to take it back.
  await renamed.hover();
  await sidebar.getByRole("button", { name: "Actions for Termination notice" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/app\/chat$/);
  await expect(page.getByRole("heading", { name: "Select a Document" })).toBeVisible();
  await expect(page.getByText("Chat deleted")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  // The toast goes, and as it leaves it puts focus back where it was before Undo (sonner): a menu
  // opened in that moment would lose focus and close, so the next step waits for it, as a person would.
  await expect(page.getByText("Chat deleted")).toHaveCount(0);
  await expect(page).toHaveURL(`/app/chat?session=${sessionId}`);
  await expect(page.getByRole("log", { name: "Conversation" }).getByRole("listitem", { name: "Answer" })).toContainText("Citations");
  expect((await page.request.get(`/api/chat/sessions/${sessionId}`)).status()).toBe(200);

  // Deleted again and left alone, it is gone for good once the undo window ends.
  sidebar = await openSidebar(page);
  await renamed.hover();
  await sidebar.getByRole("button", { name: "Actions for Termination notice" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(page.getByText("Chat deleted")).toBeVisible();
  await expect.poll(async () => (await page.request.get(`/api/chat/sessions/${sessionId}`)).status(), { timeout: 15_000 }).toBe(404);
  await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(0);
  sidebar = await openSidebar(page);
  await expect(sidebar.getByText(/No chats yet/)).toBeVisible();
});
