import pino, { type Logger } from "pino";
import type { SiteConfig } from "../shared/site-config";
import type { DatabaseHandle } from "./db/client";
import type { Env } from "./env";
import { createHealthService } from "./modules/health/health.service";

/** Wires configuration to adapters and modules; the only place that knows them all. */
export function createContainer(env: Env, database: DatabaseHandle, logger: Logger = createLogger(env)) {
  const site: SiteConfig = { ...env.site, publicUrl: env.publicUrl, version: env.version };
  return {
    env,
    logger,
    site,
    db: database.db,
    health: createHealthService({ db: database.db, databaseKind: database.kind, version: env.version }),
  };
}

export type Container = ReturnType<typeof createContainer>;

export function createLogger(env: Pick<Env, "logLevel">): Logger {
  return pino({ level: env.logLevel, base: undefined });
}
