import nodemailer from "nodemailer";
import type { MailMessage, Mailer } from "./mailer";

/**
 * Sends through an SMTP server. nodemailer waits up to two minutes to connect, 30 s for the
 * greeting and ten minutes on a silent socket; a server that accepts and never answers would hold
 * a send that long, so each of them is `timeoutMs` here and the failed attempt is retried later.
 */
export function createSmtpMailer(options: { smtpUrl: string; from: string; timeoutMs: number }): Mailer {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    kind: "smtp",
    async send(message: MailMessage) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
