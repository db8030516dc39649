import { Hono } from "hono";
import type { Container } from "../../container";
import type { HealthStatus } from "../../../shared/contracts/health";
import type { AppBindings } from "../../http/bindings";

export function healthRoutes(container: Pick<Container, "health">) {
  return new Hono<AppBindings>().get("/", async (c) => {
    const { status, database } = await container.health.getHealth();
    c.header("Cache-Control", "no-store");
    return c.json({ status, database: { status: database.status } } satisfies HealthStatus, status === "ok" ? 200 : 503);
  });
}
