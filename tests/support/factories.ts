// Data factories: rows made the way the product makes them, without the round trips a test of
// the flow itself needs (signedUpClient signs up and types the emailed code). For the demo
// practice (`npm run db:seed`) and tests that need people or documents in number.
import { randomUUID } from "node:crypto";
import type { Actor } from "../../src/core/access/actor";
import type { Database } from "../../src/server/db/client";
import { sql } from "drizzle-orm";
import { documentChunks, documents } from "../../src/server/db/schema/index";
import type { Auth } from "../../src/server/auth/auth";
import type { Membership } from "../../src/server/modules/organizations/organizations.repo";

export interface Person {
  email: string;
  name: string;
  password: string;
}

/** A person who signed up with a password and proved their address, through Better Auth's own sign-up (its hooks run). */
export async function createVerifiedUser(auth: Auth, person: Person): Promise<{ id: string; email: string; name: string; emailVerified: boolean }> {
  const { user } = await auth.api.signUpEmail({ body: { email: person.email, password: person.password, name: person.name } });
  const context = await auth.$context;
  await context.internalAdapter.updateUser(user.id, { emailVerified: true });
  return { id: user.id, email: user.email, name: user.name, emailVerified: true };
}

/** The actor a service call on a member's behalf runs as, outside any request. */
export function actorFor(user: { id: string; email: string }, membership: Membership | undefined, label: string): Actor {
  return {
    userId: user.id,
    email: user.email,
    platformRole: "user",
    organizationId: membership?.organization.id ?? null,
    organizationRole: membership?.member.role === "org_admin" ? "org_admin" : membership ? "org_user" : null,
    signInMethod: null,
    sessionId: null,
    requestId: label,
    ip: "127.0.0.1",
    userAgent: label,
  };
}

/** A document's metadata as the library stores it, without a file: for figures that count documents, not read them. */
export interface DocumentRecord {
  userId: string;
  filename: string;
  status?: string;
  fileSize?: number;
  pageCount?: number | null;
  createdAt?: Date;
  /** How many passages (chunks) it was indexed into. */
  passages?: number;
}

/** Inserts documents (and a few short passages each) in one statement per table. */
export async function insertDocumentRecords(db: Database, records: DocumentRecord[]): Promise<string[]> {
  if (records.length === 0) return [];
  const rows = await db
    .insert(documents)
    .values(
      records.map((record) => ({
        userId: record.userId,
        filename: record.filename,
        kind: "pdf",
        mimeType: "application/pdf",
        fileSize: record.fileSize ?? 100_000,
        sha256: randomUUID(),
        storageKey: `documents/${randomUUID()}`,
        status: record.status ?? "completed",
        pageCount: record.pageCount ?? null,
        ...(record.createdAt ? { createdAt: record.createdAt, updatedAt: record.createdAt } : {}),
      })),
    )
    .returning({ id: documents.id });
  const passages = rows.flatMap(({ id }, index) =>
    Array.from({ length: records[index]!.passages ?? 0 }, (_, ordinal) => ({
      documentId: id,
      ordinal,
      clauseNumbers: [`${ordinal + 1}`],
      heading: `Section ${ordinal + 1}`,
      headingPath: [`Section ${ordinal + 1}`],
      headingText: `Section ${ordinal + 1}`,
      pageStart: 1,
      pageEnd: 1,
      startPage: 1,
      startOffset: 0,
      endPage: 1,
      endOffset: 40,
      text: `Claims must be filed within ${90 + ordinal} days of service.`,
    })),
  );
  if (passages.length > 0) await db.insert(documentChunks).values(passages);
  return rows.map((row) => row.id);
}

/** How big a deployment `insertScaleDeployment` makes. */
export interface DeploymentSize {
  organizations: number;
  users: number;
  documents: number;
  /** Passages per document. */
  passagesPerDocument: number;
  chats: number;
  jobs: number;
}

/** The size issue 17 measures the platform console at (`npm run db:seed -- --size=large`). */
export const largeDeployment: DeploymentSize = { organizations: 200, users: 2_000, documents: 20_000, passagesPerDocument: 2, chats: 50_000, jobs: 5_000 };

/**
 * A deployment of `size`, in a few set-based statements (row by row would take PGlite minutes):
 * organizations on every plan (running, expiring and ended trials, enterprise, suspended) with
 * verified domains, people spread over them (an admin each, sign-ins over the last 90 days, some
 * never), documents in every status with a few short passages, conversations about them, their
 * processing jobs (mostly completed, some failed, queued and running) and pending invitations.
 * Metadata only: the accounts have no password and the documents no file. Answers the prefix its
 * rows are named with, so a second run adds a deployment beside the first.
 */
export async function insertScaleDeployment(db: Database, size: DeploymentSize): Promise<string> {
  const run = randomUUID().slice(0, 8);
  const statements = [
    sql`insert into organizations (id, name, status, trial_ends_at, monthly_credits, created_at, updated_at)
        select md5(${run} || 'org' || i)::uuid, 'Scale practice ' || ${run} || ' ' || i,
          case when i % 10 = 0 then 'suspended' when i % 3 = 0 then 'enterprise' else 'trial' end,
          case when i % 10 = 0 or i % 3 = 0 then null else now() + ((i % 40) - 10) * interval '1 day' end,
          case when i % 7 = 0 then 20 end,
          now() - (i % 365) * interval '1 day', now()
        from generate_series(1, ${size.organizations}) as i`,
    sql`insert into organization_domains (organization_id, domain, verified_at)
        select md5(${run} || 'org' || i)::uuid, 'practice-' || ${run} || '-' || i || '.example', now()
        from generate_series(1, ${size.organizations}) as i where i % 2 = 0`,
    sql`insert into users (id, name, email, email_verified, role, last_sign_in_at, created_at, updated_at)
        select ${run} || '-user-' || i, 'Scale person ' || i, 'person' || i || '@practice-' || ${run} || '-' || (i % ${size.organizations}) || '.example', true, 'user',
          case when i % 5 = 0 then null else now() - (i % 90) * interval '1 day' - (i % 24) * interval '1 hour' end,
          now() - (i % 400) * interval '1 day', now()
        from generate_series(1, ${size.users}) as i`,
    sql`insert into organization_members (organization_id, user_id, role, status, joined_as_email, joined_at)
        select md5(${run} || 'org' || ((i % ${size.organizations}) + 1))::uuid, ${run} || '-user-' || i,
          case when i <= ${size.organizations} then 'org_admin' else 'org_user' end, 'active', 'person' || i || '@scale.example', now() - (i % 400) * interval '1 day'
        from generate_series(1, ${size.users}) as i`,
    sql`insert into documents (id, user_id, filename, kind, mime_type, file_size, sha256, storage_key, status, page_count, created_at, updated_at)
        select md5(${run} || 'doc' || i)::uuid, ${run} || '-user-' || ((i % ${size.users}) + 1),
          (array['Payer contract', 'Network agreement', 'Medicare contract', 'Policy manual', 'Provider agreement'])[(i % 5) + 1] || ' ' || i || '.pdf',
          'pdf', 'application/pdf', 50000 + (i * 7919) % 5000000, md5(${run} || 'sha' || i), 'documents/' || md5(${run} || 'key' || i),
          case when i % 50 = 0 then 'failed' when i % 97 = 0 then 'queued' when i % 199 = 0 then 'processing' when i % 31 = 0 then 'uploaded' else 'completed' end,
          1 + i % 120, now() - (i % 180) * interval '1 day' - (i % 1440) * interval '1 minute', now()
        from generate_series(1, ${size.documents}) as i`,
    sql`insert into document_chunks (document_id, ordinal, clause_numbers, heading, heading_path, heading_text, page_start, page_end, start_page, start_offset, end_page, end_offset, text)
        select md5(${run} || 'doc' || i)::uuid, p, array[p::text], 'Section ' || p, array['Section ' || p], 'Section ' || p, 1, 1, 1, 0, 1, 60,
          'Claims must be filed within ' || (90 + p) || ' days of the date of service.'
        from generate_series(1, ${size.documents}) as i, generate_series(0, ${size.passagesPerDocument - 1}) as p`,
    sql`insert into chat_sessions (user_id, document_id, title, message_count, created_at, updated_at)
        select ${run} || '-user-' || (((i % ${size.documents}) % ${size.users}) + 1), md5(${run} || 'doc' || ((i % ${size.documents}) + 1))::uuid,
          (array['Timely filing', 'Termination without cause', 'Renewal terms', 'Payment terms', 'Provider obligations'])[(i % 5) + 1] || ' ' || i,
          2 * (1 + i % 12), now() - (i % 120) * interval '1 day', now() - (i % 90) * interval '1 day' - (i % 600) * interval '1 minute'
        from generate_series(1, ${size.chats}) as i`,
    sql`insert into jobs (type, payload, singleton_key, status, stage, attempts, max_attempts, error_message, locked_by, locked_until, started_at, completed_at, created_at, updated_at)
        select 'document.process', jsonb_build_object('document_id', md5(${run} || 'doc' || i)::uuid, 'retry', false), md5(${run} || 'doc' || i)::uuid::text,
          s.status, case when s.status = 'running' then 'extract' else s.status end, case when s.status = 'queued' then 0 else 1 + i % 3 end, 3,
          case when s.status = 'failed' then 'Processing failed. Please retry; if it keeps failing, contact support.' end,
          case when s.status = 'running' then 'bench-worker-' || (i % 2) end, case when s.status = 'running' then now() + interval '60 seconds' end,
          case when s.status <> 'queued' then now() - (i % 30) * interval '1 day' end, case when s.status in ('completed', 'failed') then now() - (i % 30) * interval '1 day' end,
          now() - (i % 30) * interval '1 day' - (i % 1440) * interval '1 minute', now()
        from generate_series(1, ${size.jobs}) as i,
          lateral (select case when i % 8 = 0 then 'failed' when i % 17 = 0 then 'queued' when i % 101 = 0 then 'running' else 'completed' end as status) as s`,
    sql`insert into organization_invitations (organization_id, email, role, status, token_hash, code_hash, expires_at, created_at)
        select md5(${run} || 'org' || ((i % ${size.organizations}) + 1))::uuid, 'invitee' || i || '@scale-' || ${run} || '.example', 'org_user', 'pending',
          md5(${run} || 'token' || i), md5(${run} || 'code' || i), now() + interval '7 days', now() - (i % 6) * interval '1 day'
        from generate_series(1, ${size.organizations * 2}) as i`,
  ];
  for (const statement of statements) await db.execute(statement);
  await db.execute(sql`analyze`);
  return run;
}
