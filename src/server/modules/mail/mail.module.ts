import type { Mailer } from "../../adapters/mail/mailer";
import type { Jobs } from "../../jobs/jobs";
import { sendEmailHandler, sendEmailJob } from "./mail.jobs";

/**
 * The mailer the app sends with. Mail for an SMTP server goes through the job queue: the request
 * that sends it answers at once, and a server that is down or silent is retried with backoff.
 * The embedded outbox is a table in our own database: storing the message is as durable as
 * enqueueing it and cannot fail while enqueueing would succeed, so it is written in the request.
 */
export function createMailModule(deps: { transport: Mailer; jobs: Jobs }): Mailer {
  deps.jobs.register(sendEmailJob, sendEmailHandler(deps.transport));
  if (deps.transport.kind === "outbox") return deps.transport;
  return {
    kind: deps.transport.kind,
    async send(message) {
      await deps.jobs.send(sendEmailJob, message);
    },
  };
}
