import { expect } from "vitest";
import { billingSummarySchema, type BillingSummary, type CreditSummary } from "../../src/shared/contracts/billing";
import type { PlanKey } from "../../src/shared/plans";
import type { HttpClient } from "./http-client";

/** The checkout id at the end of a local test-mode checkout URL (…/billing/checkout/<id>). */
export function localCheckoutId(url: string): string {
  const match = new URL(url).pathname.match(/^\/billing\/checkout\/([0-9a-f-]{36})$/);
  if (!match) throw new Error(`not a local checkout URL: ${url}`);
  return match[1]!;
}

/** Goes through the local test-mode checkout as a person would: start it, then confirm it. */
async function payLocally(client: HttpClient, start: Response): Promise<void> {
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const confirm = await client.post(`/api/billing/local/checkouts/${localCheckoutId(url)}/confirm`);
  expect(confirm.status).toBe(200);
}

/** Subscribes through the local provider's real fulfilment path (the same one a Stripe webhook runs). */
export async function subscribeLocally(client: HttpClient, plan: PlanKey = "pro"): Promise<void> {
  await payLocally(client, await client.post("/api/billing/subscribe", { plan }));
}

export async function buyCreditLocally(client: HttpClient): Promise<void> {
  await payLocally(client, await client.post("/api/billing/checkout", { type: "credit", quantity: 1 }));
}

export async function billingSummary(client: HttpClient): Promise<BillingSummary> {
  const response = await client.get("/api/billing/summary");
  expect(response.status).toBe(200);
  return billingSummarySchema.parse(await response.json());
}

export async function credits(client: HttpClient): Promise<CreditSummary> {
  const summary = await billingSummary(client);
  if (summary.mode === "off") throw new Error("billing is off");
  return summary.credits;
}
