/**
 * A full navigation: to pages outside the app (Stripe, a sign-in provider, this app's test-mode
 * checkout) and back into the app after its session changed, so every cache starts afresh.
 */
export function goTo(url: string): void {
  window.location.assign(url);
}
