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
