import { expect, test } from "@playwright/test";
import { contractPdfOf } from "../support/documents/fact-sheet-contracts";
import { signUpThroughApi, uniqueEmail } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { uploadProcessedDocument } from "./support/documents";

/** An agreement of our own: a claims clause the fact sheet reads, a governing-law heading that names no state, nothing on recoupment. */
const agreement = [
  [
    "MEDICAL GROUP SERVICES AGREEMENT",
    "1. Claims. Group shall submit every claim within one hundred twenty (120) days from the date services were given.",
    "2. Term. This Agreement starts on March 1, 2026 and continues for three (3) years.",
    "3. Governing Law. Questions about this Agreement are settled under the rules in force where the Plan has its main office.",
  ].join("\n"),
];

test("the three outcomes of an answer look different, and a fact-sheet answer's citation opens the page and quote the sheet cites", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  const contract = await uploadProcessedDocument(
    page,
    "Medical Group Agreement.pdf",
    contractPdfOf([...agreement, `Copy ${testInfo.project.name} ${Date.now()}`]),
  );

  await page.goto(`/app/chat?document=${contract.id}`);
  const conversation = page.getByRole("log", { name: "Conversation" });
  const answers = conversation.getByRole("listitem", { name: "Answer" });
  async function ask(question: string) {
    const count = await answers.count();
    await page.getByRole("textbox", { name: "Your question" }).fill(question);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const answer = answers.nth(count);
    await expect(answer).toContainText("Citations", { timeout: 30_000 });
    return answer;
  }

  // An answer: the sheet's value first, in bold, with its clause and page.
  const filing = await ask("How long after the date of service can we still submit a claim?");
  await expect(filing.getByText("Answer", { exact: true })).toBeVisible();
  await expect(filing.locator("strong", { hasText: "120 days" })).toBeVisible();

  // The closest passages: a heading that names the term, but no value to state.
  const law = await ask("Which state's law governs this agreement?");
  await expect(law.getByText("Closest passages", { exact: true })).toBeVisible();
  await expect(law.getByText("Unconfirmed: these passages may not answer your question.")).toBeVisible();
  await expect(law).toContainText("I could not confirm an answer in this contract. The closest clauses are:");
  await expect(law.locator("li strong")).toHaveCount(0);

  // Not addressed: said plainly, in a muted bubble.
  const recoupment = await ask("How far back can the plan recoup payments it already made?");
  await expect(recoupment.getByText("Not addressed", { exact: true })).toBeVisible();
  await expect(recoupment).toContainText("This contract does not appear to address how far back the payer may recover payments.");

  // Each looks different: its own badge and its own bubble.
  const bubbles = await Promise.all([filing, law, recoupment].map((answer) => answer.locator("div.rounded-2xl").first().getAttribute("class")));
  expect(new Set(bubbles).size).toBe(3);
  await expectNoAccessibilityViolations(page);

  // The answer's citation is the sheet's: the same page and quote, opened with the quote marked.
  const chatCitation = await filing
    .getByRole("link", { name: /1 Claims, page 1/ })
    .first()
    .getAttribute("href");
  await page.goto(`/app/documents/${contract.id}/fact-sheet`);
  const sheetCitation = await page
    .getByRole("region", { name: "Claims and appeals" })
    .getByRole("link", { name: "1 Claims, page 1" })
    .getAttribute("href", { timeout: 30_000 });
  expect(chatCitation).toBe(sheetCitation);
  await page.goto(chatCitation!);
  await expect(page.locator("mark.cw-quote").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("mark.cw-quote").first()).toContainText("one hundred twenty (120) days");
});
