import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./support/accounts";

for (const { name, other } of [
  { name: "Google", other: "Microsoft" },
  { name: "Microsoft", other: "Google" },
]) {
  test(`${name} sign-in lands in the documents, and /login then marks ${name} 'Last used'`, async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo.title);
    await page.goto("/login?redirect=%2Fapp");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: new RegExp(`Continue with ${name}`) }).click();
    await expect(page).toHaveURL("/app/documents");
    const me = await page.request.get("/api/me");
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);

    await page.context().clearCookies();
    const next = await page.context().newPage();
    await next.goto("/login");
    await expect(next.getByRole("button", { name: new RegExp(`Continue with ${name}`) })).toContainText("Last used");
    await expect(next.getByRole("button", { name: new RegExp(`Continue with ${other}`) })).not.toContainText("Last used");
  });
}

test("the provider buttons disappear in sign-up mode", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: /Continue with Google/ })).toBeVisible();
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Continue with/ })).toHaveCount(0);
});
