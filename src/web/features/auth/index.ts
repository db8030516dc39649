// What other features use of sign-in; the router loads the pages from auth-pages.
export { authApi } from "./auth-api";
export { takePendingCheckout } from "./auth-storage";
