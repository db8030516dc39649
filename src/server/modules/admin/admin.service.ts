import type { Actor } from "../../../core/access/actor";
import { activeSince, adminMessages, jobsCreatedSince, latestActivity, trialExpiryWindow } from "../../../shared/admin";
import type {
  AdminChatListResponse,
  AdminDocumentListResponse,
  AdminJobListResponse,
  AdminOrganization,
  AdminOrganizationListResponse,
  AdminUser,
  AdminUserListResponse,
  ChatListQuery,
  CreateOrganizationRequest,
  DocumentListQuery,
  JobListQuery,
  OrganizationListQuery,
  OverviewResponse,
  PlatformSettings,
  SystemStatus,
  UpdatePlatformSettingsRequest,
  UserListQuery,
  Worker,
} from "../../../shared/contracts/admin";
import { normalizeDocumentStatus } from "../../../shared/documents";
import { organizationStatuses, type OrganizationStatus } from "../../../shared/organizations";
import type { Database } from "../../db/client";
import { AppError } from "../../http/app-error";
import type { Jobs } from "../../jobs/jobs";
import type { DocumentsService } from "../documents/documents.service";
import type { HealthService } from "../health/health.service";
import type { OrganizationsModule } from "../organizations/organizations.module";
import type { AdminActions } from "./admin-actions";
import { createAdminRepo, type AdminRepo } from "./admin.repo";

export interface AdminServiceDeps {
  db: Database;
  organizations: Pick<OrganizationsModule, "administration" | "settings">;
  documents: Pick<DocumentsService, "retryForPlatform">;
  jobs: Pick<Jobs, "requeueFailed" | "poke">;
  health: HealthService;
  /** Each owner action is recorded in the transaction that makes it: both commit or neither. */
  actions: AdminActions;
  deployment: { version: string; storageKind: SystemStatus["storage"]["kind"]; mailerKind: SystemStatus["mailer"]["kind"] };
  now?: () => Date;
}

/** Parsed list queries: the contracts' defaults applied. */
type Parsed<Query> = Required<Pick<Query & { offset?: number }, "offset">> & Omit<Query, "offset">;

const planStatusOf = (status: string): OrganizationStatus =>
  (organizationStatuses as readonly string[]).includes(status) ? (status as OrganizationStatus) : "trial";

/**
 * The platform console (ADR 019): platform-wide figures and lists, and the owner's actions, each
 * recorded through `recordAdminAction` in its own transaction. Routes reach it only behind `platform.administer`.
 */
export function createAdminService(deps: AdminServiceDeps) {
  const { db } = deps;
  const repo = createAdminRepo(db);
  const now = deps.now ?? (() => new Date());

  function toOrganization(row: Awaited<ReturnType<AdminRepo["listOrganizations"]>>["rows"][number]): AdminOrganization {
    const subscriptionStatus = planStatusOf(row.status);
    return {
      ...row,
      subscriptionStatus,
      status: subscriptionStatus === "suspended" ? "suspended" : row.activeUsersCount > 0 ? "active" : "inactive",
    };
  }

  async function requireOrganizationRow(organizationId: string): Promise<AdminOrganization> {
    const [row] = (await repo.listOrganizations({ organizationId, offset: 0 }, activeSince(now()))).rows;
    if (!row) throw new AppError("not_found", "Organization not found.");
    return toOrganization(row);
  }

  async function requireUserRow(userId: string): Promise<AdminUser> {
    const [row] = (await repo.listUsers({ userId, status: "all", offset: 0 }, activeSince(now()))).rows;
    if (!row) throw new AppError("not_found", adminMessages.userNotFound);
    return row;
  }

  /** Someone the owner may disable: an existing account that is neither the platform owner nor the owner themselves. */
  async function requireBannable(actor: Actor, userId: string): Promise<void> {
    const role = await repo.findUserRole(userId);
    if (role === undefined) throw new AppError("not_found", adminMessages.userNotFound);
    if (userId === actor.userId) throw new AppError("forbidden", adminMessages.cannotBanSelf);
    if (role === "platform_owner") throw new AppError("forbidden", adminMessages.cannotBanOwner);
  }

  return {
    async overview(): Promise<OverviewResponse> {
      const at = now();
      const [metrics, activity] = await Promise.all([
        repo.metrics({ activeSince: activeSince(at), now: at, expiringBy: trialExpiryWindow(at).notAfter }),
        repo.recentActivity(),
      ]);
      return { metrics, recentActivity: latestActivity(activity) };
    },

    async listOrganizations(query: Parsed<OrganizationListQuery>): Promise<AdminOrganizationListResponse> {
      const { rows, nextOffset } = await repo.listOrganizations(query, activeSince(now()));
      return { organizations: rows.map(toOrganization), nextOffset };
    },

    async createOrganization(actor: Actor, request: CreateOrganizationRequest & { name: string }): Promise<AdminOrganization> {
      const created = await deps.organizations.administration.createOrganization(actor, request);
      return requireOrganizationRow(created.id);
    },

    async listUsers(query: Parsed<UserListQuery> & { status: NonNullable<UserListQuery["status"]> }): Promise<AdminUserListResponse> {
      const { rows, nextOffset } = await repo.listUsers(query, activeSince(now()));
      return { users: rows, nextOffset };
    },

    /** Disables the account: its sessions end now and no new one is made until it is enabled again. */
    async banUser(actor: Actor, userId: string, reason: string): Promise<AdminUser> {
      await requireBannable(actor, userId);
      await db.transaction(async (tx) => {
        await repo.ban(userId, reason, now(), tx);
        await deps.actions.recordAdminAction(actor, "user.ban", { kind: "user", id: userId }, { reason }, tx);
      });
      return requireUserRow(userId);
    },

    async unbanUser(actor: Actor, userId: string): Promise<AdminUser> {
      const user = await requireUserRow(userId);
      await db.transaction(async (tx) => {
        await repo.unban(user.id, tx);
        await deps.actions.recordAdminAction(actor, "user.unban", { kind: "user", id: user.id }, {}, tx);
      });
      return requireUserRow(userId);
    },

    /** Ends every session of the person; they sign in again (their account stays enabled). */
    async signOutEverywhere(actor: Actor, userId: string): Promise<number> {
      const user = await requireUserRow(userId);
      return db.transaction(async (tx) => {
        const sessionsEnded = await repo.endSessions(user.id, tx);
        await deps.actions.recordAdminAction(actor, "user.sign-out-everywhere", { kind: "user", id: user.id }, { sessionsEnded }, tx);
        return sessionsEnded;
      });
    },

    async listDocuments(query: Parsed<DocumentListQuery>): Promise<AdminDocumentListResponse> {
      const { rows, nextOffset } = await repo.listDocuments(query);
      return { documents: rows.map((row) => ({ ...row, status: normalizeDocumentStatus(row.status) })), nextOffset };
    },

    async listChats(query: Parsed<ChatListQuery>): Promise<AdminChatListResponse> {
      const { rows, nextOffset } = await repo.listChats(query);
      return { chats: rows, nextOffset };
    },

    async listJobs(query: Parsed<JobListQuery> & { age: NonNullable<JobListQuery["age"]> }): Promise<AdminJobListResponse> {
      const { rows, nextOffset } = await repo.listJobs({ ...query, createdSince: jobsCreatedSince(query.age, now()) });
      return { jobs: rows.map((row) => ({ ...row, status: row.status as AdminJobListResponse["jobs"][number]["status"] })), nextOffset };
    },

    /**
     * Retry of a failed job. A document's processing is retried as its owner's Retry would be
     * (the same charging rules; a suspended organization is refused), replacing the failed job;
     * any other job runs again from its first attempt. Either is recorded in the transaction that queues it.
     */
    async retryJob(actor: Actor, jobId: string): Promise<void> {
      const job = await repo.findJob(jobId);
      if (!job) throw new AppError("not_found", adminMessages.jobNotFound);
      if (job.status !== "failed") throw new AppError("conflict", adminMessages.onlyFailedJobs);
      if (job.documentId) {
        const started = await deps.documents.retryForPlatform(actor, job.documentId, job.id);
        if (!started.ok) throw new AppError("conflict", started.message);
        return;
      }
      await db.transaction(async (tx) => {
        if (!(await deps.jobs.requeueFailed(job.id, tx))) throw new AppError("conflict", adminMessages.jobAlreadyQueued);
        await deps.actions.recordAdminAction(actor, "job.retry", { kind: "job", id: job.id }, { jobType: job.type, documentId: job.documentId }, tx);
      });
      deps.jobs.poke();
    },

    async systemStatus(): Promise<SystemStatus> {
      const [health, byType, live, leases, outboxSize] = await Promise.all([
        deps.health.getHealth(),
        repo.queueDepth(),
        repo.liveWorkers(),
        repo.heldLeases(),
        repo.outboxSize(),
      ]);
      // Every worker seen within the minute, idle ones included; then whatever leases name (a dead worker's too).
      const workers = new Map<string, Worker>(
        live.map((worker) => [
          worker.workerId,
          { workerId: worker.workerId, isAlive: true, leaseExpiresAt: null, lastHeartbeatAt: worker.lastSeenAt, jobs: [] },
        ]),
      );
      for (const lease of leases) {
        const worker = workers.get(lease.workerId) ?? {
          workerId: lease.workerId,
          isAlive: false,
          leaseExpiresAt: lease.lockedUntil,
          lastHeartbeatAt: lease.updatedAt,
          jobs: [],
        };
        worker.isAlive ||= lease.isAlive;
        if (worker.leaseExpiresAt === null || lease.lockedUntil > worker.leaseExpiresAt) worker.leaseExpiresAt = lease.lockedUntil;
        if (lease.updatedAt > worker.lastHeartbeatAt) worker.lastHeartbeatAt = lease.updatedAt;
        worker.jobs.push({
          id: lease.id,
          type: lease.type,
          stage: lease.stage,
          progressDone: lease.progressDone,
          progressTotal: lease.progressTotal,
          startedAt: lease.startedAt,
        });
        workers.set(lease.workerId, worker);
      }
      const total = (key: "ready" | "waiting" | "running" | "failed") => byType.reduce((sum, row) => sum + row[key], 0);
      return {
        checkedAt: now().toISOString(),
        version: deps.deployment.version,
        database: health.database,
        storage: { kind: deps.deployment.storageKind },
        mailer: { kind: deps.deployment.mailerKind, outboxSize },
        queue: { ready: total("ready"), waiting: total("waiting"), running: total("running"), failed: total("failed"), byType },
        workers: [...workers.values()],
      };
    },

    getSettings(): Promise<PlatformSettings> {
      return deps.organizations.settings.get();
    },

    async updateSettings(actor: Actor, values: Required<UpdatePlatformSettingsRequest>): Promise<PlatformSettings> {
      return db.transaction(async (tx) => {
        const settings = await deps.organizations.settings.update(values, actor.userId, tx);
        await deps.actions.recordAdminAction(actor, "platform.settings", { kind: "platform", id: "settings" }, { ...values }, tx);
        return settings;
      });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
