import { expect, test, type Page } from "@playwright/test";
import { contractPdf } from "../support/documents/contract-pdf";
import { signUpThroughApi, uniqueEmail } from "./support/accounts";

/** Keeps every EventSource the page creates, so the test can count them. */
async function recordEventSources(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const created: EventSource[] = [];
    (window as unknown as { eventSources: EventSource[] }).eventSources = created;
    const Original = window.EventSource;
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        created.push(this);
      }
    };
  });
}

/** The page's EventSources: each one's path and whether it is open. */
function eventSources(page: Page) {
  return page.evaluate(() =>
    (window as unknown as { eventSources: EventSource[] }).eventSources.map((source) => ({
      path: new URL(source.url).pathname,
      isOpen: source.readyState === 1,
    })),
  );
}

test("the signed-in app holds exactly one live-event connection per tab, across pages, and it carries the updates", async ({ page }, testInfo) => {
  await recordEventSources(page);
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  await page.goto("/app/documents");
  await expect(page.getByRole("heading", { name: "No documents uploaded" })).toBeVisible();
  // The library, the sidebar's recent chats and the menu's credits all listen on it.
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
  await expect.poll(() => eventSources(page)).toEqual([{ path: "/api/events", isOpen: true }]);

  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Chat", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contract Chat" })).toBeVisible();
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Documents", exact: true }).click();
  await expect(page.getByRole("heading", { name: "No documents uploaded" })).toBeVisible();

  // A document uploaded elsewhere (here: through the API) appears through that one connection.
  const upload = await page.request.post("/api/documents", {
    multipart: { file: { name: "From elsewhere.pdf", mimeType: "application/pdf", buffer: contractPdf(`${testInfo.testId} ${Date.now()}`) } },
  });
  expect(upload.status()).toBe(201);
  await expect(page.getByRole("article", { name: "From elsewhere.pdf" })).toBeVisible();
  expect(await eventSources(page)).toEqual([{ path: "/api/events", isOpen: true }]);
});
