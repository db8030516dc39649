import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** The link (…/auth/complete-invite?token=…) and 6-digit code of the newest invitation email to `email`, read from the outbox at /dev/mailbox. */
export async function latestInvitationFor(request: APIRequestContext, email: string): Promise<{ link: string; code: string }> {
  let text = "";
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).json()) as { messages: { text: string }[] };
      text = messages[0]?.text ?? "";
      return text;
    })
    .toMatch(/\/auth\/complete-invite\?token=/);
  return { link: text.match(/(https?:\/\/\S+\/auth\/complete-invite\?token=[A-Za-z0-9_-]+)/)![1]!, code: text.match(/6-digit code: (\d{6})/)![1]! };
}

/** On /app/admin/org: Invite User, the address, Send; waits for the spec's confirmation. */
export async function inviteThroughDialog(page: Page, email: string): Promise<void> {
  await page.getByRole("button", { name: "Invite User" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite User" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** A row of one of the Users tab's tables, found by the address it shows. */
export function rowWith(page: Page, table: "Team Members" | "Pending Invitations", email: string) {
  return page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: email });
}
