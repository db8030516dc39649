import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { outboxEmails } from "../../db/schema/index";

const MAILBOX_PAGE_SIZE = 50;

export function listOutboxEmails(db: Database, to?: string) {
  const query = db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(MAILBOX_PAGE_SIZE);
  return to ? query.where(eq(outboxEmails.to, to.toLowerCase())) : query;
}
