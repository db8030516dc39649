import type { HealthReport } from "../../../shared/contracts/health";
import { pingDatabase, type Database, type DatabaseKind } from "../../db/client";

export function createHealthService(deps: { db: Database; databaseKind: DatabaseKind; version: string }) {
  return {
    async getHealth(): Promise<HealthReport> {
      const startedAt = performance.now();
      const isDatabaseUp = await pingDatabase(deps.db).then(
        () => true,
        () => false,
      );
      return {
        status: isDatabaseUp ? "ok" : "degraded",
        version: deps.version,
        database: {
          status: isDatabaseUp ? "ok" : "unavailable",
          kind: deps.databaseKind,
          latencyMs: Math.round((performance.now() - startedAt) * 10) / 10,
        },
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
