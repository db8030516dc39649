import { Hono } from "hono";
import { createReminderRequestSchema, factSheetExportQuerySchema, reviewFactValueRequestSchema } from "../../../shared/contracts/fact-sheet";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { requirePermission } from "../../http/guards";
import { contentDisposition } from "../../http/downloads";
import { documentPathId, jsonBody, pathId, queryInput } from "../../http/request-input";

/** /api/documents/:id/fact-sheet: the document's key terms, each value cited and verified, and reminders of the deadlines they imply. */
export function factSheetRoutes(container: Pick<Container, "factSheets">) {
  return new Hono<AppBindings>()
    .use(requirePermission("documents.use"))
    .get("/:id/fact-sheet", async (c) => {
      const factSheet = await container.factSheets.get(c.var.actor, documentPathId(c.req.param("id")));
      return c.json({ factSheet });
    })
    .get("/:id/fact-sheet/export", async (c) => {
      const { format } = queryInput(c.req.query(), factSheetExportQuerySchema);
      const file = await container.factSheets.exportSheet(c.var.actor, documentPathId(c.req.param("id")), format);
      c.header("Content-Type", file.contentType);
      c.header("Content-Disposition", contentDisposition(file.filename));
      c.header("Cache-Control", "private, no-store");
      return c.body(file.body);
    })
    .get("/:id/fact-sheet/reminders", async (c) => {
      const reminders = await container.factSheets.listReminders(c.var.actor, documentPathId(c.req.param("id")));
      return c.json({ reminders });
    })
    .post("/:id/fact-sheet/reminders", async (c) => {
      const input = await jsonBody(c.req, createReminderRequestSchema);
      const reminder = await container.factSheets.createReminder(c.var.actor, documentPathId(c.req.param("id")), input);
      return c.json({ reminder }, 201);
    })
    .post("/:id/fact-sheet/reviews", async (c) => {
      const input = await jsonBody(c.req, reviewFactValueRequestSchema);
      const review = await container.factSheets.reviewValue(c.var.actor, documentPathId(c.req.param("id")), input);
      return c.json({ review }, 201);
    })
    .delete("/:id/fact-sheet/reviews/:reviewId", async (c) => {
      await container.factSheets.removeReview(
        c.var.actor,
        documentPathId(c.req.param("id")),
        pathId(c.req.param("reviewId"), "That review is not on this fact sheet."),
      );
      return c.body(null, 204);
    })
    .delete("/:id/fact-sheet/reminders/:reminderId", async (c) => {
      await container.factSheets.deleteReminder(c.var.actor, documentPathId(c.req.param("id")), pathId(c.req.param("reminderId"), "Reminder not found."));
      return c.body(null, 204);
    });
}
