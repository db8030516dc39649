import type { Logger } from "pino";
import { createLocalGateway } from "../../adapters/payments/local-gateway";
import { createStripeGateway } from "../../adapters/payments/stripe-gateway";
import type { Database } from "../../db/client";
import type { BillingConfig } from "../../env";
import type { Jobs } from "../../jobs/jobs";
import type { DomainEvents } from "../events/domain-events";
import { userAddress, type PublishLiveEvent } from "../events/live-events";
import { refundFailedProcessingHandler, refundFailedProcessingJob } from "./billing.jobs";
import { createBillingRepo } from "./billing.repo";
import { createBillingService, type BillingServiceDeps } from "./billing.service";

export interface BillingModuleDeps {
  db: Database;
  jobs: Jobs;
  config: BillingConfig;
  publicUrl: string;
  publishLiveEvent: PublishLiveEvent;
  logger: Logger;
  domainEvents: DomainEvents;
  organizationPlans: BillingServiceDeps["organizationPlans"];
  audit: BillingServiceDeps["audit"];
}

/** The billing service on the configured provider: none (BILLING=off), the local test mode, or Stripe. */
export function createBillingModule(deps: BillingModuleDeps) {
  const { config } = deps;
  const stripe = config.mode === "stripe" ? createStripeGateway(config.stripe) : undefined;
  const gateway = config.mode === "off" ? undefined : (stripe ?? createLocalGateway(deps.db, deps.publicUrl));
  const repo = createBillingRepo(deps.db);
  const service = createBillingService({
    db: deps.db,
    repo,
    mode: config.mode,
    gateway,
    parseWebhook: stripe?.parseWebhook,
    publicUrl: deps.publicUrl,
    logger: deps.logger,
    publishCreditsChange: (userId, within) => deps.publishLiveEvent(userAddress(userId), { type: "credits" }, within),
    domainEvents: deps.domainEvents,
    organizationPlans: deps.organizationPlans,
    audit: deps.audit,
  });
  deps.jobs.register(
    refundFailedProcessingJob,
    refundFailedProcessingHandler({ refundFailedProcessing: service.refundFailedProcessing, wakeWorker: deps.jobs.poke }),
  );
  deps.domainEvents.on("documents.processing-failed", refundFailedProcessingJob, ({ documentId, isOurFault }) =>
    isOurFault && config.mode !== "off" ? { payload: { document_id: documentId } } : undefined,
  );
  return {
    service,
    /** For the documents module: charge inside its transaction; announce at commit. */
    chargeForProcessing: service.chargeForProcessing,
    admitFreeProcessing: service.admitFreeProcessing,
    /** For the documents module: a credit back inside the transaction that deletes an unfinished document. */
    refundUnfinishedProcessing: service.refundUnfinishedProcessing,
  };
}
