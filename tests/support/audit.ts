import { asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import { expect } from "vitest";
import { createFileStorage } from "../../src/server/adapters/storage/configured-storage";
import { resolveAuditSecret } from "../../src/server/auth/auth-secret";
import { createAuditLog } from "../../src/server/modules/audit/audit.module";
import type { Database } from "../../src/server/db/client";
import { auditEvents, chatMessages, outboxEmails } from "../../src/server/db/schema/index";
import { isAllowedAuditDetailKey, MAX_DETAIL_TEXT } from "../../src/core/audit/redaction";
import type { AuditAction } from "../../src/shared/audit";
import type { NewAuditEvent } from "../../src/server/modules/audit/audit.repo";
import { TEST_PASSWORD } from "./accounts";
import type { TestApp } from "./test-app";

export type AuditRow = typeof auditEvents.$inferSelect;

/** An event as the service hands it to the repository: a document viewed in `organizationId`'s log, by no one in particular unless `overrides` say. */
export function aNewAuditEvent(organizationId: string, targetId: string, overrides: Partial<NewAuditEvent> = {}): NewAuditEvent {
  return {
    occurredAt: new Date(),
    organizationId,
    actorUserId: null,
    actorEmail: null,
    actorRole: null,
    actorOrganizationId: organizationId,
    action: "document.viewed",
    targetType: "document",
    targetId,
    targetName: null,
    outcome: "success",
    ip: null,
    userAgent: null,
    requestId: null,
    details: {},
    ...overrides,
  };
}

/** The test app's audit log as another process of it would open it: the same database, audit secret and checkpoint storage. */
export function auditLogOf(testApp: TestApp) {
  const env = testApp.container.env;
  return createAuditLog({
    db: testApp.database.db,
    storage: createFileStorage(env.storage),
    secret: resolveAuditSecret(env.audit.secret, env.dataDir),
    logger: pino({ level: "silent" }),
    now: () => new Date(),
  });
}

/** Every recorded event of one action, oldest first, once the app has written what it recorded. */
export async function eventsOf(testApp: TestApp, action: AuditAction): Promise<AuditRow[]> {
  await testApp.container.audit.flush();
  return testApp.database.db.select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(asc(auditEvents.occurredAt), asc(auditEvents.seq));
}

/** The one event of `action` naming `targetId`. */
export async function onlyEvent(testApp: TestApp, action: AuditAction, targetId: string | null): Promise<AuditRow> {
  const events = (await eventsOf(testApp, action)).filter((event) => event.targetId === targetId);
  expect(events, `${action} on ${targetId}`).toHaveLength(1);
  return events[0]!;
}

const extraPasswords = ["a-new-password-1", "not-my-password", "wrong-password", "brand-new-password"];

/** Codes the tests type wrong on purpose: a near miss may be the right code mistyped, so no event may carry one either. */
const wrongTestCodes = ["424242", "242424"];

/** A code that is not `code`, from the ones the leak scanner looks for. */
export function wrongCodeFor(code: string): string {
  return wrongTestCodes.find((wrong) => wrong !== code)!;
}

/**
 * The audit log's leak scanner (issue 19), run on every integration test's database when its app
 * closes (test-app.ts): details hold allowed keys and short values only, and no event anywhere
 * carries a test password, an emailed code or token, a code typed wrong, or the text of a chat message.
 */
export async function findAuditLeaks(db: Database): Promise<string[]> {
  const events = await db.select().from(auditEvents);
  if (events.length === 0) return [];
  const secrets = new Set<string>([TEST_PASSWORD, ...extraPasswords, ...wrongTestCodes]);
  for (const email of await db.select({ text: outboxEmails.text }).from(outboxEmails)) {
    for (const match of email.text.matchAll(/code: (\d{6})|token=([A-Za-z0-9_-]{16,})|#(\S{16,})/g)) secrets.add(match[1] ?? match[2] ?? match[3]!);
  }
  for (const message of await db.select({ content: chatMessages.content }).from(chatMessages)) {
    if (message.content.trim().length >= 12) secrets.add(message.content.trim().slice(0, 40));
  }
  const leaks: string[] = [];
  for (const event of events) {
    for (const [key, value] of Object.entries(event.details)) {
      if (!isAllowedAuditDetailKey(key)) leaks.push(`${event.action}: detail key ${key}`);
      if (typeof value === "string" && value.length > MAX_DETAIL_TEXT) leaks.push(`${event.action}: ${key} is ${value.length} characters`);
    }
    // What a person or module wrote into the event; ids and hashes are random and could hold six digits by chance.
    const text = JSON.stringify([event.details, event.targetName, event.actorEmail, event.userAgent]);
    for (const secret of secrets) {
      const isCode = /^\d{6}$/.test(secret);
      const found = isCode ? new RegExp(`(?<![0-9a-f-])${secret}(?![0-9a-f-])`).test(text) : text.includes(secret);
      if (found) leaks.push(`${event.action}: carries a secret or chat text (${secret.slice(0, 4)}…)`);
    }
  }
  return leaks;
}

/**
 * Runs `work` while the audit log refuses every event whose action matches `actionPattern` (a SQL
 * LIKE pattern), as a full disk or a broken chain would: what is recorded in its action's
 * transaction must then not happen either.
 */
export async function whileAuditRefuses<T>(testApp: TestApp, actionPattern: string, work: () => Promise<T>): Promise<T> {
  const { db } = testApp.database;
  await db.execute(sql`
    create or replace function refuse_audit_events() returns trigger language plpgsql as $$
    begin
      if new.action like ${sql.raw(`'${actionPattern.replaceAll("'", "''")}'`)} then raise exception 'the audit log refuses %', new.action; end if;
      return new;
    end $$`);
  await db.execute(sql`create trigger refuse_audit_events before insert on audit_events for each row execute function refuse_audit_events()`);
  try {
    return await work();
  } finally {
    await db.execute(sql`drop trigger refuse_audit_events on audit_events`);
  }
}
