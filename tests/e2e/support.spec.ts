import { expect, test, type Page } from "@playwright/test";
import type { OutboxMessage, OutboxMessagesResponse } from "../../src/shared/contracts/mailbox";
import { contractPdf } from "../support/documents/contract-pdf";
import { signUpThroughApi, uniqueEmail } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { uploadProcessedDocument } from "./support/documents";
import { openSidebar } from "./support/small-screens";

// The e2e server keeps the default support address and the local outbox: the support inbox is /dev/mailbox.
const SUPPORT_EMAIL = "support@clausewise.example";

/** The support email carrying `marker`, once the job worker has delivered it to the outbox. */
async function supportEmailWith(page: Page, marker: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get(`/dev/mailbox/messages?to=${encodeURIComponent(SUPPORT_EMAIL)}`)).json()) as OutboxMessagesResponse;
      found = messages.find((message) => message.text.includes(marker));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

// Toasts are drawn at once, not faded in, so axe judges their colours as people read them.
test.use({ reducedMotion: "reduce" });

// By its element, not its role: while a modal dialog is open the region may be outside the accessibility tree.
const notifications = (page: Page) => page.locator("section[aria-label^='Notifications']");

test("report a problem with a chat answer, then share feedback and ask for help from the sidebar, by keyboard", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const email = uniqueEmail(testInfo.title);
  await signUpThroughApi(page, email);
  const contract = await uploadProcessedDocument(page, "Aetna Provider Agreement.pdf", contractPdf(`${testInfo.testId} ${Date.now()}`));

  await page.goto(`/app/chat?document=${contract.id}`);
  await page.getByRole("button", { name: "What are the termination clauses?" }).click();
  await expect(page).toHaveURL(/\/app\/chat\?session=[0-9a-f-]{36}$/);
  const sessionId = new URL(page.url()).searchParams.get("session")!;
  const answer = page.getByRole("log", { name: "Conversation" }).getByRole("listitem", { name: "Answer" });
  await expect(answer).toContainText("Citations", { timeout: 30_000 });

  // The report: an empty message is refused with the spec's words, then it is sent with the conversation.
  await answer.getByRole("button", { name: "Report a problem with this answer" }).click();
  const report = page.getByRole("dialog", { name: "Report a problem with this answer" });
  await expect(report.getByRole("textbox", { name: "What is wrong with it?" })).toBeFocused();
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(notifications(page).getByText("Message required")).toBeVisible();
  await expect(report.getByText("Please describe the problem.")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const problem = `The notice period is wrong (${testInfo.testId}).`;
  await report.getByRole("textbox", { name: "What is wrong with it?" }).fill(problem);
  await page.keyboard.press("Control+Enter");
  await expect(notifications(page).getByText("Your feedback has been sent.")).toBeVisible();
  await expect(report).toBeHidden();
  await expect(answer.getByRole("button", { name: "Report a problem with this answer" })).toBeFocused();
  const reportEmail = await supportEmailWith(page, problem);
  expect(reportEmail.text).toContain(`Conversation: ${sessionId}`);
  expect(reportEmail.text).toContain(`Document: ${contract.id}`);
  expect(reportEmail.text).toContain(`Page: http://127.0.0.1:`);
  expect(reportEmail.text).toContain(`/app/chat?session=${sessionId}`);

  // Share feedback from the sidebar, keyboard only; its "Thank you!" must not be the report's.
  await expect(notifications(page).getByText("Thank you!")).toHaveCount(0, { timeout: 15_000 });
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await sidebar.getByRole("button", { name: "Send feedback" }).focus();
  await page.keyboard.press("Enter");
  const feedback = page.getByRole("dialog", { name: "Share feedback" });
  await expect(feedback.getByRole("combobox", { name: "Category" })).toBeFocused();
  await feedback.getByRole("combobox", { name: "Category" }).selectOption({ label: "Chat quality" });
  await page.keyboard.press("Tab");
  const praise = `Citations <b>save</b> us hours (${testInfo.testId}).`;
  await page.keyboard.type(praise);
  await expectNoAccessibilityViolations(page);
  await feedback.getByRole("button", { name: "Send feedback" }).press("Enter");
  await expect(notifications(page).getByText("Thank you!")).toBeVisible();
  await expect(feedback).toBeHidden();
  const feedbackEmail = await supportEmailWith(page, praise);
  expect(feedbackEmail.text).toContain("Category: Chat quality");
  expect(feedbackEmail.text).toContain("Contact email: None given");
  expect(feedbackEmail.html).toContain("Citations &lt;b&gt;save&lt;/b&gt; us hours");

  // Support / Help: the category is chosen and the reply address is the person's own.
  await sidebar.getByRole("button", { name: "Get Help" }).click();
  const help = page.getByRole("dialog", { name: "Support / Help" });
  await expect(help.getByRole("combobox", { name: "Category" })).toHaveValue("document_upload");
  await expect(help.getByRole("textbox", { name: "Contact email (optional)" })).toHaveValue(email);
  const question = `How do I add a second contract? (${testInfo.testId})`;
  await help.getByRole("textbox", { name: "How can we help?" }).fill(question);
  await help.getByRole("button", { name: "Send request" }).click();
  await expect(notifications(page).getByText("We will get back to you soon.")).toBeVisible();
  const helpEmail = await supportEmailWith(page, question);
  expect(helpEmail.text).toContain("Category: Document upload");
  expect(helpEmail.text).toContain(`Contact email: ${email}`);
});

test.describe("at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Get Help fits the screen and sends", async ({ page }, testInfo) => {
    await signUpThroughApi(page, uniqueEmail(testInfo.title), undefined, { plan: null });
    await page.goto("/app/chat");
    await (await openSidebar(page)).getByRole("button", { name: "Get Help" }).click();
    const help = page.getByRole("dialog", { name: "Support / Help" });
    await expect(help).toBeVisible();
    const box = (await help.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectNoAccessibilityViolations(page);
    const question = `Where are my credits? (${testInfo.testId})`;
    await help.getByRole("combobox", { name: "Category" }).selectOption({ label: "Billing & credits" });
    await help.getByRole("textbox", { name: "How can we help?" }).fill(question);
    await help.getByRole("button", { name: "Send request" }).click();
    await expect(notifications(page).getByText("Request sent")).toBeVisible();
    expect((await supportEmailWith(page, question)).text).toContain("Category: Billing & credits");
  });
});
