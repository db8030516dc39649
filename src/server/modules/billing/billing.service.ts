import { randomUUID } from "node:crypto";
import type { AuditDetails } from "../../../core/audit/redaction";
import { noRequest, type AuditService, type AuditTarget } from "../audit/audit.service";
import type { Logger } from "pino";
import type { Actor } from "../../../core/access/actor";
import { creditTotals, decideCharge, overageUnitsFor, startingCreditsFor, type ChargeDecision } from "../../../core/billing/credits";
import { hasActivePeriod, monthlyPeriod, periodToStore, renewedPeriod, type SubscriptionState } from "../../../core/billing/periods";
import type {
  BillingMode,
  BillingSummary,
  CreditSummary,
  LocalCheckout,
  LocalSubscriptionChange,
  SubscriptionSummary,
} from "../../../shared/contracts/billing";
import { CHECKOUT_RESULT_PARAM, type CheckoutResult } from "../../../shared/billing";
import { paths, withQuery } from "../../../shared/paths";
import { documentCredit, planKeys, subscriptionPlans, type PlanKey } from "../../../shared/plans";
import {
  WebhookSignatureError,
  type CreditPurchase,
  type PaymentEvent,
  type PaymentGateway,
  type SubscriptionReport,
} from "../../adapters/payments/payment-gateway";
import type { Database } from "../../db/client";
import { AppError } from "../../http/app-error";
import type { OrganizationPlans } from "../organizations/organization-plans";
import type { BillingRepo, SubscriptionRow } from "./billing.repo";
import type { DomainEvents } from "../events/domain-events";

export interface BillingServiceDeps {
  db: Database;
  repo: BillingRepo;
  mode: BillingMode;
  /** Absent when billing is off. */
  gateway?: PaymentGateway;
  /** Stripe only: verifies and reads a webhook. */
  parseWebhook?: (payload: string, signature: string | undefined) => PaymentEvent;
  publicUrl: string;
  logger: Logger;
  /** Tells the person's browsers that their credits changed; inside the transaction `within`, once it commits. */
  publishCreditsChange: (userId: string, within?: Database) => Promise<void>;
  audit: AuditService;
  /** Announces billing.credits-arrived, in the transaction that brought a credit or a new period. */
  domainEvents: Pick<DomainEvents, "emit" | "wakeWorker">;
  /** The person's organization plan: its allowance pays first, and it opens document management without a subscription. */
  organizationPlans: Pick<OrganizationPlans, "planOf" | "lockPlanForCharge">;
  now?: () => Date;
}

const isPlanKey = (value: unknown): value is PlanKey => (planKeys as unknown[]).includes(value);

function stateOf(row: SubscriptionRow | undefined): SubscriptionState | null {
  return row ? { status: row.status, period: { start: row.currentPeriodStart, end: row.currentPeriodEnd } } : null;
}

export type ChargeOutcome = { ok: true } | Extract<ChargeDecision, { ok: false }>;

export function createBillingService(deps: BillingServiceDeps) {
  const { db, repo } = deps;
  const now = deps.now ?? (() => new Date());
  const isOn = deps.mode !== "off";

  function requireGateway(): PaymentGateway {
    if (!deps.gateway) throw new AppError("not_found", "Billing is turned off on this server.");
    return deps.gateway;
  }

  /**
   * The local provider renews by itself like Stripe would: a lapsed period rolls on a month, or
   * ends the subscription when it was set to cancel.
   */
  async function renewLocalIfDue(tx: Database, row: SubscriptionRow | undefined): Promise<{ row: SubscriptionRow | undefined; isRenewed: boolean }> {
    if (!row || row.provider !== "local" || row.status !== "active" || now() < row.currentPeriodEnd) return { row, isRenewed: false };
    const next: SubscriptionRow = row.cancelAtPeriodEnd
      ? { ...row, status: "canceled", providerStateAt: now() }
      : (() => {
          const period = renewedPeriod({ start: row.currentPeriodStart, end: row.currentPeriodEnd }, now());
          return { ...row, currentPeriodStart: period.start, currentPeriodEnd: period.end, providerStateAt: now() };
        })();
    await repo.saveSubscription(next, tx);
    return { row: next, isRenewed: next.status === "active" };
  }

  async function creditSummaryFor(tx: Database, userId: string, row: SubscriptionRow | undefined): Promise<CreditSummary> {
    const state = stateOf(row);
    const isActive = hasActivePeriod(state, now());
    const period = isActive ? state!.period : null;
    const counts = await repo.creditCounts(userId, period, tx);
    const startingCredits = startingCreditsFor(row && isPlanKey(row.planKey) ? row.planKey : null, isActive);
    const overageUnits = overageUnitsFor(counts.purchased, counts.purchasedSpentBefore);
    const totals = creditTotals({ startingCredits, overageUnits, creditsUsed: counts.used });
    return {
      startingCredits,
      creditsUsed: counts.used,
      overageUnits,
      creditsAvailable: totals.available,
      creditsTotal: totals.total,
      periodStart: period?.start.toISOString() ?? null,
      periodEnd: period?.end.toISOString() ?? null,
    };
  }

  function subscriptionSummary(row: SubscriptionRow | undefined): SubscriptionSummary | null {
    if (!row || !isPlanKey(row.planKey)) return null;
    return {
      planKey: row.planKey,
      status: row.status,
      currentPeriodStart: row.currentPeriodStart.toISOString(),
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      hasAccess: hasActivePeriod(stateOf(row), now()),
      willCancel: row.cancelAtPeriodEnd,
    };
  }

  /** Gives a document's credit back inside `tx`, recorded in its holder's log: whose it was, or undefined when nothing was charged. */
  async function refund(tx: Database, documentId: string, reason: string): Promise<string | undefined> {
    const refunded = await repo.refund(documentId, tx);
    if (!refunded) return undefined;
    const holder = await deps.audit.actorFor({ userId: refunded.userId }, noRequest, tx);
    await deps.audit.record(
      holder,
      "billing.credits-refunded",
      { type: "document", id: documentId },
      { credits: 1, source: refunded.source, documentId, reason },
      { tx },
    );
    return refunded.userId;
  }

  /** Inside the transaction that brought the person credits: what waited for one starts once it commits. */
  const announceCreditsArrived = (tx: Database, userId: string) => deps.domainEvents.emit(tx, "billing.credits-arrived", { userId });

  /** After it committed: the person's browsers refetch, and this process's worker takes the reaction now. */
  async function afterCreditsArrived(userId: string): Promise<void> {
    deps.domainEvents.wakeWorker();
    await deps.publishCreditsChange(userId);
  }

  /** The one fulfilment path for a subscription, whichever provider reported it. */
  async function applySubscriptionReport(report: SubscriptionReport): Promise<void> {
    const result = await db.transaction(async (tx) => {
      if (!(await repo.claimEvent(report.eventId, "subscription", tx))) return undefined;
      const userId = report.userId ?? (await repo.findUserBySubscription(report.subscriptionId, tx));
      if (!userId) {
        deps.logger.warn({ eventId: report.eventId, subscriptionId: report.subscriptionId }, "subscription event for nobody we know; ignored");
        return undefined;
      }
      const stored = await repo.lockSubscription(userId, tx);
      const isSameSubscription = stored?.providerSubscriptionId === report.subscriptionId;
      // Another subscription's late news must not overwrite the current one; a new paid one replaces it.
      if (stored && !isSameSubscription && !["active", "trialing"].includes(report.status)) return undefined;
      // Out of order: a state older than the one stored is history.
      if (stored && isSameSubscription && report.reportedAt < stored.providerStateAt) return undefined;
      const planKey = report.planKey ?? (stored && isPlanKey(stored.planKey) ? stored.planKey : null);
      if (!planKey) {
        deps.logger.warn({ eventId: report.eventId }, "subscription to a price that is not one of our plans; ignored");
        return undefined;
      }
      const before = isSameSubscription ? stateOf(stored) : null;
      const period = periodToStore(before?.period ?? null, { status: report.status, period: { start: report.periodStart, end: report.periodEnd } });
      await repo.saveSubscription(
        {
          userId,
          planKey,
          status: report.status,
          currentPeriodStart: period.start,
          currentPeriodEnd: period.end,
          cancelAtPeriodEnd: report.cancelAtPeriodEnd,
          provider: requireGateway().kind,
          providerCustomerId: report.customerId ?? stored?.providerCustomerId ?? null,
          providerSubscriptionId: report.subscriptionId,
          providerStateAt: report.reportedAt,
        },
        tx,
      );
      const hasAccess = hasActivePeriod({ status: report.status, period }, now());
      // A new period, a first subscription or an upgrade may each bring credits someone waits for.
      if (hasAccess) await announceCreditsArrived(tx, userId);
      return { userId, planKey, hasAccess };
    });
    if (!result) return;
    await recordForPayer(
      result.userId,
      "billing.subscription-changed",
      { type: "subscription", id: report.subscriptionId, name: result.planKey },
      {
        plan: result.planKey,
        status: report.status,
        reason: report.cancelAtPeriodEnd ? "cancels at period end" : undefined,
      },
    );
    if (result.hasAccess) await afterCreditsArrived(result.userId);
    else await deps.publishCreditsChange(result.userId);
  }

  /** The one fulfilment path for a paid one-time credit. */
  async function grantPurchasedCredit(purchase: CreditPurchase): Promise<void> {
    const isGranted = await db.transaction(async (tx) => {
      if (!(await repo.claimEvent(purchase.eventId, "credit_purchase", tx))) return false;
      if (!purchase.isPaid) return false;
      const isAdded = await repo.addCredits({ userId: purchase.userId, quantity: purchase.quantity, providerReference: purchase.reference }, tx);
      if (isAdded) await announceCreditsArrived(tx, purchase.userId);
      return isAdded;
    });
    if (!isGranted) return;
    await recordForPayer(purchase.userId, "billing.credits-added", { type: "user", id: purchase.userId }, { quantity: purchase.quantity });
    await afterCreditsArrived(purchase.userId);
  }

  /** Payments are reported by the provider (a webhook, the test-mode page): the payer is named by their account. */
  async function recordForPayer(userId: string, action: "billing.subscription-changed" | "billing.credits-added", target: AuditTarget, details: AuditDetails) {
    const payer = await deps.audit.actorFor({ userId }, noRequest);
    await deps.audit.record(payer, action, { name: payer.email, ...target }, details);
  }

  /** One subscription at a time: another checkout, confirmed later, must not restart the period. */
  async function refuseSecondSubscription(userId: string): Promise<SubscriptionRow | undefined> {
    const current = await repo.findSubscription(userId);
    if (current && current.status === "active" && hasActivePeriod(stateOf(current), now())) {
      throw new AppError("conflict", "You already have an active subscription. Use Manage/Upgrade plan to change it.");
    }
    return current;
  }

  async function requireLocalCheckout(userId: string, id: string) {
    if (deps.gateway?.kind !== "local") throw new AppError("not_found", "Checkout not found.");
    const checkout = await repo.findLocalCheckout(userId, id);
    if (!checkout) throw new AppError("not_found", "Checkout not found.");
    return checkout;
  }

  async function localReport(userId: string, changes: Partial<SubscriptionReport>): Promise<void> {
    const current = await repo.findSubscription(userId);
    if (!current || current.provider !== "local") throw new AppError("conflict", "There is no test-mode subscription to change.");
    await applySubscriptionReport({
      eventId: `local:portal:${randomUUID()}`,
      reportedAt: now(),
      userId,
      customerId: current.providerCustomerId,
      subscriptionId: current.providerSubscriptionId!,
      planKey: isPlanKey(current.planKey) ? current.planKey : null,
      status: current.status,
      periodStart: current.currentPeriodStart,
      periodEnd: current.currentPeriodEnd,
      cancelAtPeriodEnd: current.cancelAtPeriodEnd,
      ...changes,
    });
  }

  const checkoutUrls = {
    successUrl: `${deps.publicUrl}${withQuery(paths.documents, { [CHECKOUT_RESULT_PARAM]: "success" satisfies CheckoutResult })}`,
    cancelUrl: `${deps.publicUrl}${withQuery(paths.documents, { [CHECKOUT_RESULT_PARAM]: "cancelled" satisfies CheckoutResult })}`,
  };

  return {
    mode: deps.mode,

    async getSummary({ userId }: Actor): Promise<BillingSummary> {
      if (deps.mode === "off") return { mode: "off" };
      const { row, isRenewed } = await db.transaction(async (tx) => {
        const renewal = await renewLocalIfDue(tx, await repo.lockSubscription(userId, tx));
        if (renewal.isRenewed) await announceCreditsArrived(tx, userId);
        return renewal;
      });
      if (isRenewed) await afterCreditsArrived(userId);
      return {
        mode: deps.mode,
        subscription: subscriptionSummary(row),
        credits: await creditSummaryFor(db, userId, row),
        organizationPlan: await deps.organizationPlans.planOf(userId),
      };
    },

    /**
     * Charges one credit for a document, inside the caller's transaction (the one that queues it):
     * the person's plan credits first, then their organization plan's monthly allowance (a running
     * trial, or enterprise), then their purchased credits, which never expire and which the
     * organization plan also opens without a subscription. A member with a plan of their own thus
     * leaves the allowance the others share. The organization and subscription row locks make
     * concurrent starts take turns, so none can overspend; a document already charged (a retry)
     * is not charged again. A suspended organization's members process nothing, billing off or on.
     */
    async chargeForProcessing(tx: Database, userId: string, documentId: string): Promise<ChargeOutcome> {
      const plan = await deps.organizationPlans.lockPlanForCharge(tx, userId);
      if (plan?.status === "suspended") return { ok: false, reason: "organization_suspended" };
      if (!isOn) return { ok: true };
      const { row } = await renewLocalIfDue(tx, await repo.lockSubscription(userId, tx));
      const usage = await repo.findUsage(documentId, tx);
      if (usage && !usage.refundedAt) return { ok: true };
      const summary = await creditSummaryFor(tx, userId, row);
      const decision = decideCharge({
        hasActivePeriod: hasActivePeriod(stateOf(row), now()) || plan?.hasAccess === true,
        counts: { startingCredits: summary.startingCredits, overageUnits: summary.overageUnits, creditsUsed: summary.creditsUsed },
      });
      const isPlanCredit = decision.ok && decision.source === "plan";
      let source: string;
      if (plan?.hasAccess && plan.creditsAvailable > 0 && !isPlanCredit) {
        source = "organization";
        await repo.charge({ userId, documentId, source, organizationId: plan.organizationId }, tx);
      } else if (decision.ok) {
        source = decision.source;
        await repo.charge({ userId, documentId, source, organizationId: null }, tx);
      } else {
        return decision;
      }
      // The person whose credit it is, named by their account (a start may follow a payment, not a request of theirs).
      const spender = await deps.audit.actorFor({ userId }, noRequest, tx);
      await deps.audit.record(spender, "billing.credits-spent", { type: "document", id: documentId }, { credits: 1, source, documentId }, { tx });
      await deps.publishCreditsChange(userId, tx);
      return { ok: true };
    },

    /** Reprocessing costs no credit, but a suspended organization's members process nothing. */
    async admitFreeProcessing(userId: string): Promise<ChargeOutcome> {
      const plan = await deps.organizationPlans.planOf(userId);
      return plan?.status === "suspended" ? { ok: false, reason: "organization_suspended" } : { ok: true };
    },

    /**
     * Processing failed for a reason of ours: the document's credit comes back, inside `tx`, once
     * per `refundKey` (the refund job's id), so a retried refund job gives nothing twice, even if
     * the document was charged again meanwhile. Answers whose credit came back.
     */
    async refundFailedProcessing(tx: Database, documentId: string, refundKey: string): Promise<string | undefined> {
      if (!isOn || !(await repo.claimEvent(refundKey, "refund", tx))) return undefined;
      const userId = await refund(tx, documentId, "processing failed");
      if (!userId) return undefined;
      await announceCreditsArrived(tx, userId);
      await deps.publishCreditsChange(userId, tx);
      return userId;
    },

    /**
     * The document is deleted before its processing finished: its credit comes back, inside the
     * deletion's transaction (the documents module calls it), so neither happens without the other.
     */
    async refundUnfinishedProcessing(tx: Database, documentId: string): Promise<void> {
      if (!isOn) return;
      const userId = await refund(tx, documentId, "deleted before processing finished");
      if (userId) await deps.publishCreditsChange(userId, tx);
    },

    async subscribe({ userId, email }: Actor, plan: PlanKey): Promise<string> {
      const gateway = requireGateway();
      const current = await refuseSecondSubscription(userId);
      return gateway.createSubscriptionCheckout({ ...checkoutUrls, userId, email, customerId: current?.providerCustomerId ?? null, plan });
    },

    async checkoutCredit({ userId, email }: Actor): Promise<string> {
      const gateway = requireGateway();
      const current = await repo.findSubscription(userId);
      return gateway.createCreditCheckout({ ...checkoutUrls, userId, email, customerId: current?.providerCustomerId ?? null });
    },

    async openPortal({ userId }: Actor): Promise<string> {
      const gateway = requireGateway();
      const current = await repo.findSubscription(userId);
      if (!current) throw new AppError("conflict", "There is no subscription to manage yet.");
      return gateway.createPortalSession({ customerId: current.providerCustomerId, returnUrl: `${deps.publicUrl}${paths.documents}` });
    },

    /** POST /api/billing/webhook: verified, handled once per event id, unknown events acknowledged. */
    async handleStripeWebhook(payload: string, signature: string | undefined): Promise<{ received: true; handled: boolean }> {
      if (!deps.parseWebhook) throw new AppError("not_found", "Stripe billing is not configured on this server.");
      let event: PaymentEvent;
      try {
        event = deps.parseWebhook(payload, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new AppError("bad_request", "The webhook signature is not valid.");
        throw error;
      }
      if (event.kind === "subscription") await applySubscriptionReport(event);
      else if (event.kind === "credit_purchase") await grantPurchasedCredit(event);
      return { received: true, handled: event.kind !== "ignored" };
    },

    async getLocalCheckout({ userId }: Actor, id: string): Promise<LocalCheckout> {
      const checkout = await requireLocalCheckout(userId, id);
      const planKey = isPlanKey(checkout.planKey) ? checkout.planKey : null;
      return {
        id: checkout.id,
        kind: checkout.kind === "subscription" ? "subscription" : "credit",
        planKey,
        priceUsd: planKey ? subscriptionPlans[planKey].priceUsdPerMonth : documentCredit.priceUsd,
        description: planKey ? `${subscriptionPlans[planKey].name} plan, billed monthly` : `${documentCredit.name}: adds 1 document credit`,
        status: checkout.status === "completed" || checkout.status === "cancelled" ? checkout.status : "open",
      };
    },

    /** The test-mode "Pay" button: the same fulfilment a Stripe webhook runs, with no charge. */
    async confirmLocalCheckout({ userId }: Actor, id: string): Promise<string> {
      const checkout = await requireLocalCheckout(userId, id);
      if (checkout.status !== "open") throw new AppError("conflict", "This checkout is already finished.");
      const eventId = `local:checkout:${checkout.id}`;
      if (checkout.kind === "subscription" && isPlanKey(checkout.planKey)) {
        await refuseSecondSubscription(userId);
        const period = monthlyPeriod(now());
        await applySubscriptionReport({
          eventId,
          reportedAt: now(),
          userId,
          customerId: `local:${userId}`,
          subscriptionId: `local:${checkout.id}`,
          planKey: checkout.planKey,
          status: "active",
          periodStart: period.start,
          periodEnd: period.end,
          cancelAtPeriodEnd: false,
        });
      } else {
        await grantPurchasedCredit({ eventId, userId, customerId: `local:${userId}`, reference: eventId, quantity: 1, isPaid: true });
      }
      await repo.closeLocalCheckout(userId, checkout.id, "completed");
      return checkoutUrls.successUrl;
    },

    async cancelLocalCheckout({ userId }: Actor, id: string): Promise<string> {
      await requireLocalCheckout(userId, id);
      await repo.closeLocalCheckout(userId, id, "cancelled");
      return checkoutUrls.cancelUrl;
    },

    /** The test-mode billing portal: switch plan, cancel at period end, or resume. */
    async changeLocalSubscription({ userId }: Actor, change: LocalSubscriptionChange): Promise<void> {
      if (deps.gateway?.kind !== "local") throw new AppError("not_found", "The test-mode billing portal is not in use on this server.");
      if (change.action === "switch") await localReport(userId, { planKey: change.plan });
      else await localReport(userId, { cancelAtPeriodEnd: change.action === "cancel" });
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
