import { sql, type SQL } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, RECENT_ITEMS_PER_KIND } from "../../../shared/admin";
import type { ActivityItem, PlatformMetrics, UserStatusFilter } from "../../../shared/contracts/admin";
import { forgetTrustedDevices } from "../../auth/trusted-devices";
import { queryRows, type Database } from "../../db/client";
import { processDocumentJob } from "../documents/documents.jobs";

/**
 * The platform console's reads across users (ADR 012: the only repository allowed them), used
 * only behind `requirePermission("platform.administer")`. Every figure is counted from the real
 * tables when asked; nothing here keeps a counter. Documents and conversations are read as
 * metadata: never a page, a passage or a message.
 *
 * A document (and its jobs and conversations) belongs to the organization its owner is an active
 * member of; a job belongs to a document when it is that document's processing.
 */

type Timestamp = string | Date;
const iso = (value: Timestamp) => new Date(value).toISOString();
const isoOrNull = (value: Timestamp | null) => (value === null ? null : iso(value));

/** A search typed into a box, as an ILIKE pattern that matches it literally anywhere. */
function containing(search: string | undefined): string | null {
  return search ? `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null;
}

const whereAll = (conditions: SQL[]) => (conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``);

/** One page: a row more than the page is read to know whether another page follows. */
function paged<Row>(rows: Row[], offset: number): { rows: Row[]; nextOffset: number | null } {
  return { rows: rows.slice(0, ADMIN_PAGE_SIZE), nextOffset: rows.length > ADMIN_PAGE_SIZE ? offset + ADMIN_PAGE_SIZE : null };
}
const pageWindow = (offset: number) => sql`limit ${ADMIN_PAGE_SIZE + 1} offset ${offset}`;

/** The processing job's document: the id in its payload, read only for document jobs (other payloads are not documents). */
const jobDocumentId = sql`case when jobs.type = ${processDocumentJob.name} then (jobs.payload ->> 'document_id')::uuid end`;

export interface OrganizationRowFilter {
  search?: string;
  organizationId?: string;
  offset: number;
}

interface OrganizationAggregateRow {
  id: string;
  name: string;
  status: string;
  trialEndsAt: Timestamp | null;
  monthlyCredits: number | null;
  maxUsers: number;
  storageLimitGb: number;
  createdAt: Timestamp;
  domains: string[] | null;
  usersCount: number;
  activeUsersCount: number;
  documentsCount: number;
  vectorsCount: number;
  lastDocumentAt: Timestamp | null;
  jobsRunning: number;
  jobsError: number;
}

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string;
  createdAt: Timestamp;
  lastSignInAt: Timestamp | null;
  bannedAt: Timestamp | null;
  banReason: string | null;
  organizationsCount: number;
  activeOrganizationsCount: number;
  organizationName: string | null;
  sessionsCount: number;
}

interface JobRow {
  id: string;
  type: string;
  status: string;
  stage: string;
  attempts: number;
  maxAttempts: number;
  errorMessage: string | null;
  documentId: string | null;
  filename: string | null;
  organizationId: string | null;
  organizationName: string | null;
  createdAt: Timestamp;
  startedAt: Timestamp | null;
  completedAt: Timestamp | null;
  runAfter: Timestamp;
}

export function createAdminRepo(db: Database) {
  return {
    /** get_platform_overview_metrics, in one statement. */
    async metrics(window: { activeSince: Date; now: Date; expiringBy: Date }): Promise<PlatformMetrics> {
      const activeSince = window.activeSince.toISOString();
      const now = window.now.toISOString();
      const [row] = await queryRows<PlatformMetrics>(
        db,
        sql`
          select
            (select count(*)::int from organizations) as "totalOrganizations",
            (select count(*)::int from organizations
              where status <> 'suspended' and exists (
                select 1 from organization_members join users on users.id = organization_members.user_id
                where organization_members.organization_id = organizations.id and organization_members.status = 'active'
                  and users.last_sign_in_at >= ${activeSince}::timestamptz)) as "activeOrganizations",
            (select count(*)::int from users) as "totalUsers",
            (select count(*)::int from users where last_sign_in_at >= ${activeSince}::timestamptz) as "activeUsers",
            (select count(*)::int from documents) as "totalDocuments",
            (select count(*)::int from document_chunks) as "totalPassages",
            (select count(*)::int from document_chunks where embedding is not null) as "totalEmbeddings",
            (select count(*)::int from organizations where status = 'trial' and trial_ends_at > ${now}::timestamptz) as "trialsActive",
            (select count(*)::int from organizations
              where status = 'trial' and trial_ends_at > ${now}::timestamptz and trial_ends_at <= ${window.expiringBy.toISOString()}::timestamptz) as "trialsExpiring7d",
            (select count(*)::int from jobs where status = 'running') as "jobsRunning",
            (select count(*)::int from jobs where status = 'queued') as "jobsQueued"`,
      );
      return row!;
    },

    /** get_recent_logins, get_recent_documents, get_recent_chat_sessions, get_pending_invitations: 20 of each, newest first. */
    async recentActivity(): Promise<ActivityItem[][]> {
      const queries = [
        sql`select 'sign_in' as kind, id, last_sign_in_at as at, email as actor, null as subject
            from users where last_sign_in_at is not null order by last_sign_in_at desc limit ${RECENT_ITEMS_PER_KIND}`,
        sql`select 'document' as kind, documents.id::text as id, documents.created_at as at, users.email as actor, documents.filename as subject
            from documents join users on users.id = documents.user_id order by documents.created_at desc limit ${RECENT_ITEMS_PER_KIND}`,
        sql`select 'chat' as kind, chat_sessions.id::text as id, chat_sessions.updated_at as at, users.email as actor, chat_sessions.title as subject
            from chat_sessions join users on users.id = chat_sessions.user_id order by chat_sessions.updated_at desc limit ${RECENT_ITEMS_PER_KIND}`,
        sql`select 'invitation' as kind, organization_invitations.id::text as id, organization_invitations.created_at as at,
              organization_invitations.email as actor, organizations.name as subject
            from organization_invitations join organizations on organizations.id = organization_invitations.organization_id
            where organization_invitations.status = 'pending' order by organization_invitations.created_at desc limit ${RECENT_ITEMS_PER_KIND}`,
      ];
      const lists = await Promise.all(queries.map((query) => queryRows<Omit<ActivityItem, "at"> & { at: Timestamp }>(db, query)));
      return lists.map((rows) => rows.map((row) => ({ ...row, at: iso(row.at) })));
    },

    /** get_organizations_with_aggregates: a page of organizations (newest first) with their members' counts. */
    async listOrganizations(filter: OrganizationRowFilter, activeSince: Date) {
      const pattern = containing(filter.search);
      const conditions: SQL[] = [];
      if (filter.organizationId) conditions.push(sql`organizations.id = ${filter.organizationId}`);
      if (pattern) {
        conditions.push(sql`(organizations.name ilike ${pattern} or exists (
          select 1 from organization_domains where organization_domains.organization_id = organizations.id and organization_domains.domain ilike ${pattern}))`);
      }
      const since = activeSince.toISOString();
      // One pass per figure over the page's organizations (hash joins), not a lateral count per organization.
      const rows = await queryRows<OrganizationAggregateRow>(
        db,
        sql`
          with page as (
            select * from organizations ${whereAll(conditions)}
            order by created_at desc, id desc ${pageWindow(filter.offset)}
          ),
          members as (
            select organization_members.organization_id, organization_members.user_id, users.last_sign_in_at
            from organization_members join users on users.id = organization_members.user_id
            where organization_members.status = 'active' and organization_members.organization_id in (select id from page)
          ),
          library as (
            select members.organization_id, documents.id, documents.created_at
            from members join documents on documents.user_id = members.user_id
          ),
          people as (
            select organization_id, count(*)::int as "usersCount", (count(*) filter (where last_sign_in_at >= ${since}::timestamptz))::int as "activeUsersCount"
            from members group by organization_id
          ),
          shelves as (select organization_id, count(*)::int as "documentsCount", max(created_at) as "lastDocumentAt" from library group by organization_id),
          passages as (
            select library.organization_id, count(*)::int as "vectorsCount"
            from library join document_chunks on document_chunks.document_id = library.id group by library.organization_id
          ),
          work as (
            select library.organization_id,
              (count(*) filter (where jobs.status = 'running'))::int as "jobsRunning", (count(*) filter (where jobs.status = 'failed'))::int as "jobsError"
            from library join jobs on jobs.type = ${processDocumentJob.name} and jobs.singleton_key = library.id::text
            where jobs.status in ('running', 'failed')
            group by library.organization_id
          ),
          domains as (
            select organization_id, array_agg(domain order by domain) as domains from organization_domains
            where verified_at is not null and organization_id in (select id from page) group by organization_id
          )
          select page.id, page.name, page.status, page.trial_ends_at as "trialEndsAt", page.monthly_credits as "monthlyCredits",
            page.max_users as "maxUsers", page.storage_limit_gb as "storageLimitGb", page.created_at as "createdAt", domains.domains,
            coalesce(people."usersCount", 0) as "usersCount", coalesce(people."activeUsersCount", 0) as "activeUsersCount",
            coalesce(shelves."documentsCount", 0) as "documentsCount", shelves."lastDocumentAt", coalesce(passages."vectorsCount", 0) as "vectorsCount",
            coalesce(work."jobsRunning", 0) as "jobsRunning", coalesce(work."jobsError", 0) as "jobsError"
          from page
          left join people on people.organization_id = page.id
          left join shelves on shelves.organization_id = page.id
          left join passages on passages.organization_id = page.id
          left join work on work.organization_id = page.id
          left join domains on domains.organization_id = page.id
          order by page.created_at desc, page.id desc`,
      );
      const { rows: pageRows, nextOffset } = paged(rows, filter.offset);
      return {
        rows: pageRows.map((row) => ({
          ...row,
          domains: row.domains ?? [],
          trialEndsAt: isoOrNull(row.trialEndsAt),
          lastDocumentAt: isoOrNull(row.lastDocumentAt),
          createdAt: iso(row.createdAt),
        })),
        nextOffset,
      };
    },

    /** get_users_admin: a page of accounts (newest first) with their memberships and live sessions. */
    async listUsers(filter: { search?: string; status: UserStatusFilter; userId?: string; offset: number }, activeSince: Date) {
      const pattern = containing(filter.search);
      const since = activeSince.toISOString();
      const conditions: SQL[] = [];
      if (filter.userId) conditions.push(sql`users.id = ${filter.userId}`);
      if (pattern) conditions.push(sql`(users.email ilike ${pattern} or users.name ilike ${pattern})`);
      if (filter.status === "active") conditions.push(sql`users.last_sign_in_at >= ${since}::timestamptz`);
      if (filter.status === "inactive") conditions.push(sql`(users.last_sign_in_at is null or users.last_sign_in_at < ${since}::timestamptz)`);
      if (filter.status === "banned") conditions.push(sql`users.banned_at is not null`);
      const rows = await queryRows<UserRow>(
        db,
        sql`
          select users.id, users.email, users.name, users.role, users.created_at as "createdAt", users.last_sign_in_at as "lastSignInAt",
            users.banned_at as "bannedAt", users.ban_reason as "banReason",
            (select count(*)::int from organization_members where organization_members.user_id = users.id) as "organizationsCount",
            (select count(*)::int from organization_members
              where organization_members.user_id = users.id and organization_members.status = 'active') as "activeOrganizationsCount",
            (select organizations.name from organization_members join organizations on organizations.id = organization_members.organization_id
              where organization_members.user_id = users.id and organization_members.status = 'active') as "organizationName",
            (select count(*)::int from sessions where sessions.user_id = users.id and sessions.expires_at > now()) as "sessionsCount"
          from users ${whereAll(conditions)}
          order by users.created_at desc, users.id desc ${pageWindow(filter.offset)}`,
      );
      const { rows: pageRows, nextOffset } = paged(rows, filter.offset);
      return {
        rows: pageRows.map((row) => ({
          id: row.id,
          email: row.email,
          name: row.name,
          isPlatformOwner: row.role === "platform_owner",
          createdAt: iso(row.createdAt),
          lastSignInAt: isoOrNull(row.lastSignInAt),
          organizationsCount: row.organizationsCount,
          activeOrganizationsCount: row.activeOrganizationsCount,
          organizationName: row.organizationName,
          sessionsCount: row.sessionsCount,
          ban: row.bannedAt ? { at: iso(row.bannedAt), reason: row.banReason ?? "" } : null,
        })),
        nextOffset,
      };
    },

    /** get_documents_admin: file metadata, never pages or passages. */
    async listDocuments(filter: { search?: string; status?: string; organizationId?: string; offset: number }) {
      const pattern = containing(filter.search);
      const conditions: SQL[] = [];
      if (filter.status) conditions.push(filter.status === "failed" ? sql`documents.status in ('failed', 'error')` : sql`documents.status = ${filter.status}`);
      if (filter.organizationId) conditions.push(sql`organization_members.organization_id = ${filter.organizationId}`);
      if (pattern) conditions.push(sql`(documents.filename ilike ${pattern} or documents.user_id in (select id from users where email ilike ${pattern}))`);
      const rows = await queryRows<{
        id: string;
        filename: string;
        ownerEmail: string;
        organizationId: string | null;
        organizationName: string | null;
        status: string;
        fileSize: number;
        pageCount: number | null;
        createdAt: Timestamp;
      }>(
        db,
        sql`
          select documents.id, documents.filename, users.email as "ownerEmail", organizations.id as "organizationId", organizations.name as "organizationName",
            documents.status, documents.file_size as "fileSize", documents.page_count as "pageCount", documents.created_at as "createdAt"
          from documents join users on users.id = documents.user_id
          left join organization_members on organization_members.user_id = documents.user_id and organization_members.status = 'active'
          left join organizations on organizations.id = organization_members.organization_id
          ${whereAll(conditions)}
          order by documents.created_at desc, documents.id desc ${pageWindow(filter.offset)}`,
      );
      const { rows: pageRows, nextOffset } = paged(rows, filter.offset);
      return { rows: pageRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })), nextOffset };
    },

    /** get_chat_sessions_admin: titles and counts, never messages. */
    async listChats(filter: { search?: string; organizationId?: string; offset: number }) {
      const pattern = containing(filter.search);
      const conditions: SQL[] = [];
      if (filter.organizationId) conditions.push(sql`organization_members.organization_id = ${filter.organizationId}`);
      if (pattern) conditions.push(sql`(chat_sessions.title ilike ${pattern} or chat_sessions.user_id in (select id from users where email ilike ${pattern}))`);
      const rows = await queryRows<{
        id: string;
        title: string;
        userEmail: string;
        organizationId: string | null;
        organizationName: string | null;
        documentFilename: string;
        messageCount: number;
        updatedAt: Timestamp;
      }>(
        db,
        sql`
          select chat_sessions.id, chat_sessions.title, users.email as "userEmail", organizations.id as "organizationId",
            organizations.name as "organizationName", documents.filename as "documentFilename",
            chat_sessions.message_count as "messageCount", chat_sessions.updated_at as "updatedAt"
          from chat_sessions join users on users.id = chat_sessions.user_id
          join documents on documents.id = chat_sessions.document_id
          left join organization_members on organization_members.user_id = chat_sessions.user_id and organization_members.status = 'active'
          left join organizations on organizations.id = organization_members.organization_id
          ${whereAll(conditions)}
          order by chat_sessions.updated_at desc, chat_sessions.id desc ${pageWindow(filter.offset)}`,
      );
      const { rows: pageRows, nextOffset } = paged(rows, filter.offset);
      return { rows: pageRows.map((row) => ({ ...row, updatedAt: iso(row.updatedAt) })), nextOffset };
    },

    /** get_processing_jobs_admin: jobs newest first, a document's with its file name and organization. */
    async listJobs(filter: { status?: string; organizationId?: string; createdSince: Date | null; jobId?: string; offset: number }) {
      const conditions: SQL[] = [];
      if (filter.jobId) conditions.push(sql`jobs.id = ${filter.jobId}`);
      if (filter.status) conditions.push(sql`jobs.status = ${filter.status}`);
      if (filter.createdSince) conditions.push(sql`jobs.created_at >= ${filter.createdSince.toISOString()}::timestamptz`);
      if (filter.organizationId) conditions.push(sql`organization_members.organization_id = ${filter.organizationId}`);
      const rows = await queryRows<JobRow>(
        db,
        sql`
          select jobs.id, jobs.type, jobs.status, jobs.stage, jobs.attempts, jobs.max_attempts as "maxAttempts", jobs.error_message as "errorMessage",
            documents.id as "documentId", documents.filename, organizations.id as "organizationId", organizations.name as "organizationName",
            jobs.created_at as "createdAt", jobs.started_at as "startedAt", jobs.completed_at as "completedAt", jobs.run_after as "runAfter"
          from jobs
          left join documents on documents.id = ${jobDocumentId}
          left join organization_members on organization_members.user_id = documents.user_id and organization_members.status = 'active'
          left join organizations on organizations.id = organization_members.organization_id
          ${whereAll(conditions)}
          order by jobs.created_at desc, jobs.id desc ${pageWindow(filter.offset)}`,
      );
      const { rows: pageRows, nextOffset } = paged(rows, filter.offset);
      return {
        rows: pageRows.map((row) => ({
          ...row,
          createdAt: iso(row.createdAt),
          startedAt: isoOrNull(row.startedAt),
          completedAt: isoOrNull(row.completedAt),
          runAfter: iso(row.runAfter),
        })),
        nextOffset,
      };
    },

    /** The queue's depth by job type: due now, waiting for later (backoff, delays), running, failed. */
    async queueDepth() {
      return queryRows<{ type: string; ready: number; waiting: number; running: number; failed: number }>(
        db,
        sql`
          select type,
            (count(*) filter (where status = 'queued' and run_after <= now()))::int as ready,
            (count(*) filter (where status = 'queued' and run_after > now()))::int as waiting,
            (count(*) filter (where status = 'running'))::int as running,
            (count(*) filter (where status = 'failed'))::int as failed
          from jobs where status in ('queued', 'running', 'failed') group by type order by type`,
      );
    },

    /** The leases running jobs hold: who holds what, until when, and when they last wrote (a heartbeat or progress). */
    async heldLeases() {
      const rows = await queryRows<{
        workerId: string;
        id: string;
        type: string;
        stage: string;
        progressDone: number;
        progressTotal: number;
        startedAt: Timestamp | null;
        lockedUntil: Timestamp;
        updatedAt: Timestamp;
        isAlive: boolean;
      }>(
        db,
        sql`
          select locked_by as "workerId", id, type, stage, progress_done as "progressDone", progress_total as "progressTotal",
            started_at as "startedAt", locked_until as "lockedUntil", updated_at as "updatedAt", locked_until > now() as "isAlive"
          from jobs where status = 'running' and locked_by is not null order by locked_by, started_at`,
      );
      return rows.map((row) => ({ ...row, startedAt: isoOrNull(row.startedAt), lockedUntil: iso(row.lockedUntil), updatedAt: iso(row.updatedAt) }));
    },

    /** Workers that said they were alive within the last minute (they do every 15 s), busy or idle. */
    async liveWorkers(): Promise<{ workerId: string; startedAt: string; lastSeenAt: string }[]> {
      const rows = await queryRows<{ workerId: string; startedAt: Timestamp; lastSeenAt: Timestamp }>(
        db,
        sql`select id as "workerId", started_at as "startedAt", last_seen_at as "lastSeenAt" from job_workers
          where last_seen_at > now() - interval '60 seconds' order by started_at`,
      );
      return rows.map((row) => ({ workerId: row.workerId, startedAt: iso(row.startedAt), lastSeenAt: iso(row.lastSeenAt) }));
    },

    async outboxSize(): Promise<number> {
      const [row] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from outbox_emails`);
      return row?.total ?? 0;
    },

    async findJob(jobId: string): Promise<{ id: string; type: string; status: string; documentId: string | null } | undefined> {
      const [row] = await queryRows<{ id: string; type: string; status: string; documentId: string | null }>(
        db,
        sql`select id, type, status, ${jobDocumentId} as "documentId" from jobs where id = ${jobId}`,
      );
      return row;
    },

    async findUserRole(userId: string): Promise<string | undefined> {
      const [row] = await queryRows<{ role: string }>(db, sql`select role from users where id = ${userId}`);
      return row?.role;
    },

    /** Disables the account and ends its sessions, together (in the caller's transaction): nothing signed in survives the ban. */
    async ban(userId: string, reason: string, now: Date, tx: Database = db): Promise<void> {
      await tx.execute(sql`update users set banned_at = ${now.toISOString()}::timestamptz, ban_reason = ${reason} where id = ${userId}`);
      await tx.execute(sql`delete from sessions where user_id = ${userId}`);
    },

    async unban(userId: string, tx: Database = db): Promise<void> {
      await tx.execute(sql`update users set banned_at = null, ban_reason = null where id = ${userId}`);
    },

    /** Ends every session of the person (answers how many there were) and forgets their trusted devices, so each is asked for a code again (ADR 039). */
    async endSessions(userId: string, tx: Database = db): Promise<number> {
      const rows = await queryRows<{ id: string }>(tx, sql`delete from sessions where user_id = ${userId} returning id`);
      await forgetTrustedDevices(tx, userId);
      return rows.length;
    },
  };
}

export type AdminRepo = ReturnType<typeof createAdminRepo>;
