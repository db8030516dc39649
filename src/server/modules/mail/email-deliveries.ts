import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { EmailDeliveryResponse, EmailDeliveryStatus } from "../../../shared/contracts/auth";
import { queryRows, type Database } from "../../db/client";
import { sendEmailJob } from "./mail.jobs";

/** The cookie that holds a browser's receipt for the sign-in email it asked for. */
export const EMAIL_DELIVERY_COOKIE = "email_delivery";
/** How long a receipt is honoured: the code it announces lasts 10 minutes, its retries about 14. */
export const EMAIL_DELIVERY_RECEIPT_SECONDS = 30 * 60;
/** Clocks of the web process and the database may differ a little. */
const CLOCK_SLACK_MS = 5000;

function statusOf(job: { status: string; attempts: number }): EmailDeliveryStatus {
  if (job.status === "completed") return "sent";
  if (job.status === "failed") return "failed";
  // `attempts` counts attempts started: a queued job that has started one is waiting to retry a failure.
  const failedAttempts = job.status === "running" ? job.attempts - 1 : job.attempts;
  return failedAttempts > 0 ? "retrying" : "sending";
}

/**
 * Tells the browser that asked for a sign-in email how its sending goes (issue 20): the request
 * answers before the `email.send` job runs, so a mail server that fails would otherwise be silent.
 * The browser holds a receipt (address and time, signed with the auth secret): only it can ask,
 * so nobody learns whether someone else asked for a code.
 */
export function createEmailDeliveries(deps: { db: Database; secret: string; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const sign = (payload: string) => createHmac("sha256", deps.secret).update(`email-delivery:${payload}`).digest("base64url");

  function readReceipt(receipt: string | undefined): { email: string; askedAt: Date } | undefined {
    const [email64, askedAtMs, signature] = receipt?.split(".") ?? [];
    if (!email64 || !askedAtMs || !signature || !/^\d{1,15}$/.test(askedAtMs)) return undefined;
    const expected = Buffer.from(sign(`${email64}.${askedAtMs}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const askedAt = new Date(Number(askedAtMs));
    if (now().getTime() - askedAt.getTime() > EMAIL_DELIVERY_RECEIPT_SECONDS * 1000) return undefined;
    return { email: Buffer.from(email64, "base64url").toString("utf8"), askedAt };
  }

  return {
    /** A receipt for an email to `email` asked for at `askedAt` (taken before the request sent it). */
    receiptFor(email: string, askedAt: Date): string {
      const payload = `${Buffer.from(email.toLowerCase()).toString("base64url")}.${askedAt.getTime()}`;
      return `${payload}.${sign(payload)}`;
    },

    /** How the newest email to the receipt's address since it was asked for is going; null without a valid receipt or a queued email. */
    async deliveryOf(receipt: string | undefined): Promise<EmailDeliveryResponse["delivery"]> {
      const asked = readReceipt(receipt);
      if (!asked) return null;
      const [job] = await queryRows<{ status: string; attempts: number }>(
        deps.db,
        sql`select status, attempts from jobs
            where type = ${sendEmailJob.name} and lower(payload ->> 'to') = ${asked.email}
              and created_at >= ${new Date(asked.askedAt.getTime() - CLOCK_SLACK_MS).toISOString()}::timestamptz
            order by created_at desc limit 1`,
      );
      return job ? { email: asked.email, status: statusOf({ status: job.status, attempts: Number(job.attempts) }) } : null;
    },
  };
}

export type EmailDeliveries = ReturnType<typeof createEmailDeliveries>;
