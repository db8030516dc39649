import nodemailer from "nodemailer";
import type { MailMessage, Mailer } from "./mailer";

export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    kind: "smtp",
    async send(message: MailMessage) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
