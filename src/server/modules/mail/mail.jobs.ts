import { z } from "zod";
import type { MailMessage, Mailer } from "../../adapters/mail/mailer";
import { defineJobType, type JobHandler } from "../../jobs/job-type";

const mailMessage = z.object({ to: z.string().min(1), subject: z.string(), text: z.string(), html: z.string() }) satisfies z.ZodType<MailMessage>;

/**
 * Five attempts, 10 s, 40 s, 160 s and 640 s apart, ride out a mail server's restart or a short
 * outage; a sign-in code, good for 10 minutes, gets four of them within its time.
 */
export const sendEmailJob = defineJobType({ name: "email.send", version: 1, payload: mailMessage, maxAttempts: 5, concurrency: 4 });

export function sendEmailHandler(transport: Mailer): JobHandler<MailMessage> {
  return { run: (job) => transport.send(job.payload) };
}
