import { Hono } from "hono";
import { stream } from "hono/streaming";
import { askQuestionRequestSchema, chatExportQuerySchema, renameSessionRequestSchema } from "../../../shared/contracts/chat";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { requirePermission } from "../../http/guards";
import { contentDisposition } from "../../http/downloads";
import { documentPathId, jsonBody, pathId, queryInput } from "../../http/request-input";

function sessionId(raw: string): string {
  return pathId(raw, "Conversation not found.");
}

/** /api/chat: conversations about one document, and the streamed answers. */
export function chatRoutes(container: Pick<Container, "chat">) {
  const { chat } = container;
  return new Hono<AppBindings>()
    .use(requirePermission("chat.use"))
    .get("/sessions", async (c) => c.json({ sessions: await chat.listSessions(c.var.actor) }))
    .get("/sessions/:id", async (c) => c.json(await chat.getSession(c.var.actor, sessionId(c.req.param("id")))))
    .get("/sessions/:id/export", async (c) => {
      const id = sessionId(c.req.param("id"));
      const { format } = queryInput(c.req.query(), chatExportQuerySchema);
      const file = await chat.exportSession(c.var.actor, id, format);
      c.header("Content-Type", file.contentType);
      c.header("Content-Disposition", contentDisposition(file.filename));
      c.header("Cache-Control", "private, no-store");
      return c.body(file.body);
    })
    .patch("/sessions/:id", async (c) => {
      const { title } = await jsonBody(c.req, renameSessionRequestSchema);
      return c.json({ session: await chat.renameSession(c.var.actor, sessionId(c.req.param("id")), title) });
    })
    .delete("/sessions/:id", async (c) => {
      await chat.deleteSession(c.var.actor, sessionId(c.req.param("id")));
      return c.body(null, 204);
    })
    .post("/documents/:id/preparation", async (c) => {
      await chat.prepareDocument(c.var.actor, documentPathId(c.req.param("id")));
      return c.body(null, 204);
    })
    .post("/messages", async (c) => {
      const input = await jsonBody(c.req, askQuestionRequestSchema);
      const events = await chat.ask(c.var.actor, input, c.req.raw.signal);
      c.header("Content-Type", "application/x-ndjson; charset=utf-8");
      c.header("Cache-Control", "no-store");
      c.header("X-Accel-Buffering", "no");
      return stream(c, async (output) => {
        output.onAbort(() => void events.return(undefined));
        for await (const event of events) await output.write(`${JSON.stringify(event)}\n`);
      });
    });
}
