export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where email goes: SMTP in production, the database outbox when running embedded. */
export interface Mailer {
  readonly kind: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}
