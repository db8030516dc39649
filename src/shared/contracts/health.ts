import { z } from "zod";

/** What the server knows of its own health: the version and the database, for the platform owner. */
export const healthReportSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.object({ status: z.enum(["ok", "unavailable"]), kind: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

/**
 * GET /api/health, open to anyone (load balancers, uptime checks): 200 when everything answers,
 * 503 when the database does not. Only the statuses: the version and the database kind would
 * tell a stranger which known weaknesses to try.
 */
export const healthStatusSchema = z.object({
  status: healthReportSchema.shape.status,
  database: healthReportSchema.shape.database.pick({ status: true }),
});
export type HealthStatus = z.infer<typeof healthStatusSchema>;
