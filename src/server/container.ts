import pino, { type Logger } from "pino";
import type { SiteConfig } from "../shared/site-config";
import type { Mailer } from "./adapters/mail/mailer";
import { createOutboxMailer } from "./adapters/mail/outbox-mailer";
import { createSmtpMailer } from "./adapters/mail/smtp-mailer";
import { createAuth, enabledSocialProviders } from "./auth/auth";
import { resolveAuthSecret } from "./auth/auth-secret";
import type { Database, DatabaseHandle } from "./db/client";
import type { Env } from "./env";
import { createHealthService } from "./modules/health/health.service";
import { createProfilesService } from "./modules/profiles/profiles.service";

function createMailer(env: Env, db: Database, logger: Logger): Mailer {
  return env.mail.smtpUrl ? createSmtpMailer({ smtpUrl: env.mail.smtpUrl, from: env.mail.from }) : createOutboxMailer(db, logger);
}

/** Wires configuration to adapters and modules; the only place that knows them all. */
export function createContainer(env: Env, database: DatabaseHandle, logger: Logger = createLogger(env)) {
  const db = database.db;
  const site: SiteConfig = {
    ...env.site,
    publicUrl: env.publicUrl,
    version: env.version,
    socialProviders: enabledSocialProviders(env),
  };
  const mailer = createMailer(env, db, logger);
  const auth = createAuth({ env, db, mailer, logger, site, secret: resolveAuthSecret(env.auth.secret, env.dataDir) });
  return {
    env,
    logger,
    site,
    db,
    mailer,
    auth,
    health: createHealthService({ db, databaseKind: database.kind, version: env.version }),
    profiles: createProfilesService({ db }),
  };
}

export type Container = ReturnType<typeof createContainer>;

export function createLogger(env: Pick<Env, "logLevel">): Logger {
  return pino({ level: env.logLevel, base: undefined });
}
