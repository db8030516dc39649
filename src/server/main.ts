import { existsSync } from "node:fs";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app";
import { createContainer } from "./container";
import { createLogger } from "./logger";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "./data-dir-lock";
import { openDatabase } from "./db/client";
import { applyMigrations } from "./db/migrate";
import { EnvError, readProcessEnv } from "./env";
import { builtWebShell, type WebShell } from "./web/spa";
import { isLoopbackHost } from "./http/client-ip";
import { prepareQuestionReading } from "../core/rag/query-analysis";

type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

const isDevMode = process.argv.includes("--dev");

function exitWith(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

function readEnvOrExit() {
  try {
    return readProcessEnv();
  } catch (error) {
    if (error instanceof EnvError) exitWith(error.message);
    throw error;
  }
}

function lockDataDirOrExit(dataDir: string): DataDirLock {
  try {
    return acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) exitWith(error.message);
    throw error;
  }
}

function builtShellOrExit(): WebShell {
  const distWebDir = fileURLToPath(new URL("../web", import.meta.url));
  if (!existsSync(`${distWebDir}/index.html`)) exitWith(`No built web app in ${distWebDir}: run \`npm run build\` first.`);
  return builtWebShell(distWebDir);
}

async function main() {
  const env = readEnvOrExit();
  const logger = createLogger(env);
  const lock = env.databaseUrl ? undefined : lockDataDirOrExit(env.dataDir);
  const database = await openDatabase(env, (error) => logger.warn({ err: error }, "a database connection was lost; the pool opens another"));
  await applyMigrations(database);

  const server = http.createServer();
  // Node closes an idle kept-alive connection after 5 s; a client (or a load balancer, which keeps
  // them ~60 s) reusing it at that moment gets ECONNRESET. Stay open longer than they do.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  let web: WebShell;
  let devMiddleware: Middleware | undefined;
  if (isDevMode) {
    const { createDevWebShell } = await import("./web/dev-web-shell");
    ({ shell: web, middleware: devMiddleware } = await createDevWebShell(server));
  } else {
    web = builtShellOrExit();
  }

  const container = createContainer(env, database, logger);
  if (env.jobs.runWorkerInProcess) container.jobs.startWorker();
  const listener = getRequestListener(createApp(container, web).fetch);
  server.on("request", (req, res) => (devMiddleware ? devMiddleware(req, res, () => listener(req, res)) : listener(req, res)));
  server.listen(env.port, env.host, () => {
    if (container.mailer.kind === "outbox" && !isLoopbackHost(env.host)) {
      logger.warn(
        { host: env.host },
        "No SMTP_URL: email goes to the local outbox, and people cannot receive their sign-in codes. Set SMTP_URL before real people use this server (/dev/mailbox is off here unless DEV_MAILBOX=on).",
      );
    }
    if (env.billing.mode === "local" && !isLoopbackHost(env.host)) {
      logger.warn(
        { host: env.host },
        "Billing is in local test mode: anyone can 'pay' with the test checkout and get documents for free. Set the STRIPE_* settings, or BILLING=off, before real people use this server.",
      );
    }
    logger.info(
      { host: env.host, port: env.port, database: database.kind, dataDir: env.dataDir },
      `${env.site.productName} is running: open ${env.publicUrl} in your browser`,
    );
    prepareQuestionReading();
  });

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, "shutting down");
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await container.close();
    await database.close();
    lock?.release();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

await main();
