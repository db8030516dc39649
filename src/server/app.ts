import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import type { Container } from "./container";
import { AppError } from "./http/app-error";
import type { AppBindings } from "./http/bindings";
import { createErrorHandler } from "./http/error-handler";
import { requestContext } from "./http/request-context";
import { healthRoutes } from "./modules/health/health.routes";
import { mountSpa, type WebShell } from "./web/spa";

const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

function apiRoutes(container: Container) {
  return new Hono<AppBindings>()
    .use(bodyLimit({ maxSize: JSON_BODY_LIMIT_BYTES }))
    .route("/health", healthRoutes(container));
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
  if (web) mountSpa(app, web, container.site);
  app.notFound(() => {
    throw new AppError("not_found", "Not found.");
  });
  return app;
}
