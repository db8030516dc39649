/** Where the e2e web server listens; shared by playwright.config.ts and the tests. E2E_PORT moves it, so two checkouts can run their suites at once. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The link an email gives to finish signing in on this server (…/auth/open#…). */
export const E2E_EMAIL_LINK_PATTERN = new RegExp(`(${E2E_BASE_URL.replaceAll(".", "\\.")}/auth/open#\\S+)`);
