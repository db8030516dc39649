import type { Logger } from "pino";
import type { Database } from "../../db/client";
import { outboxEmails } from "../../db/schema/index";
import type { MailMessage, Mailer } from "./mailer";

/**
 * The embedded default: every message is stored (readable at /dev/mailbox from this machine)
 * and its plain text printed to the log, so a local install can finish every email flow.
 */
export function createOutboxMailer(db: Database, logger: Logger): Mailer {
  return {
    kind: "outbox",
    async send(message: MailMessage) {
      await db.insert(outboxEmails).values(message);
      logger.info({ to: message.to, subject: message.subject }, `Email stored in the local outbox:\n${message.text}`);
    },
  };
}
