import { z } from "zod";
import { blankMessageCopy, feedbackCategories, helpCategories, supportRequestKinds, type SupportRequestKind } from "../support";
import { typedText } from "./fields";

/** /api/support: feedback, help requests and problem reports with a chat answer, each stored and emailed to the support address. */

/** About a page of text: room for steps to reproduce, not for a pasted document. */
export const SUPPORT_MESSAGE_MAX_CHARS = 5000;
/** The longest address SMTP carries (RFC 5321). */
export const CONTACT_EMAIL_MAX_CHARS = 254;
export const PAGE_PATH_MAX_CHARS = 2000;

export const INVALID_CONTACT_EMAIL = "Please enter a valid email address.";

function supportMessage(kind: SupportRequestKind) {
  return typedText(SUPPORT_MESSAGE_MAX_CHARS, {
    blank: blankMessageCopy[kind].description,
    tooLong: `Messages can be at most ${SUPPORT_MESSAGE_MAX_CHARS.toLocaleString("en-US")} characters.`,
  });
}

const emailAddress = z.email();

/** Where a reply may go: optional (empty or absent is none), else one valid address. */
export const contactEmailSchema = z
  .string({ error: INVALID_CONTACT_EMAIL })
  .trim()
  .max(CONTACT_EMAIL_MAX_CHARS, { message: INVALID_CONTACT_EMAIL })
  .refine((value) => value === "" || emailAddress.safeParse(value).success, { message: INVALID_CONTACT_EMAIL })
  .nullish()
  .transform((value) => value || null);

/**
 * The page the person was on, with its query ("/app/chat?session=…"): a path of this app, so the
 * link support receives cannot lead anywhere else ("//host" and "/\host" would).
 */
export const pagePathSchema = z
  .string({ error: "Say which page this is about." })
  .max(PAGE_PATH_MAX_CHARS, { message: `The page address can be at most ${PAGE_PATH_MAX_CHARS.toLocaleString("en-US")} characters.` })
  .regex(/^\/(?![/\\])[^\s\\]*$/, { message: "Say which page this is about." });

/** A request in one of its dialog's categories, with an optional contact email. */
function categorizedRequest<const Categories extends readonly [string, ...string[]]>(kind: SupportRequestKind, categories: Categories) {
  return z.object({
    category: z.enum(categories, { error: "Choose a category." }),
    message: supportMessage(kind),
    contactEmail: contactEmailSchema,
    path: pagePathSchema,
  });
}

/** POST /api/support/feedback: Share feedback. */
export const feedbackRequestSchema = categorizedRequest("feedback", feedbackCategories);
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

/** POST /api/support/help: Support / Help. */
export const helpRequestSchema = categorizedRequest("help", helpCategories);
export type HelpRequest = z.input<typeof helpRequestSchema>;

/** POST /api/support/problem-reports: a problem with one answer of one of the person's conversations; the server finds its document. */
export const problemReportRequestSchema = z.object({
  sessionId: z.uuid({ message: "This answer was not found." }),
  messageId: z.uuid({ message: "This answer was not found." }),
  message: supportMessage("problem_report"),
  path: pagePathSchema,
});
export type ProblemReportRequest = z.input<typeof problemReportRequestSchema>;

/** The answer to each of them: what was stored (and queued for the support inbox). */
export const supportRequestResponseSchema = z.object({
  request: z.object({ id: z.uuid(), kind: z.enum(supportRequestKinds), createdAt: z.iso.datetime() }),
});
export type SupportRequestResponse = z.infer<typeof supportRequestResponseSchema>;
