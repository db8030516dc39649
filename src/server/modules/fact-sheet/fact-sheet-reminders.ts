import type { Reminder } from "../../../shared/contracts/fact-sheet";
import { addCalendarDays, formatLongDate, type IsoDate } from "../../../shared/calendar-dates";
import type { SiteConfig } from "../../../shared/site-config";
import type { MailMessage } from "../../adapters/mail/mailer";
import { emailButton, emailLayout, escapeHtml } from "../mail/html";

/** The hour (UTC) a reminder is sent on its day: the start of a US working day. */
export const REMINDER_HOUR_UTC = 13;
/** The day `daysBefore` days ahead of `deadline` (yyyy-mm-dd, calendar days). */
export function remindOnFor(deadline: IsoDate, daysBefore: number): IsoDate {
  return addCalendarDays(deadline, -daysBefore);
}

/** Seconds from `now` to the reminder's hour on `remindOn`; 0 when that is already past (it goes at once). */
export function secondsUntilReminder(remindOn: string, now: Date): number {
  const at = Date.parse(`${remindOn}T${String(REMINDER_HOUR_UTC).padStart(2, "0")}:00:00Z`);
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** The reminder email: what falls due and when, with the fact sheet one click away. Nothing of the contract's text is in it. */
export function reminderEmail(options: { to: string; reminder: Reminder; documentName: string; factSheetUrl: string; site: SiteConfig }): MailMessage {
  const { reminder, documentName, site } = options;
  const due = formatLongDate(reminder.deadline);
  const subject = `Reminder: ${reminder.label} on ${due}`;
  const lines = [`${reminder.label}: ${due}.`, `Contract: ${documentName}`, `Open its fact sheet: ${options.factSheetUrl}`];
  const html = emailLayout(
    site,
    subject,
    `<p style="font-size:15px;line-height:22px"><strong>${escapeHtml(reminder.label)}</strong>: ${escapeHtml(due)}.</p>
<p style="font-size:15px;line-height:22px">Contract: ${escapeHtml(documentName)}</p>
<p style="margin:24px 0">${emailButton(options.factSheetUrl, "Open the fact sheet")}</p>
<p style="font-size:13px;line-height:20px;color:#5b6b73">You asked ${escapeHtml(site.productName)} to remind you. Check the contract before acting on it.</p>`,
  );
  return { to: options.to, subject, text: lines.join("\n"), html };
}

/** A stored reminder as the API answers it. */
export function toReminder(row: {
  id: string;
  documentId: string;
  field: Reminder["field"];
  label: string;
  deadline: string;
  remindOn: string;
  sentAt: Date | null;
}): Reminder {
  return {
    id: row.id,
    documentId: row.documentId,
    field: row.field,
    label: row.label,
    deadline: row.deadline,
    remindOn: row.remindOn,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
