import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingEvents, documentCredits, userSubscriptions } from "../../src/server/db/schema/index";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signedUpClient } from "../support/accounts";
import { billingSummary, credits } from "../support/billing";
import { contractPdf } from "../support/documents/contract-pdf";
import type { HttpClient } from "../support/http-client";
import { startStripeApiServer } from "../support/stripe-api-server";
import { createTestApp, type TestApp } from "../support/test-app";

const WEBHOOK_SECRET = "whsec_test_clausewise";
const prices = { basic: "price_basic_test", pro: "price_pro_test", credit: "price_credit_test" };
const stripe = new Stripe("sk_test_unused");

let testApp: TestApp;
let stripeApi: Awaited<ReturnType<typeof startStripeApiServer>>;
let eventCount = 0;

beforeAll(async () => {
  stripeApi = await startStripeApiServer();
  testApp = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: "sk_test_clausewise",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_BASIC: prices.basic,
      STRIPE_PRICE_PRO: prices.pro,
      STRIPE_PRICE_CREDIT: prices.credit,
      STRIPE_API_URL: stripeApi.url,
      // Personal plans as built: with no trial days, no organization plan pays for these people's documents.
      TRIAL_DAYS: "0",
    },
  });
});
afterAll(async () => {
  await testApp.close();
  await stripeApi.close();
});

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const days = (n: number) => new Date(Date.now() + n * 24 * 60 * 60 * 1000);

function subscriptionObject(input: { userId: string; id?: string; price?: string; status?: string; start?: Date; end?: Date; cancelAtPeriodEnd?: boolean }) {
  return {
    id: input.id ?? `sub_${input.userId}`,
    object: "subscription",
    customer: `cus_${input.userId}`,
    status: input.status ?? "active",
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    metadata: { userId: input.userId },
    items: {
      object: "list",
      data: [
        {
          id: "si_1",
          object: "subscription_item",
          price: { id: input.price ?? prices.pro, object: "price" },
          current_period_start: seconds(input.start ?? days(-1)),
          current_period_end: seconds(input.end ?? days(29)),
        },
      ],
    },
  };
}

function event(type: string, object: unknown, created = new Date()) {
  return { id: `evt_${++eventCount}_${Date.now()}`, object: "event", type, created: seconds(created), data: { object } };
}

async function deliver(payload: unknown, secret = WEBHOOK_SECRET): Promise<Response> {
  const body = JSON.stringify(payload);
  const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return testApp.app.request("/api/billing/webhook", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
}

async function userIdOf(client: HttpClient): Promise<string> {
  return ((await (await client.get("/api/me")).json()) as { user: { id: string } }).user.id;
}

describe("Stripe Checkout and Billing Portal", () => {
  it("subscribes through a Checkout session for the plan's price, and buys one credit with quantity 1", async () => {
    const person = await signedUpClient(testApp);
    const userId = await userIdOf(person);
    const subscribe = await person.post("/api/billing/subscribe", { plan: "pro" });
    expect(await subscribe.json()).toEqual({ url: expect.stringMatching(/^https:\/\/stripe\.test\/cs_test_/) });
    const subscription = stripeApi.calls.at(-1)!;
    expect(subscription.path).toBe("/v1/checkout/sessions");
    expect(Object.fromEntries(subscription.form)).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": prices.pro,
      "line_items[0][quantity]": "1",
      client_reference_id: userId,
      "subscription_data[metadata][userId]": userId,
    });

    expect((await person.post("/api/billing/checkout", { type: "credit", quantity: 1 })).status).toBe(200);
    expect(Object.fromEntries(stripeApi.calls.at(-1)!.form)).toMatchObject({
      mode: "payment",
      "line_items[0][price]": prices.credit,
      "line_items[0][quantity]": "1",
      "metadata[kind]": "credit",
    });
  });

  it("opens the Billing Portal for the person's Stripe customer", async () => {
    const person = await signedUpClient(testApp);
    const userId = await userIdOf(person);
    expect((await person.post("/api/billing/portal")).status).toBe(409);
    expect((await deliver(event("customer.subscription.created", subscriptionObject({ userId })))).status).toBe(200);
    expect(await (await person.post("/api/billing/portal")).json()).toEqual({ url: expect.stringMatching(/^https:\/\/stripe\.test\/bps_test_/) });
    expect(Object.fromEntries(stripeApi.calls.at(-1)!.form)).toMatchObject({
      customer: `cus_${userId}`,
      return_url: `${testApp.container.env.publicUrl}/app/documents`,
    });
  });
});

describe("Stripe webhooks", () => {
  it("a valid subscription event activates the plan and its credits", async () => {
    const person = await signedUpClient(testApp);
    const userId = await userIdOf(person);
    const response = await deliver(event("customer.subscription.created", subscriptionObject({ userId, price: prices.basic })));
    expect(await response.json()).toEqual({ received: true, handled: true });
    expect(await billingSummary(person)).toMatchObject({
      mode: "stripe",
      subscription: { planKey: "basic", status: "active", hasAccess: true },
      credits: { creditsAvailable: 1, creditsTotal: 1 },
    });
  });

  it("a bad signature is refused and changes nothing", async () => {
    const person = await signedUpClient(testApp);
    const userId = await userIdOf(person);
    const forged = event("customer.subscription.created", subscriptionObject({ userId }));
    const response = await deliver(forged, "whsec_someone_else");
    expect(response.status).toBe(400);
    const unsigned = await testApp.app.request("/api/billing/webhook", { method: "POST", body: JSON.stringify(forged) });
    expect(unsigned.status).toBe(400);
    expect(await testApp.database.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId))).toEqual([]);
    expect(await testApp.database.db.select().from(billingEvents).where(eq(billingEvents.id, forged.id))).toEqual([]);
  });

  it("a replayed credit purchase is fulfilled once", async () => {
    const person = await signedUpClient(testApp);
    const userId = await userIdOf(person);
    await deliver(event("customer.subscription.created", subscriptionObject({ userId, price: prices.basic })));
    const purchase = event("checkout.session.completed", {
      id: `cs_credit_${userId}`,
      object: "checkout.session",
      mode: "payment",
      payment_status: "paid",
      customer: `cus_${userId}`,
      client_reference_id: userId,
      metadata: { userId, kind: "credit", quantity: "1" },
    });
    expect((await deliver(purchase)).status).toBe(200);
    expect((await deliver(purchase)).status).toBe(200);
    // Stripe may also send the same checkout under a new event id (async payment succeeded).
    expect((await deliver({ ...purchase, id: `${purchase.id}_async`, type: "checkout.session.async_payment_succeeded" })).status).toBe(200);
    expect(await testApp.database.db.select().from(documentCredits).where(eq(documentCredits.userId, userId))).toHaveLength(1);
    expect(await credits(person)).toMatchObject({ startingCredits: 1, overageUnits: 1, creditsAvailable: 2, creditsTotal: 2 });
  });

  it("an unpaid checkout grants nothing", async () => {
    const person = await signedUpClient(testApp);
    const userId = await userIdOf(person);
    const pending = event("checkout.session.completed", {
      id: `cs_unpaid_${userId}`,
      object: "checkout.session",
      mode: "payment",
      payment_status: "unpaid",
      metadata: { userId, kind: "credit", quantity: "1" },
    });
    expect((await deliver(pending)).status).toBe(200);
    expect(await credits(person)).toMatchObject({ overageUnits: 0 });
  });

  it("out of order: an older state arriving late does not overwrite a newer one", async () => {
    const person = await signedUpClient(testApp);
    const userId = await userIdOf(person);
    const earlier = event("customer.subscription.created", subscriptionObject({ userId, price: prices.basic }), new Date(Date.now() - 60_000));
    const later = event("customer.subscription.updated", subscriptionObject({ userId, price: prices.pro }), new Date());
    await deliver(later);
    await deliver(earlier);
    expect(await billingSummary(person)).toMatchObject({ subscription: { planKey: "pro", status: "active" }, credits: { creditsTotal: 5 } });
  });

  it("an unknown event is acknowledged and ignored", async () => {
    const response = await deliver(event("invoice.finalized", { id: "in_1", object: "invoice" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, handled: false });
  });

  it("a canceled subscription keeps access until the period Stripe reports ends, then loses it", async () => {
    const person = await signedUpClient(testApp);
    const userId = await userIdOf(person);
    const start = days(-20);
    await deliver(event("customer.subscription.created", subscriptionObject({ userId, start, end: days(10) }), days(-20)));
    await deliver(event("customer.subscription.deleted", subscriptionObject({ userId, status: "canceled", start, end: days(10) })));
    expect(await billingSummary(person)).toMatchObject({ subscription: { status: "canceled", hasAccess: true }, credits: { creditsTotal: 5 } });

    const other = await signedUpClient(testApp);
    const otherId = await userIdOf(other);
    await deliver(event("customer.subscription.created", subscriptionObject({ userId: otherId, start: days(-31), end: days(-1) }), days(-31)));
    await deliver(event("customer.subscription.deleted", subscriptionObject({ userId: otherId, status: "canceled", start: days(-31), end: days(-1) })));
    expect(await billingSummary(other)).toMatchObject({ subscription: { status: "canceled", hasAccess: false }, credits: { creditsTotal: 0 } });
    const upload = await other.upload("/api/documents", "Contract.pdf", contractPdf(`canceled ${Date.now()}`));
    const { document } = (await upload.json()) as { document: DocumentSummary };
    expect(await (await other.post(`/api/documents/${document.id}/process`, { trigger: "start" })).json()).toMatchObject({
      ok: false,
      reason: "no_active_period",
    });
  });

  it("past due: the renewal's new period is not granted; access ends with the paid period", async () => {
    const person = await signedUpClient(testApp);
    const userId = await userIdOf(person);
    const paidStart = days(-31);
    const paidEnd = days(-1);
    await deliver(event("customer.subscription.created", subscriptionObject({ userId, start: paidStart, end: paidEnd }), days(-31)));
    await deliver(event("customer.subscription.updated", subscriptionObject({ userId, status: "past_due", start: paidEnd, end: days(29) })));
    const summary = await billingSummary(person);
    expect(summary).toMatchObject({
      subscription: { status: "past_due", hasAccess: false, currentPeriodEnd: new Date(seconds(paidEnd) * 1000).toISOString() },
    });

    // The payment goes through: Stripe reports active with the new period, and credits come back.
    await deliver(
      event("customer.subscription.updated", subscriptionObject({ userId, status: "active", start: paidEnd, end: days(29) }), new Date(Date.now() + 1000)),
    );
    expect(await billingSummary(person)).toMatchObject({ subscription: { status: "active", hasAccess: true }, credits: { creditsAvailable: 5 } });
  });

  it("news about an older subscription does not overwrite the current one", async () => {
    const person = await signedUpClient(testApp);
    const userId = await userIdOf(person);
    await deliver(event("customer.subscription.created", subscriptionObject({ userId, id: "sub_old_one" })));
    await deliver(event("customer.subscription.created", subscriptionObject({ userId, id: "sub_new_one", price: prices.basic })));
    await deliver(event("customer.subscription.deleted", subscriptionObject({ userId, id: "sub_old_one", status: "canceled" })));
    expect(await billingSummary(person)).toMatchObject({ subscription: { planKey: "basic", status: "active" } });
  });

  it("the local test-mode checkout is not offered when Stripe is configured", async () => {
    const person = await signedUpClient(testApp);
    expect((await person.get("/api/billing/local/checkouts/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await person.post("/api/billing/local/subscription", { action: "cancel" })).status).toBe(404);
  });
});
