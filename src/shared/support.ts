/**
 * Feedback, help requests and problem reports (spec sections 2, 5 and 8): what each is called,
 * its categories, and the words an empty message is refused with, which the server answers and the
 * dialogs show.
 */

/** What a person sent: Share feedback, Support / Help, or a problem with one chat answer. */
export const supportRequestKinds = ["feedback", "help", "problem_report"] as const;
export type SupportRequestKind = (typeof supportRequestKinds)[number];

/** Share feedback's categories, in the order the dialog lists them. */
export const feedbackCategories = ["general", "chat_quality", "bug", "idea", "other"] as const;
export type FeedbackCategory = (typeof feedbackCategories)[number];

export const feedbackCategoryLabels: Record<FeedbackCategory, string> = {
  general: "General",
  chat_quality: "Chat quality",
  bug: "Bug",
  idea: "Idea",
  other: "Other",
};

/** Support / Help's categories, in the order the dialog lists them. */
export const helpCategories = ["document_upload", "processing_issues", "billing_credits", "account_login", "chat_answers", "feature_request", "other"] as const;
export type HelpCategory = (typeof helpCategories)[number];

export const helpCategoryLabels: Record<HelpCategory, string> = {
  document_upload: "Document upload",
  processing_issues: "Processing issues",
  billing_credits: "Billing & credits",
  account_login: "Account & login",
  chat_answers: "Chat answers",
  feature_request: "Feature request",
  other: "Other",
};

/** The category each dialog opens with (the spec: Support's is preselected). */
export const DEFAULT_FEEDBACK_CATEGORY: FeedbackCategory = "general";
export const DEFAULT_HELP_CATEGORY: HelpCategory = "document_upload";

/**
 * An empty message's title and explanation. Feedback's and the problem report's are the spec's
 * (section 5); Support's message is required too, and the spec gives it no words of its own.
 */
export const blankMessageCopy: Record<SupportRequestKind, { title: string; description: string }> = {
  feedback: { title: "Feedback required", description: "Please share a bit about your feedback." },
  help: { title: "Message required", description: "Please tell us what you need help with." },
  problem_report: { title: "Message required", description: "Please describe the problem." },
};
