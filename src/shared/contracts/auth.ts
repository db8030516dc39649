import { z } from "zod";
import { emailLinkTypes, SWITCH_ACCOUNT_PARAM } from "../auth-links";

/**
 * Our own route under /api/auth (Better Auth's endpoints keep Better Auth's contracts).
 * GET /api/auth/email-link: where /auth/open sends the browser; a recovery link never comes here.
 */
export const emailLinkQuerySchema = z.object({
  type: z.enum(emailLinkTypes).exclude(["recovery"]),
  email: z.email(),
  code: z.string().regex(/^\d{6}$/),
  [SWITCH_ACCOUNT_PARAM]: z.literal("1").optional(),
});
export type EmailLinkQuery = z.infer<typeof emailLinkQuerySchema>;

/** How the last sign-in email this browser asked for is going (ours: the spec has no such state). */
export const emailDeliveryStatuses = ["sending", "retrying", "sent", "failed"] as const;
export type EmailDeliveryStatus = (typeof emailDeliveryStatuses)[number];

/** GET /api/email-delivery: null when this browser asked for none lately, or email is the local outbox's. */
export const emailDeliveryResponseSchema = z.object({
  delivery: z.object({ email: z.string(), status: z.enum(emailDeliveryStatuses) }).nullable(),
});
export type EmailDeliveryResponse = z.infer<typeof emailDeliveryResponseSchema>;
