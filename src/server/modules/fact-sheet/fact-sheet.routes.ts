import { Hono } from "hono";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { requirePermission } from "../../http/guards";
import { pathId } from "../../http/request-input";

/** /api/documents/:id/fact-sheet: the document's key terms, each value cited and verified. */
export function factSheetRoutes(container: Container) {
  return new Hono<AppBindings>().use(requirePermission("documents.use")).get("/:id/fact-sheet", async (c) => {
    const factSheet = await container.factSheets.get(c.var.actor, pathId(c.req.param("id"), "Document not found."));
    return c.json({ factSheet });
  });
}
