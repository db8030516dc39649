import { Hono } from "hono";
import type { Database } from "../../db/client";
import { outboxMessagesQuerySchema } from "../../../shared/contracts/mailbox";
import { AppError } from "../../http/app-error";
import type { AppBindings } from "../../http/bindings";
import { isLocalRequest } from "../../http/client-ip";
import { queryInput } from "../../http/request-input";
import { escapeHtml } from "../mail/html";
import { createMailboxRepo, type MailboxRepo } from "./mailbox.repo";
import { mayReadDevMailbox, type DevMailboxSetting } from "./mailbox-access";

type OutboxEmail = Awaited<ReturnType<MailboxRepo["listOutboxEmails"]>>[number];

function renderMailbox(emails: OutboxEmail[]): string {
  const items = emails
    .map(
      (email) => `<article>
  <header><strong>${escapeHtml(email.subject)}</strong><span>to ${escapeHtml(email.to)} · ${email.createdAt.toISOString()}</span></header>
  <details><summary>Plain text</summary><pre>${escapeHtml(email.text)}</pre></details>
  <iframe sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" title="${escapeHtml(email.subject)}" srcdoc="${escapeHtml(email.html)}"></iframe>
</article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#17242b}
article{border:1px solid #dde6e8;border-radius:10px;padding:1rem;margin:1rem 0}header{display:flex;flex-direction:column;gap:.25rem;margin-bottom:.5rem}
header span{color:#5b6b73;font-size:.875rem}iframe{width:100%;height:460px;border:0}pre{white-space:pre-wrap}</style></head>
<body><h1>Local mailbox</h1>
<p>Email sent by this server while no SMTP server is configured. Only this machine can open this page.</p>
${items || "<p>No email yet. Sign up or request a code and it will appear here.</p>"}
</body></html>`;
}

/**
 * /dev/mailbox: the embedded outbox, for finishing email flows on a local install. It holds
 * sign-in codes, so it exists only while the outbox is the mailer, and only for this machine.
 */
export function mailboxRoutes(deps: { db: Database; isOffered: boolean; setting: DevMailboxSetting }) {
  const repo = createMailboxRepo(deps.db);
  return new Hono<AppBindings>()
    .use(async (c, next) => {
      const request = { setting: deps.setting, isLocalSocket: isLocalRequest(c), hostHeader: c.req.header("host") };
      if (!deps.isOffered || !mayReadDevMailbox(request)) throw new AppError("not_found", "Not found.");
      c.header("Cache-Control", "no-store");
      await next();
    })
    .get("/", async (c) => c.html(renderMailbox(await repo.listOutboxEmails())))
    .get("/messages", async (c) => {
      const { to } = queryInput(c.req.query(), outboxMessagesQuerySchema);
      return c.json({ messages: await repo.listOutboxEmails(to) });
    });
}
