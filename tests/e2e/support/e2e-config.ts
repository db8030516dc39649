/** Where the e2e web server listens; shared by playwright.config.ts and the tests. */
export const E2E_PORT = 3107;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
