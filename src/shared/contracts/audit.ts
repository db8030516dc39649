import { z } from "zod";
import { AUDIT_PAGE_SIZE, auditActions, auditOutcomes } from "../audit";

/**
 * The audit log's lists (GET …/audit-events): filters in the query string, server-side pages of
 * 50 newest first, `nextOffset` null on the last page; the CSV export takes the same filters.
 */

const dateFilter = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `The ${what} date must look like 2026-01-31.` })
    .optional();

export const auditListQuerySchema = z
  .object({
    offset: z.coerce
      .number({ error: "The offset must be a whole number." })
      .int({ message: "The offset must be a whole number." })
      .min(0, { message: "The offset must be a whole number." })
      .default(0),
    actor: z.string().trim().max(254, { message: "Search for a person in at most 254 characters." }).optional(),
    action: z.enum(auditActions, { error: "No such action." }).optional(),
    target: z.string().trim().max(200, { message: "Search for a target in at most 200 characters." }).optional(),
    from: dateFilter("from"),
    to: dateFilter("to"),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: "The from date must come before the to date.", path: ["from"] });
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditEventSchema = z.object({
  id: z.uuid(),
  occurredAt: z.iso.datetime(),
  organizationId: z.uuid().nullable(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.enum(auditActions),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  outcome: z.enum(auditOutcomes),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())])),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventPageSchema = z.object({ events: z.array(auditEventSchema).max(AUDIT_PAGE_SIZE), nextOffset: z.number().int().nullable() });
export type AuditEventPage = z.infer<typeof auditEventPageSchema>;

export const auditChainBreakSchema = z.object({
  chain: z.string(),
  seq: z.number().int(),
  eventId: z.string().nullable(),
  reason: z.enum(["missing_event", "previous_hash_mismatch", "content_changed", "head_mismatch", "chain_missing", "checkpoint_mismatch", "checkpoint_invalid"]),
});

/** GET /api/admin/audit-verification: the System tab's indicator. */
export const auditVerificationSchema = z.object({
  checkedAt: z.iso.datetime(),
  chains: z.number().int().min(0),
  events: z.number().int().min(0),
  isIntact: z.boolean(),
  firstBreak: auditChainBreakSchema.nullable(),
  /** When the latest signed checkpoint the chains were compared with was made; null before the first. */
  checkpointAt: z.iso.datetime().nullable(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;

/** POST /api/audit/platform/checkpoint: the verification, and the checkpoint written when the log held (none when it was broken). */
export const auditCheckpointResultSchema = z.object({
  verification: auditVerificationSchema,
  checkpoint: z.object({ createdAt: z.iso.datetime(), chains: z.number().int().min(0) }).nullable(),
});
export type AuditCheckpointResult = z.infer<typeof auditCheckpointResultSchema>;
