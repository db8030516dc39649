import { Hono } from "hono";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { requirePermission } from "../../http/guards";

/** /api/onboarding: the first-run checklist and the sample agreement, for anyone who may use documents. */
export function onboardingRoutes(container: Pick<Container, "onboarding">) {
  const { onboarding } = container;
  return new Hono<AppBindings>()
    .use(requirePermission("documents.use"))
    .get("/", async (c) => c.json(await onboarding.get(c.var.actor)))
    .post("/sample", async (c) => {
      const { document, isNew } = await onboarding.addSample(c.var.actor);
      return c.json({ document }, isNew ? 201 : 200);
    })
    .post("/fact-sheet-opened", async (c) => {
      await onboarding.markFactSheetOpened(c.var.actor);
      return c.body(null, 204);
    });
}
