import type { UserScope } from "../../../core/access/actor";
import type { MailMessage } from "../../adapters/mail/mailer";
import type { Database } from "../../db/client";
import { supportRequests } from "../../db/schema/index";
import type { JobQueue } from "../../jobs/job-queue";
import { sendEmailJob } from "../mail/mail.jobs";

export type SupportRequestRow = typeof supportRequests.$inferSelect;
export type NewSupportRequest = Omit<typeof supportRequests.$inferInsert, "id" | "userId" | "createdAt">;

export function createSupportRepo(db: Database, queue: Pick<JobQueue, "enqueue">) {
  return {
    /** What one person sends. */
    forUser({ userId }: UserScope) {
      return {
        /**
         * Stores the request and queues its email in one transaction: both or neither, so a mail
         * server that is down delays the email and never loses the request.
         */
        async createRequest(request: NewSupportRequest, emailFor: (stored: SupportRequestRow) => MailMessage): Promise<SupportRequestRow> {
          return db.transaction(async (tx) => {
            const [stored] = await tx
              .insert(supportRequests)
              .values({ ...request, userId })
              .returning();
            await queue.enqueue(tx, sendEmailJob, emailFor(stored!));
            return stored!;
          });
        },
      };
    },
  };
}

export type SupportRepo = ReturnType<typeof createSupportRepo>;
