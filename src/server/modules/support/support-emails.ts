import type { SupportRequestKind } from "../../../shared/support";
import type { MailMessage } from "../../adapters/mail/mailer";
import { escapeHtml } from "../mail/html";

const headingByKind: Record<SupportRequestKind, string> = {
  feedback: "Feedback",
  help: "Support request",
  problem_report: "Problem report",
};

export interface SupportEmailFacts {
  requestId: string;
  kind: SupportRequestKind;
  categoryLabel: string;
  /** As the person typed it: plain text, escaped here for the HTML part. */
  message: string;
  contactEmail: string | null;
  account: { userId: string; email: string };
  /** The page the request was sent from, as a full address of this deployment. */
  pageUrl: string;
  receivedAt: Date;
  /** A problem report's answer. */
  answer?: { sessionId: string; messageId: string; documentId: string };
}

/**
 * The email the support inbox receives for one request: the message first, then what support
 * needs to find and answer it. Everything the person typed is text; the HTML part escapes it.
 */
export function supportRequestEmail(facts: SupportEmailFacts, to: string, productName: string): MailMessage {
  const heading = `${headingByKind[facts.kind]}: ${facts.categoryLabel}`;
  const fields: [label: string, value: string][] = [
    ["Category", facts.categoryLabel],
    ["Contact email", facts.contactEmail ?? "None given"],
    ["Account", facts.account.email],
    ["User id", facts.account.userId],
    ["Page", facts.pageUrl],
    ...(facts.answer
      ? ([
          ["Conversation", facts.answer.sessionId],
          ["Answer", facts.answer.messageId],
          ["Document", facts.answer.documentId],
        ] as [string, string][])
      : []),
    ["Request", facts.requestId],
    ["Received", facts.receivedAt.toISOString()],
  ];
  const text = [heading, "", facts.message, "", ...fields.map(([label, value]) => `${label}: ${value}`)].join("\n");
  const rows = fields
    .map(([label, value]) => {
      const shown = label === "Page" ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value);
      return `<tr><th align="left" style="padding:4px 16px 4px 0;color:#5b6b73;font-weight:600;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${shown}</td></tr>`;
    })
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#17242b">
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(heading)}</h1>
<div style="white-space:pre-wrap;border-left:3px solid #0f766e;padding:8px 12px;margin:0 0 20px;font-size:15px;line-height:22px">${escapeHtml(facts.message)}</div>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:13px;line-height:18px">
${rows}
</table></body></html>`;
  return { to, subject: `${heading} from ${facts.account.email} · ${productName}`, text, html };
}
