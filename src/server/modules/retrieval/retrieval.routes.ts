import { Hono } from "hono";
import { documentSearchQuerySchema } from "../../../shared/contracts/chat";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { requirePermission } from "../../http/guards";
import { documentPathId, queryInput } from "../../http/request-input";

/** GET /api/documents/:id/search?q=: the chat's own retrieval, to inspect and measure on its own. */
export function documentSearchRoutes(container: Pick<Container, "retrieval">) {
  return new Hono<AppBindings>().use(requirePermission("documents.read")).get("/:id/search", async (c) => {
    const { q } = queryInput(c.req.query(), documentSearchQuerySchema);
    const passages = await container.retrieval.searchPassages(c.var.actor, documentPathId(c.req.param("id")), q);
    return c.json({ passages });
  });
}
