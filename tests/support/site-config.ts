import type { SiteConfig } from "../../src/shared/site-config";

/** The deployment facts tests render with; override what a test is about. */
export function testSiteConfig(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return {
    companyName: "Clausewise, Inc.",
    productName: "Clausewise",
    publicUrl: "http://localhost:3000",
    supportEmail: "support@clausewise.example",
    privacyEmail: "privacy@clausewise.example",
    salesEmail: "sales@clausewise.example",
    salesBookingUrl: null,
    socialProviders: [],
    maxUploadBytes: 50 * 1024 * 1024,
    accountStorageLimitBytes: 5 * 1024 ** 3,
    ...overrides,
  };
}
