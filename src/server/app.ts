import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import type { Container } from "./container";
import { AppError } from "./http/app-error";
import type { AppBindings } from "./http/bindings";
import { createErrorHandler } from "./http/error-handler";
import { authRateLimit } from "./http/rate-limit";
import { requestContext } from "./http/request-context";
import { emailLinkRoutes } from "./modules/auth/email-link.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { mailboxRoutes } from "./modules/mailbox/mailbox.routes";
import { meRoutes } from "./modules/profiles/profiles.routes";
import { mountSpa, type WebShell } from "./web/spa";

const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

function authRoutes(container: Container) {
  return new Hono<AppBindings>()
    .use(authRateLimit({ db: container.db, trustProxy: container.env.auth.trustProxy }))
    .route("/email-link", emailLinkRoutes(container.auth))
    .on(["GET", "POST"], "/*", (c) => container.auth.handler(c.req.raw));
}

function apiRoutes(container: Container) {
  return new Hono<AppBindings>()
    .use(bodyLimit({ maxSize: JSON_BODY_LIMIT_BYTES }))
    .route("/health", healthRoutes(container))
    .route("/auth", authRoutes(container))
    .route("/me", meRoutes(container));
}

export type ApiType = ReturnType<typeof apiRoutes>;

export function createApp(container: Container, web?: WebShell) {
  const app = new Hono<AppBindings>();
  app.use(requestContext(container.logger));
  app.use(secureHeaders({ crossOriginEmbedderPolicy: false }));
  app.onError(createErrorHandler(container.logger));
  app.route("/api", apiRoutes(container));
  app.all("/api/*", () => {
    throw new AppError("not_found", "No such API endpoint.");
  });
  app.route("/dev/mailbox", mailboxRoutes({ db: container.db, isOutboxActive: container.mailer.kind === "outbox" }));
  if (web) mountSpa(app, web, container.site);
  app.notFound(() => {
    throw new AppError("not_found", "Not found.");
  });
  return app;
}
