import { z } from "zod";
import { emailLinkTypes, signInLinkTypes } from "../auth-links";

const linkFields = { email: z.email(), code: z.string().regex(/^\d{6}$/) };

/**
 * Our own routes under /api/auth (Better Auth's endpoints keep Better Auth's contracts).
 * GET /api/auth/email-link: an email link's target; a recovery link never comes here. It confirms
 * an email change, and sends a sign-in link back to /auth/open, which asks first.
 */
export const emailLinkQuerySchema = z.object({ type: z.enum(emailLinkTypes).exclude(["recovery"]), ...linkFields });
export type EmailLinkQuery = z.infer<typeof emailLinkQuerySchema>;

/** POST /api/auth/email-link: a sign-in link's fields, sent by /auth/open once the person confirmed "Sign in as …?". */
export const emailLinkSignInRequestSchema = z.object({ type: z.enum(signInLinkTypes), ...linkFields });
export type EmailLinkSignInRequest = z.infer<typeof emailLinkSignInRequestSchema>;

/** Where the browser goes next: the app once signed in, or /auth/error (a used or expired code, a refused method). */
export const emailLinkSignInResponseSchema = z.object({ redirectTo: z.string().startsWith("/") });
export type EmailLinkSignInResponse = z.infer<typeof emailLinkSignInResponseSchema>;

/** How the last sign-in email this browser asked for is going (ours: the spec has no such state). */
export const emailDeliveryStatuses = ["sending", "retrying", "sent", "failed"] as const;
export type EmailDeliveryStatus = (typeof emailDeliveryStatuses)[number];

/** GET /api/email-delivery: null when this browser asked for none lately, or email is the local outbox's. */
export const emailDeliveryResponseSchema = z.object({
  delivery: z.object({ email: z.string(), status: z.enum(emailDeliveryStatuses) }).nullable(),
});
export type EmailDeliveryResponse = z.infer<typeof emailDeliveryResponseSchema>;
