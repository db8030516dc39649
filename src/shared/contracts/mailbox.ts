import { z } from "zod";

/** GET /dev/mailbox/messages?to=: the embedded outbox, on the local machine only. */
export const outboxMessagesQuerySchema = z.object({ to: z.string().optional() });

export const outboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxMessagesResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });
export type OutboxMessagesResponse = z.infer<typeof outboxMessagesResponseSchema>;
