export { LocalCheckoutPage } from "./local-checkout-page";
export { LocalPortalPage } from "./local-portal-page";
