import type { Logger } from "pino";
import { z } from "zod";
import { noticeByWithin } from "../../../shared/portfolio-view";
import type { CalendarEvent } from "../../../shared/contracts/portfolio";
import { formatIsoDate, formatLongDate } from "../../../shared/calendar-dates";
import type { SiteConfig } from "../../../shared/site-config";
import type { MailMessage, Mailer } from "../../adapters/mail/mailer";
import type { Database } from "../../db/client";
import { defineJobType, emptyPayload } from "../../jobs/job-type";
import type { Jobs } from "../../jobs/jobs";
import { emailButton, emailLayout, escapeHtml } from "../mail/html";
import type { PortfolioRepo } from "./portfolio.repo";
import type { PortfolioService } from "./portfolio.service";

/** The digest lists the notice-by dates of the next 60 days. */
export const DIGEST_DAYS_AHEAD = 60;
const WEEK_SECONDS = 7 * 24 * 60 * 60;

/** The weekly run: queues one digest per organization whose digest is on. */
export const planDigestsJob = defineJobType({ name: "portfolio.plan-digests", version: 1, payload: emptyPayload, maxAttempts: 3, concurrency: 1 });
/** One organization's digest to its admins; each email is then sent (and retried) like every other. */
export const sendDigestJob = defineJobType({
  name: "portfolio.send-digest",
  version: 1,
  payload: z.object({ organization_id: z.uuid() }),
  maxAttempts: 3,
  concurrency: 2,
});

/** The digest email: each notice-by date with its payer and document; nothing of the contracts' text. */
export function digestEmail(options: { to: string; events: CalendarEvent[]; portfolioUrl: string; site: SiteConfig }): MailMessage {
  const { events, site } = options;
  const subject = `Contract notices due in the next ${DIGEST_DAYS_AHEAD} days: ${events.length}`;
  const lineOf = (event: CalendarEvent) => `${formatLongDate(event.date)}: notice not to renew — ${event.payer ?? "Payer not stated"} (${event.documentName})`;
  const items = events
    .map(
      (event) =>
        `<li style="margin:0 0 8px"><strong>${escapeHtml(formatLongDate(event.date))}</strong>: notice not to renew — ${escapeHtml(event.payer ?? "Payer not stated")} (${escapeHtml(event.documentName)})</li>`,
    )
    .join("");
  const html = emailLayout(
    site,
    subject,
    `<p style="font-size:15px;line-height:22px">The last days to send notice not to renew, so these agreements do not renew on their own:</p>
<ul style="font-size:15px;line-height:22px;padding-left:20px">${items}</ul>
<p style="margin:24px 0">${emailButton(options.portfolioUrl, "Open the portfolio")}</p>
<p style="font-size:13px;line-height:20px;color:#5b6b73">Sent weekly to your organization's admins; an admin can turn it off on the portfolio page. Check each contract before acting on it.</p>`,
  );
  const text = [...events.map(lineOf), "", `Open the portfolio: ${options.portfolioUrl}`].join("\n");
  return { to: options.to, subject, text, html };
}

export interface DigestDeps {
  db: Database;
  jobs: Jobs;
  repo: PortfolioRepo;
  service: PortfolioService;
  mailer: Mailer;
  site: SiteConfig;
  portfolioUrl: string;
  logger: Logger;
  now: () => Date;
}

/** Sends one organization's digest now, when its digest is on and it has notice-by dates ahead; answers how many emails went. */
export async function sendOrganizationDigest(deps: DigestDeps, organizationId: string): Promise<number> {
  const recipients = (await deps.repo.listDigestRecipients()).find((entry) => entry.organizationId === organizationId);
  if (!recipients) return 0;
  const today = formatIsoDate(deps.now());
  const rows = await deps.service.listRows({ kind: "organization", organizationId }, null, today);
  const events = noticeByWithin(rows, today, DIGEST_DAYS_AHEAD);
  if (events.length === 0) return 0;
  for (const to of recipients.emails) await deps.mailer.send(digestEmail({ to, events, portfolioUrl: deps.portfolioUrl, site: deps.site }));
  return recipients.emails.length;
}

/** The weekly digest (on unless an organization turned it off): a scheduled job that queues one per organization. */
export function registerPortfolioDigest(deps: DigestDeps) {
  deps.jobs.register(planDigestsJob, {
    async run() {
      const organizations = await deps.repo.listDigestRecipients();
      await deps.db.transaction(async (tx) => {
        for (const { organizationId } of organizations)
          await deps.jobs.enqueue(tx, sendDigestJob, { organization_id: organizationId }, { singletonKey: organizationId, ownerKey: organizationId });
      });
      deps.jobs.poke();
    },
  });
  deps.jobs.register(sendDigestJob, {
    async run(job) {
      const sent = await sendOrganizationDigest(deps, job.payload.organization_id);
      if (sent > 0) deps.logger.info({ organizationId: job.payload.organization_id, sent }, "portfolio digest sent");
    },
  });
  deps.jobs.schedule({ name: "portfolio-weekly-digest", type: planDigestsJob, payload: {}, everySeconds: WEEK_SECONDS });
}
