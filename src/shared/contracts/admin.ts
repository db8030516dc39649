import { z } from "zod";
import { ADMIN_PAGE_SIZE, BAN_REASON_MAX_CHARS, jobAgeFilters } from "../admin";
import { documentStatuses } from "../documents";
import { ORGANIZATION_NAME_MAX_CHARS, organizationMessages, organizationStatuses } from "../organizations";
import { typedText, wholeNumber } from "./fields";
import { maxUsersSchema, storageLimitGbSchema } from "./organizations";

/**
 * /api/admin/* — the platform console (platform owner only, ADR 019). Lists page on the server:
 * at most 100 rows, `nextOffset` null on the last page. Documents and chats are metadata only:
 * never contract text or messages.
 */

const timestamp = z.iso.datetime();
const count = z.number().int().min(0);

// ---- Paging, search and filters (query strings) ----

const offsetSchema = z.coerce
  .number({ error: "The offset must be a whole number." })
  .int({ message: "The offset must be a whole number." })
  .min(0, { message: "The offset must be a whole number." })
  .default(0);
const searchSchema = z.string().trim().max(200, { message: "Search for at most 200 characters." }).optional();
const organizationFilterSchema = z.uuid({ message: "No such organization." }).optional();

export const organizationListQuerySchema = z.object({ offset: offsetSchema, search: searchSchema });
export type OrganizationListQuery = z.input<typeof organizationListQuerySchema>;

export const userStatusFilters = ["all", "active", "inactive", "banned"] as const;
export type UserStatusFilter = (typeof userStatusFilters)[number];
export const userListQuerySchema = z.object({
  offset: offsetSchema,
  search: searchSchema,
  status: z.enum(userStatusFilters, { error: "Filter by all, active, inactive or banned." }).default("all"),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const documentListQuerySchema = z.object({
  offset: offsetSchema,
  search: searchSchema,
  status: z.enum(documentStatuses, { error: "No such document status." }).optional(),
  organizationId: organizationFilterSchema,
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;

export const chatListQuerySchema = z.object({ offset: offsetSchema, search: searchSchema, organizationId: organizationFilterSchema });
export type ChatListQuery = z.input<typeof chatListQuerySchema>;

export const jobStatuses = ["queued", "running", "completed", "failed"] as const;
export type JobStatus = (typeof jobStatuses)[number];
export const jobListQuerySchema = z.object({
  offset: offsetSchema,
  status: z.enum(jobStatuses, { error: "Filter by queued, running, completed or failed." }).optional(),
  organizationId: organizationFilterSchema,
  age: z.enum(jobAgeFilters, { error: "Filter by 1h, 24h, 7d, 30d or all." }).default("all"),
});
export type JobListQuery = z.input<typeof jobListQuerySchema>;

/** Every list answers one page of rows and where the next page starts (null on the last). */
const pageRows = <Row extends z.ZodType>(row: Row) => z.array(row).max(ADMIN_PAGE_SIZE);
const nextOffset = z.number().int().nullable();

// ---- Overview ----

/** The spec's platform metrics (get_platform_overview_metrics); ADR 019 defines "active". */
export const platformMetricsSchema = z.object({
  totalOrganizations: count,
  activeOrganizations: count,
  totalUsers: count,
  activeUsers: count,
  totalDocuments: count,
  totalPassages: count,
  totalEmbeddings: count,
  trialsActive: count,
  trialsExpiring7d: count,
  jobsRunning: count,
  jobsQueued: count,
});
export type PlatformMetrics = z.infer<typeof platformMetricsSchema>;

export const activityKinds = ["sign_in", "document", "chat", "invitation"] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** One Recent Activity line: who did what, when (names and metadata, never contents). */
export const activityItemSchema = z.object({
  kind: z.enum(activityKinds),
  id: z.string(),
  at: timestamp,
  /** The person: their email. */
  actor: z.string(),
  /** What it was about: a file name, a conversation title, an invited address's organization. */
  subject: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const overviewResponseSchema = z.object({ metrics: platformMetricsSchema, recentActivity: z.array(activityItemSchema) });
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;

// ---- Organizations ----

/** get_organizations_with_aggregates: counts over the real tables, never counters. */
export const adminOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  domains: z.array(z.string()),
  /** active: a member signed in within 30 days; inactive: none did; suspended: the plan is. */
  status: z.enum(["active", "inactive", "suspended"]),
  subscriptionStatus: z.enum(organizationStatuses),
  trialEndsAt: timestamp.nullable(),
  monthlyCredits: z.number().int().nullable(),
  maxUsers: z.number().int(),
  storageLimitGb: z.number().int(),
  usersCount: count,
  activeUsersCount: count,
  documentsCount: count,
  vectorsCount: count,
  jobsRunning: count,
  jobsError: count,
  lastDocumentAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;
export const adminOrganizationListResponseSchema = z.object({ organizations: pageRows(adminOrganizationSchema), nextOffset });
export type AdminOrganizationListResponse = z.infer<typeof adminOrganizationListResponseSchema>;

const limitsSchema = { maxUsers: maxUsersSchema, storageLimitGb: storageLimitGbSchema };
const trialDaysSchema = wholeNumber(0, 3650, "Trial days must be a whole number from 0 to 3650.");
const monthlyCreditsSchema = wholeNumber(0, 100_000, "The monthly allowance must be a whole number of documents from 0 to 100000.");

/** POST /api/admin/organizations: 'New Organization'. Without trialDays a trial runs the platform's default. */
export const createOrganizationRequestSchema = z.object({
  name: typedText(ORGANIZATION_NAME_MAX_CHARS, { blank: organizationMessages.nameRequired, tooLong: organizationMessages.nameTooLong }),
  /** A company domain the platform owner vouches for: new accounts at it join (optional). */
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .refine((domain) => domain === "" || /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain), {
      message: "Enter a domain such as clinic.example, or leave it empty.",
    })
    .optional(),
  plan: z.enum(["trial", "enterprise"], { error: "Choose trial or enterprise." }),
  trialDays: trialDaysSchema.optional(),
  monthlyCredits: monthlyCreditsSchema.nullable().optional(),
  ...limitsSchema,
});
export type CreateOrganizationRequest = z.input<typeof createOrganizationRequestSchema>;
export const adminOrganizationResponseSchema = z.object({ organization: adminOrganizationSchema });

// ---- Users ----

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  isPlatformOwner: z.boolean(),
  createdAt: timestamp,
  lastSignInAt: timestamp.nullable(),
  organizationsCount: count,
  activeOrganizationsCount: count,
  /** The organization the person works in now. */
  organizationName: z.string().nullable(),
  sessionsCount: count,
  ban: z.object({ at: timestamp, reason: z.string() }).nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListResponseSchema = z.object({ users: pageRows(adminUserSchema), nextOffset });
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;
export const adminUserResponseSchema = z.object({ user: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

/** POST /api/admin/users/:userId/ban: disabling an account needs a reason. */
export const banUserRequestSchema = z.object({
  reason: typedText(BAN_REASON_MAX_CHARS, { blank: "Please give a reason.", tooLong: `Keep the reason within ${BAN_REASON_MAX_CHARS} characters.` }),
});
export type BanUserRequest = z.input<typeof banUserRequestSchema>;

/** POST /api/admin/users/:userId/sign-out: how many sessions ended. */
export const signOutEverywhereResponseSchema = z.object({ sessionsEnded: count });

// ---- Documents and chats: metadata only ----

export const adminDocumentSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  ownerEmail: z.string(),
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  status: z.enum(documentStatuses),
  fileSize: count,
  pageCount: z.number().int().nullable(),
  createdAt: timestamp,
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;
export const adminDocumentListResponseSchema = z.object({ documents: pageRows(adminDocumentSchema), nextOffset });
export type AdminDocumentListResponse = z.infer<typeof adminDocumentListResponseSchema>;

export const adminChatSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  userEmail: z.string(),
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  documentFilename: z.string(),
  messageCount: count,
  updatedAt: timestamp,
});
export type AdminChat = z.infer<typeof adminChatSchema>;
export const adminChatListResponseSchema = z.object({ chats: pageRows(adminChatSchema), nextOffset });
export type AdminChatListResponse = z.infer<typeof adminChatListResponseSchema>;

// ---- System ----

/** get_processing_jobs_admin: the job with its document's file name and organization. */
export const adminJobSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  status: z.enum(jobStatuses),
  stage: z.string(),
  attempts: count,
  maxAttempts: count,
  errorMessage: z.string().nullable(),
  documentId: z.uuid().nullable(),
  filename: z.string().nullable(),
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  runAfter: timestamp,
});
export type AdminJob = z.infer<typeof adminJobSchema>;
export const adminJobListResponseSchema = z.object({ jobs: pageRows(adminJobSchema), nextOffset });
export type AdminJobListResponse = z.infer<typeof adminJobListResponseSchema>;

/** A worker: seen alive within the last minute (every worker says so every 15 s, idle or busy), or named by the leases it holds. */
export const workerSchema = z.object({
  workerId: z.string(),
  /** Seen within the last minute, or its latest lease is still running. */
  isAlive: z.boolean(),
  /** The latest lease it holds; null while it holds none (idle). */
  leaseExpiresAt: timestamp.nullable(),
  lastHeartbeatAt: timestamp,
  jobs: z.array(z.object({ id: z.uuid(), type: z.string(), stage: z.string(), progressDone: count, progressTotal: count, startedAt: timestamp.nullable() })),
});
export type Worker = z.infer<typeof workerSchema>;

export const systemStatusSchema = z.object({
  checkedAt: timestamp,
  version: z.string(),
  database: z.object({ status: z.enum(["ok", "unavailable"]), kind: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
  storage: z.object({ kind: z.enum(["local", "s3"]) }),
  mailer: z.object({ kind: z.enum(["outbox", "smtp"]), outboxSize: count }),
  queue: z.object({
    /** Queued and due now. */
    ready: count,
    /** Queued for later: a retry's backoff, a delayed send. */
    waiting: count,
    running: count,
    failed: count,
    byType: z.array(z.object({ type: z.string(), ready: count, waiting: count, running: count, failed: count })),
  }),
  workers: z.array(workerSchema),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

// ---- Platform settings ----

export const platformSettingsSchema = z.object({
  trialDays: z.number().int(),
  defaultMaxUsers: z.number().int(),
  defaultStorageLimitGb: z.number().int(),
  defaultMonthlyCredits: z.number().int(),
  updatedAt: timestamp.nullable(),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;
export const platformSettingsResponseSchema = z.object({ settings: platformSettingsSchema });

/** PUT /api/admin/settings: the defaults new organizations get. */
export const updatePlatformSettingsRequestSchema = z.object({
  trialDays: trialDaysSchema,
  defaultMaxUsers: limitsSchema.maxUsers,
  defaultStorageLimitGb: limitsSchema.storageLimitGb,
  defaultMonthlyCredits: monthlyCreditsSchema,
});
export type UpdatePlatformSettingsRequest = z.input<typeof updatePlatformSettingsRequestSchema>;
