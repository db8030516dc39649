import { Hono } from "hono";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { requireActor } from "../../http/guards";

export function meRoutes(container: Container) {
  return new Hono<AppBindings>().use(requireActor()).get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ user: await container.profiles.getAppUser(c.var.actor) });
  });
}
