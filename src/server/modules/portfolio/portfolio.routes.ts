import { Hono } from "hono";
import {
  portfolioExportQuerySchema,
  portfolioQuerySchema,
  portfolioSettingsSchema,
  updateContractDetailsRequestSchema,
} from "../../../shared/contracts/portfolio";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { contentDisposition } from "../../http/downloads";
import { requirePermission } from "../../http/guards";
import { documentPathId, jsonBody, queryInput } from "../../http/request-input";

/** /api/portfolio: the organization's agreements (an admin's) or one's own (a member's), their calendar and exports; the digest setting. */
export function portfolioRoutes(container: Pick<Container, "portfolio">) {
  const portfolio = container.portfolio.service;
  return new Hono<AppBindings>()
    .get("/", requirePermission("portfolio.read"), async (c) => c.json(await portfolio.list(c.var.actor, queryInput(c.req.query(), portfolioQuerySchema))))
    .get("/calendar", requirePermission("portfolio.read"), async (c) => c.json(await portfolio.calendar(c.var.actor)))
    .get("/export", requirePermission("portfolio.read"), async (c) => {
      const { format, ...view } = queryInput(c.req.query(), portfolioExportQuerySchema);
      const file = await portfolio.exportRows(c.var.actor, view, format);
      c.header("Content-Type", file.contentType);
      c.header("Content-Disposition", contentDisposition(file.filename));
      c.header("Cache-Control", "private, no-store");
      return c.body(file.body);
    })
    .get("/settings", requirePermission("organization.manage"), async (c) => c.json({ settings: await portfolio.getSettings(c.var.actor) }))
    .put("/settings", requirePermission("organization.manage"), async (c) => {
      const settings = await portfolio.updateSettings(c.var.actor, await jsonBody(c.req, portfolioSettingsSchema));
      return c.json({ settings });
    });
}

/** /api/documents/contract-details: the library's view of one's own agreements; the owner corrects the payer. */
export function contractDetailsRoutes(container: Pick<Container, "portfolio">) {
  const portfolio = container.portfolio.service;
  return new Hono<AppBindings>()
    .get("/contract-details", requirePermission("documents.use"), async (c) => c.json({ contracts: await portfolio.libraryContracts(c.var.actor) }))
    .put("/:id/contract-details", requirePermission("documents.use"), async (c) => {
      const { payer } = await jsonBody(c.req, updateContractDetailsRequestSchema);
      const contract = await portfolio.updatePayer(c.var.actor, documentPathId(c.req.param("id")), payer);
      return c.json({ contract });
    });
}
