import { Hono } from "hono";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";

export function healthRoutes(container: Container) {
  return new Hono<AppBindings>().get("/", async (c) => {
    const report = await container.health.getHealth();
    c.header("Cache-Control", "no-store");
    return c.json(report, report.status === "ok" ? 200 : 503);
  });
}
