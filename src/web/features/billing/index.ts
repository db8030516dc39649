// What other features use of billing; the router loads the test-mode pages from billing-pages.
export { BillingMenuItems, CreditsLine } from "./billing-menu";
export { BillingRuntime } from "./billing-runtime";
export { BuyCreditButton } from "./buy-credit-button";
export { ChoosePlanDialog } from "./choose-plan-dialog";
export { SubscriptionGate } from "./subscription-gate";
export { billingSummaryKey, useCanPayForProcessing } from "./use-billing";
