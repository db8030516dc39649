import { createContainer } from "./container";
import { createLogger } from "./logger";
import { openDatabase } from "./db/client";
import { applyMigrations } from "./db/migrate";
import { EnvError, readProcessEnv } from "./env";

/**
 * `npm run worker`: a process that only runs jobs (document processing, email delivery,
 * scheduled upkeep), for deployments on PostgreSQL that run web and worker processes apart (set
 * RUN_WORKER=false on the web processes).
 */
try {
  const env = readProcessEnv();
  if (!env.databaseUrl) {
    process.stderr.write("A separate worker needs DATABASE_URL: the embedded database allows one process, which already runs the worker.\n");
    process.exit(1);
  }
  const logger = createLogger(env);
  const database = await openDatabase(env, (error) => logger.warn({ err: error }, "a database connection was lost; the pool opens another"));
  await applyMigrations(database);
  const container = createContainer(env, database, logger);
  const worker = container.jobs.startWorker();
  logger.info({ workerId: worker.workerId }, "job worker started");
  const stop = async () => {
    await container.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
} catch (error) {
  process.stderr.write(`${error instanceof EnvError ? error.message : String(error)}\n`);
  process.exit(1);
}
