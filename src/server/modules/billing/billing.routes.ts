import { Hono } from "hono";
import { creditCheckoutRequestSchema, localSubscriptionChangeSchema, subscribeRequestSchema, type RedirectResponse } from "../../../shared/contracts/billing";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { requirePermission } from "../../http/guards";
import { jsonBody, pathId } from "../../http/request-input";

const checkoutId = (raw: string) => pathId(raw, "Checkout not found.");

export function billingRoutes(container: Pick<Container, "billing">) {
  const { billing } = container;
  const redirect = (url: string): RedirectResponse => ({ url });

  return (
    new Hono<AppBindings>()
      // Stripe calls this without a session; the signature is what proves it is Stripe.
      .post("/webhook", async (c) => c.json(await billing.handleStripeWebhook(await c.req.text(), c.req.header("stripe-signature"))))
      .use(requirePermission("billing.manage"))
      .get("/summary", async (c) => c.json(await billing.getSummary(c.var.actor)))
      .post("/subscribe", async (c) => {
        const { plan } = await jsonBody(c.req, subscribeRequestSchema);
        return c.json(redirect(await billing.subscribe(c.var.actor, plan)));
      })
      .post("/checkout", async (c) => {
        await jsonBody(c.req, creditCheckoutRequestSchema);
        return c.json(redirect(await billing.checkoutCredit(c.var.actor)));
      })
      .post("/portal", async (c) => c.json(redirect(await billing.openPortal(c.var.actor))))
      .get("/local/checkouts/:id", async (c) => c.json({ checkout: await billing.getLocalCheckout(c.var.actor, checkoutId(c.req.param("id"))) }))
      .post("/local/checkouts/:id/confirm", async (c) => c.json(redirect(await billing.confirmLocalCheckout(c.var.actor, checkoutId(c.req.param("id"))))))
      .post("/local/checkouts/:id/cancel", async (c) => c.json(redirect(await billing.cancelLocalCheckout(c.var.actor, checkoutId(c.req.param("id"))))))
      .post("/local/subscription", async (c) => {
        await billing.changeLocalSubscription(c.var.actor, await jsonBody(c.req, localSubscriptionChangeSchema));
        return c.json(await billing.getSummary(c.var.actor));
      })
  );
}
