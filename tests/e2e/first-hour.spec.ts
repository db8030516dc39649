import { writeFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { contractPdf } from "../support/documents/contract-pdf";
import { E2E_PASSWORD, latestCodeFor, signUpThroughApi, subscribeThroughApi, uniqueEmail } from "./support/accounts";

const SAMPLE = "Sample - Northwind Health Plan Provider Agreement.pdf";

/** Records the most toasts the page showed at once from now on; answers it when asked. */
async function recordMostToastsAtOnce(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const record = window as unknown as { mostToasts: number };
    record.mostToasts = 0;
    new MutationObserver(() => {
      record.mostToasts = Math.max(record.mostToasts, document.querySelectorAll("[data-sonner-toast]").length);
    }).observe(document.body, { subtree: true, childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { mostToasts: number }).mostToasts);
}

test("a newcomer signs up with their practice's name, tries the sample agreement, asks about it and reads the source beside the answer", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const email = uniqueEmail(testInfo.title);
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await page.getByLabel("Full name").fill("Morgan Diaz");
  await page.getByLabel("Practice name").fill("Maple Street Family Practice");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await page.getByLabel("6-digit code").fill((await latestCodeFor(page.request, email)).code);
  await expect(page).toHaveURL("/app/documents");
  // This server starts organizations without a trial: the library needs a plan.
  await subscribeThroughApi(page);
  await page.reload();

  // The empty library: a way to try the product before uploading a contract, and the first steps.
  await expect(page.getByRole("heading", { name: "No documents uploaded" })).toBeVisible();
  const checklist = page.getByRole("list", { name: "Getting started checklist" });
  await expect(checklist.getByRole("listitem")).toHaveText([/Upload a contract/, /Ask a question/, /Open the fact sheet/, /Invite a colleague/]);
  await expect(page.getByText("0 of 4 done")).toBeVisible();
  await page.getByRole("button", { name: "Try a sample agreement" }).first().click();
  await expect(page.getByText("Sample agreement added")).toBeVisible();
  const card = page.getByRole("article", { name: SAMPLE });
  await expect(card.getByText("Sample", { exact: true })).toBeVisible();
  await expect(card.getByText("Ready", { exact: true })).toBeVisible({ timeout: 60_000 });

  // Asked about like any contract.
  await card.getByRole("link", { name: /Ask about/ }).click();
  await page.getByRole("textbox", { name: "Your question" }).fill("What is the timely filing limit?");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const answer = page.getByRole("log", { name: "Conversation" }).getByRole("listitem", { name: "Answer" });
  await expect(answer).toContainText("Citations", { timeout: 30_000 });
  await expect(answer).toContainText(/ninety \(90\) days|90 days/);
  const chatUrl = page.url();

  // The citation shows its page beside the answer, the quote highlighted and the clause's place in the contract.
  await answer
    .getByRole("link", { name: /2\.1 Timely Filing, page \d/ })
    .first()
    .click();
  const source = page.getByRole("dialog", { name: "Source" });
  await expect(source.getByRole("list", { name: "Clause path" })).toContainText(/Article 2 CLAIMS AND PAYMENT/i);
  const marks = source.locator("mark.cw-quote");
  await expect(marks.first()).toBeVisible({ timeout: 30_000 });
  expect((await marks.allTextContents()).join(" ")).toContain("(90)");
  await expect(marks.first()).toBeInViewport();
  expect(page.url()).toBe(chatUrl);
  const box = (await source.boundingBox())!;
  const { width } = page.viewportSize()!;
  // Beside the chat on a desktop; a sheet the width of a phone's screen.
  if (width >= 768) expect(box.width).toBeLessThan(width);
  else expect(Math.round(box.width)).toBe(width);
  await page.keyboard.press("Escape");
  await expect(source).toBeHidden();
  await expect(answer).toBeVisible();

  // The practice named at sign-up is the organization's name.
  await page.goto("/app/admin/org");
  await expect(page.getByText("Maple Street Family Practice").first()).toBeVisible();

  // The checklist keeps count; the sample is not the person's own contract.
  await page.goto("/app/documents");
  await expect(checklist.getByRole("listitem").filter({ hasText: "Ask a question" })).toContainText("(done)");
  await expect(checklist.getByRole("listitem").filter({ hasText: "Upload a contract" })).toContainText("(to do)");
  await expect(page.getByText("1 of 4 done")).toBeVisible();
});

test("a batch of three contracts is uploaded and analysed on its own, with one toast for the batch", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  const names = ["Aetna Agreement.pdf", "Cigna Agreement.pdf", "Humana Agreement.pdf"];
  const files = await Promise.all(
    names.map(async (name) => {
      const file = testInfo.outputPath(name);
      await writeFile(file, contractPdf(`${testInfo.testId} ${name} ${Date.now()}`));
      return file;
    }),
  );
  await page.goto("/app/documents");
  await expect(page.getByRole("heading", { name: "No documents uploaded" })).toBeVisible();
  const mostToastsAtOnce = await recordMostToastsAtOnce(page);

  await page.getByLabel("Choose a document to upload").setInputFiles(files);
  await expect(page.getByText("3 documents uploaded")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("3 documents processing. Each card updates as it goes.")).toBeVisible();
  // No Process click: each becomes Ready by itself.
  for (const name of names) await expect(page.getByRole("article", { name }).getByText("Ready", { exact: true })).toBeVisible({ timeout: 60_000 });
  expect(await mostToastsAtOnce()).toBe(1);
});
