import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { outboxEmails } from "../../db/schema/index";

const MAILBOX_PAGE_SIZE = 50;

/** The emails the app has sent, for the development mailbox. */
export function createMailboxRepo(db: Database) {
  return {
    /** The newest first, optionally only those to one address. */
    listOutboxEmails(to?: string, tx: Database = db) {
      const query = tx.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(MAILBOX_PAGE_SIZE);
      return to ? query.where(eq(outboxEmails.to, to.toLowerCase())) : query;
    },
  };
}

export type MailboxRepo = ReturnType<typeof createMailboxRepo>;
