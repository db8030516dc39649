import type { Database } from "../../db/client";
import type { Jobs } from "../../jobs/jobs";
import type { ChatService } from "../chat/chat.service";
import { createSupportRepo } from "./support.repo";
import { createSupportService } from "./support.service";

/** Feedback, help requests and problem reports, each emailed to `supportEmail` through the mail module's `email.send` job. */
export function createSupportModule(deps: { db: Database; jobs: Jobs; chat: ChatService; supportEmail: string; productName: string; publicUrl: string }) {
  return createSupportService({
    repo: createSupportRepo(deps.db, deps.jobs.queue),
    chat: deps.chat,
    supportEmail: deps.supportEmail,
    productName: deps.productName,
    publicUrl: deps.publicUrl,
    onEmailQueued: deps.jobs.poke,
  });
}
