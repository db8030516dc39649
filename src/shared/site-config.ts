/**
 * Public, non-secret facts about this deployment that the web app needs at first paint
 * (legal pages, footer, support links). The server injects them into index.html.
 */
export interface SiteConfig {
  companyName: string;
  productName: string;
  publicUrl: string;
  supportEmail: string;
  privacyEmail: string;
  salesEmail: string;
  /** 'Schedule Demo' on the enterprise upgrade page opens this booking page (SALES_BOOKING_URL); null hides it. */
  salesBookingUrl: string | null;
  /** Single sign-on buttons this deployment offers (configured client id and secret). */
  socialProviders: SocialProvider[];
  /** The largest upload the server accepts (MAX_UPLOAD_MB). */
  maxUploadBytes: number;
  /** What one person's documents may take in storage (ACCOUNT_STORAGE_LIMIT_MB). */
  accountStorageLimitBytes: number;
}

export const socialProviders = ["google", "microsoft"] as const;
export type SocialProvider = (typeof socialProviders)[number];

const siteConfigKeys = [
  "companyName",
  "productName",
  "publicUrl",
  "supportEmail",
  "privacyEmail",
  "salesEmail",
] as const satisfies readonly (keyof SiteConfig)[];

// A plain check rather than a zod schema: the landing page bundle stays free of zod.
export function isSiteConfig(value: unknown): value is SiteConfig {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  const hasTexts = siteConfigKeys.every((key) => typeof record[key] === "string" && record[key] !== "");
  const providers = record.socialProviders;
  return (
    hasTexts &&
    typeof record.maxUploadBytes === "number" &&
    typeof record.accountStorageLimitBytes === "number" &&
    (record.salesBookingUrl === null || typeof record.salesBookingUrl === "string") &&
    Array.isArray(providers) &&
    providers.every((provider) => (socialProviders as readonly unknown[]).includes(provider))
  );
}
