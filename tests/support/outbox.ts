import { desc, eq } from "drizzle-orm";
import { outboxEmails } from "../../src/server/db/schema/index";
import type { Database } from "../../src/server/db/client";

export async function listEmailsTo(db: Database, to: string) {
  return db.select().from(outboxEmails).where(eq(outboxEmails.to, to.toLowerCase())).orderBy(desc(outboxEmails.createdAt));
}

/** The newest message to `to`, with the code and /auth/open link it carries. */
export async function latestEmailTo(db: Database, to: string) {
  const [email] = await listEmailsTo(db, to);
  if (!email) throw new Error(`No email to ${to}`);
  return { ...email, ...codeAndLinkOf(email.text) };
}

export function codeAndLinkOf(text: string): { code?: string; link?: string } {
  return {
    code: text.match(/6-digit code: (\d{6})/)?.[1],
    link: text.match(/(https?:\/\/\S+\/auth\/open#\S+)/)?.[1],
  };
}

/** The link token and 6-digit code of the newest invitation email to `to`. */
export async function latestInvitationTo(db: Database, to: string): Promise<{ token: string; code: string; text: string; subject: string }> {
  const email = (await listEmailsTo(db, to)).find((message) => message.text.includes("/auth/complete-invite?token="));
  if (!email) throw new Error(`No invitation email to ${to}`);
  const token = email.text.match(/\/auth\/complete-invite\?token=([A-Za-z0-9_-]+)/)?.[1];
  const code = email.text.match(/6-digit code: (\d{6})/)?.[1];
  if (!token || !code) throw new Error(`The invitation email to ${to} has no link or code`);
  return { token, code, text: email.text, subject: email.subject };
}
