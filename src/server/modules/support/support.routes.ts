import { Hono, type Context } from "hono";
import type { Actor } from "../../../core/access/actor";
import { supportRequestRateLimits } from "../../../core/access/rate-limit";
import { feedbackRequestSchema, helpRequestSchema, problemReportRequestSchema } from "../../../shared/contracts/support";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { requireActor } from "../../http/guards";
import { requireWithinRateLimits } from "../../http/rate-limit";
import { jsonBody } from "../../http/request-input";

/**
 * /api/support: feedback, help requests and problem reports. Any signed-in person may ask for
 * help, whatever their role, so the guard is being signed in. Input is checked before the send is
 * counted against the person's limit: a refused request changes nothing.
 */
export function supportRoutes(container: Pick<Container, "db" | "support">) {
  const { support, db } = container;
  const withinLimit = (c: Context, { userId }: Actor) => requireWithinRateLimits(c, db, supportRequestRateLimits, userId);
  return new Hono<AppBindings>()
    .use(requireActor())
    .post("/feedback", async (c) => {
      const input = await jsonBody(c.req, feedbackRequestSchema);
      await withinLimit(c, c.var.actor);
      return c.json({ request: await support.sendFeedback(c.var.actor, input) }, 201);
    })
    .post("/help", async (c) => {
      const input = await jsonBody(c.req, helpRequestSchema);
      await withinLimit(c, c.var.actor);
      return c.json({ request: await support.sendHelpRequest(c.var.actor, input) }, 201);
    })
    .post("/problem-reports", async (c) => {
      const input = await jsonBody(c.req, problemReportRequestSchema);
      await withinLimit(c, c.var.actor);
      return c.json({ request: await support.reportProblem(c.var.actor, input) }, 201);
    });
}
