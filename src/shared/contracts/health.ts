import { z } from "zod";

/** GET /api/health: 200 when everything answers, 503 with the same body when the database does not. */
export const healthReportSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.object({ status: z.enum(["ok", "unavailable"]), kind: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
});
export type HealthReport = z.infer<typeof healthReportSchema>;
