/**
 * The web app's pages. The route table, every link from one page to another, and the server's
 * redirects and emails into the app take their paths from here, so a page moves in one place.
 * Free of dependencies: the landing page's first bundle reads it.
 */
export const paths = {
  home: "/",
  terms: "/termsofservice",
  privacy: "/privacypolicy",
  login: "/login",
  authVerify: "/auth/verify",
  authCode: "/auth/code",
  /** Where email links land; their real target is in the hash (shared/auth-links.ts). */
  authOpen: "/auth/open",
  authHash: "/auth/hash",
  authError: "/auth/error",
  authReset: "/auth/reset",
  authNewPassword: "/auth/new-password",
  /** A sign-in's second step: an authenticator or recovery code. ?redirect=… where to go after. */
  authTwoFactor: "/auth/two-factor",
  /** Where someone whose organization (or, for owners, the platform) requires two-factor sign-in sets it up before anything else. */
  authTwoFactorSetup: "/auth/two-factor/setup",
  /** An invitation's page: ?token=… from the email; type=azure_invite&completed=true back from Microsoft; error=… */
  authCompleteInvite: "/auth/complete-invite",
  /** After joining by an invitation, someone whose account has no name gives it here; ?redirect=… where to go after. */
  authYourName: "/auth/your-name",
  /** Redirects (replace) to authCompleteInvite with the same query. */
  completeInvite: "/complete-invite",
  app: "/app",
  documents: "/app/documents",
  document: (documentId: string) => `/app/documents/${encodeURIComponent(documentId)}`,
  /** The document's key terms, each cited; the tab beside its text. */
  documentFactSheet: (documentId: string) => `/app/documents/${encodeURIComponent(documentId)}/fact-sheet`,
  /** Two documents' fact sheets side by side. */
  compareFactSheets: (left?: string, right?: string) => withQuery("/app/compare", { left, right }),
  chat: "/app/chat",
  /** A stored conversation, opened on the chat page. */
  chatSession: (sessionId: string) => withQuery(paths.chat, { session: sessionId }),
  /** A new conversation about one document. */
  chatAbout: (documentId: string) => withQuery(paths.chat, { document: documentId }),
  /** Every agreement of the organization with its key terms, filters, exports and a calendar of dates. */
  portfolio: "/app/portfolio",
  account: "/app/account",
  contactSales: "/app/contact-sales",
  /** The enterprise upgrade page: features, trial days, 'Email Sales Team', 'Schedule Demo'. */
  enterpriseUpgrade: "/app/upgrade",
  organizationAdmin: "/app/admin/org",
  platformAdmin: "/app/admin/platform",
  /** The local test-mode checkout and billing portal (no Stripe configured). */
  localCheckout: (checkoutId: string) => `/billing/checkout/${encodeURIComponent(checkoutId)}`,
  localPortal: "/billing/portal",
} as const;

/** The paths with parameters as the route table declares them. */
export const routePatterns = {
  document: "/app/documents/:documentId",
  documentFactSheet: "/app/documents/:documentId/fact-sheet",
  compareFactSheets: "/app/compare",
  localCheckout: "/billing/checkout/:checkoutId",
} as const;

/** `path` with a query of `params`, leaving out those that are undefined. */
export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
