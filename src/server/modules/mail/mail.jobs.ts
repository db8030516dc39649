import type { MailMessage, Mailer } from "../../adapters/mail/mailer";
import { defineJobType, type JobHandler } from "../../jobs/job-type";

/**
 * Five attempts, 10 s, 40 s, 160 s and 640 s apart, ride out a mail server's restart or a short
 * outage; a sign-in code, good for 10 minutes, gets four of them within its time.
 */
export const sendEmailJob = defineJobType<MailMessage>({ name: "email.send", maxAttempts: 5, concurrency: 4 });

export function sendEmailHandler(transport: Mailer): JobHandler<MailMessage> {
  return { run: (job) => transport.send(job.payload) };
}
