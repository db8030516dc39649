import { Hono } from "hono";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { requireSession } from "../../http/session";

export function meRoutes(container: Container) {
  return new Hono<AppBindings>().use(requireSession(container.auth)).get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ user: await container.profiles.getAppUser(c.get("userId")) });
  });
}
