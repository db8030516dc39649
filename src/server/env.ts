import { DEFAULT_AUTH_REQUESTS_PER_MINUTE, DEFAULT_UPLOADS_PER_HOUR } from "../core/access/rate-limit";
import path from "node:path";
import { z } from "zod";
import { devMailboxSettings } from "./modules/mailbox/mailbox-access";
import { logFormatSettings } from "./logger";
import packageJson from "../../package.json" with { type: "json" };
import type { EmbeddingsConfig } from "./adapters/embeddings/embedder";
import type { StripeConfig } from "./adapters/payments/stripe-gateway";
import type { S3StorageConfig } from "./adapters/storage/s3-storage";
import type { LlmConfig } from "./adapters/llm/chat-model";
import { defaultOcrBudget } from "./adapters/extract/ocr-queue";
import type { OcrBudget } from "./adapters/extract/types";

/** The only reader of process.env: every setting, validated once, with offline defaults. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    LOG_FORMAT: z.enum(logFormatSettings).default("auto"),
    COMPANY_NAME: z.string().min(1).default("Clausewise, Inc."),
    PRODUCT_NAME: z.string().min(1).default("Clausewise"),
    SUPPORT_EMAIL: z.email().default("support@clausewise.example"),
    PRIVACY_EMAIL: z.email().default("privacy@clausewise.example"),
    SALES_EMAIL: z.email().default("sales@clausewise.example"),
    SALES_BOOKING_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(500).default(50),
    ACCOUNT_STORAGE_LIMIT_MB: z.coerce.number().int().min(1).max(100_000_000).default(5120),
    PAGE_IMAGE_CACHE_MB: z.coerce.number().int().min(0).max(100_000).default(64),
    CLAUSE_MODEL_FILE: z.string().min(1).optional(),
    UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_UPLOADS_PER_HOUR),
    RUN_WORKER: z.stringbool().default(true),
    JOB_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(60),
    ACTOR_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    OCR_ENGINE: z.enum(["auto", "wasm", "native"]).default("auto"),
    OCR_BYTES_PER_PAGE: z.coerce.number().int().min(1).max(10_000_000).default(defaultOcrBudget.bytesPerPage),
    OCR_MIN_PAGES: z.coerce.number().int().min(1).max(100_000).default(defaultOcrBudget.minPages),
    OCR_SECONDS_PER_PAGE: z.coerce.number().min(1).max(3600).default(defaultOcrBudget.secondsPerPage),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    PLATFORM_OWNER_EMAILS: z
      .string()
      .default("")
      .transform((list) =>
        list
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email())),
    TRUST_PROXY: z.stringbool().default(false),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_AUTH_REQUESTS_PER_MINUTE),
    LLM_PROVIDER: z.enum(["none", "openai", "anthropic", "openai-compatible"]).default("none"),
    LLM_MODEL: z.string().min(1).optional(),
    LLM_API_KEY: z.string().min(1).optional(),
    LLM_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    EMBEDDINGS_PROVIDER: z.enum(["none", "openai", "openai-compatible"]).default("none"),
    EMBEDDINGS_MODEL: z.string().min(1).optional(),
    EMBEDDINGS_API_KEY: z.string().min(1).optional(),
    EMBEDDINGS_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Clausewise <no-reply@clausewise.example>"),
    SMTP_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(5000),
    DEV_MAILBOX: z.enum(devMailboxSettings).default("auto"),
    NODE_ENV: z.string().optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_DISCOVERY_URL: z.url().default("https://accounts.google.com/.well-known/openid-configuration"),
    MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
    MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
    MICROSOFT_TENANT_ID: z.string().min(1).default("organizations"),
    MICROSOFT_AUTHORITY: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).default("https://login.microsoftonline.com"),
    MICROSOFT_DISCOVERY_URL: z.string().optional(),
    TRIAL_DAYS: z.coerce.number().int().min(0).max(3650).default(14),
    ORGANIZATION_MONTHLY_CREDITS: z.coerce.number().int().min(0).max(100_000).default(5),
    BILLING: z.enum(["on", "off"]).default("on"),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_PRICE_BASIC: z.string().min(1).optional(),
    STRIPE_PRICE_PRO: z.string().min(1).optional(),
    STRIPE_PRICE_CREDIT: z.string().min(1).optional(),
    STRIPE_API_URL: z.url().optional(),
    STORAGE: z.enum(["local", "s3"]).default("local"),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.stringbool().default(false),
    // Six years: the common reading of HIPAA's documentation rule (issue 19).
    AUDIT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    AUDIT_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(30)
      .max(36_500)
      .default(6 * 365),
  })
  .superRefine((raw, context) => {
    const stripeSettings = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_BASIC", "STRIPE_PRICE_PRO", "STRIPE_PRICE_CREDIT"] as const;
    if (stripeSettings.some((name) => raw[name])) {
      for (const name of stripeSettings.filter((setting) => !raw[setting])) {
        context.addIssue({ code: "custom", path: [name], message: `is required with Stripe billing (${stripeSettings.join(", ")} go together)` });
      }
    }
    if (raw.LLM_PROVIDER !== "none" && !raw.LLM_MODEL) {
      context.addIssue({ code: "custom", path: ["LLM_MODEL"], message: `is required with LLM_PROVIDER=${raw.LLM_PROVIDER}: the model that writes answers` });
    }
    if (raw.LLM_PROVIDER === "openai-compatible" && !raw.LLM_BASE_URL) {
      context.addIssue({
        code: "custom",
        path: ["LLM_BASE_URL"],
        message: "is required with LLM_PROVIDER=openai-compatible, e.g. http://localhost:11434/v1 for Ollama",
      });
    }
    if (raw.EMBEDDINGS_PROVIDER !== "none" && !raw.EMBEDDINGS_MODEL) {
      context.addIssue({
        code: "custom",
        path: ["EMBEDDINGS_MODEL"],
        message: `is required with EMBEDDINGS_PROVIDER=${raw.EMBEDDINGS_PROVIDER}: the model that embeds passages`,
      });
    }
    if (raw.EMBEDDINGS_PROVIDER === "openai-compatible" && !raw.EMBEDDINGS_BASE_URL) {
      context.addIssue({
        code: "custom",
        path: ["EMBEDDINGS_BASE_URL"],
        message: "is required with EMBEDDINGS_PROVIDER=openai-compatible, e.g. http://localhost:11434/v1 for Ollama",
      });
    }
    if (raw.EMBEDDINGS_PROVIDER === "openai" && !raw.EMBEDDINGS_API_KEY) {
      context.addIssue({ code: "custom", path: ["EMBEDDINGS_API_KEY"], message: "is required with EMBEDDINGS_PROVIDER=openai" });
    }
    if ((raw.LLM_PROVIDER === "openai" || raw.LLM_PROVIDER === "anthropic") && !raw.LLM_API_KEY) {
      context.addIssue({ code: "custom", path: ["LLM_API_KEY"], message: `is required with LLM_PROVIDER=${raw.LLM_PROVIDER}` });
    }
    if (raw.DATABASE_URL && !raw.AUTH_SECRET) {
      context.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required with DATABASE_URL, so that every process signs sessions with the same key",
      });
    }
    if (raw.DATABASE_URL && !raw.AUDIT_SECRET) {
      context.addIssue({
        code: "custom",
        path: ["AUDIT_SECRET"],
        message: "is required with DATABASE_URL: it keys the audit log's hash chains, so keep it outside the database (and apart from AUTH_SECRET)",
      });
    }
    for (const provider of ["GOOGLE", "MICROSOFT"] as const) {
      if (Boolean(raw[`${provider}_CLIENT_ID`]) !== Boolean(raw[`${provider}_CLIENT_SECRET`])) {
        context.addIssue({
          code: "custom",
          path: [`${provider}_CLIENT_SECRET`],
          message: `${provider}_CLIENT_ID and ${provider}_CLIENT_SECRET must be set together`,
        });
      }
    }
    if (raw.MICROSOFT_DISCOVERY_URL) {
      context.addIssue({
        code: "custom",
        path: ["MICROSOFT_DISCOVERY_URL"],
        message:
          "is no longer read: Microsoft sign-in checks Entra ID's tokens per tenant; set MICROSOFT_AUTHORITY (default https://login.microsoftonline.com) instead",
      });
    }
    if (raw.STORAGE === "s3" && !raw.S3_BUCKET) {
      context.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required with STORAGE=s3: the bucket that holds uploaded files" });
    }
    if (raw.STORAGE === "local" && raw.S3_BUCKET) {
      context.addIssue({
        code: "custom",
        path: ["STORAGE"],
        message: "must be s3 to use S3_BUCKET; with STORAGE=local (the default) uploads stay on this machine's disk",
      });
    }
    if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) {
      context.addIssue({ code: "custom", path: ["S3_SECRET_ACCESS_KEY"], message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together" });
    }
  })
  .transform((raw) => ({
    port: raw.PORT,
    host: raw.HOST,
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ""),
    dataDir: path.resolve(raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL,
    logLevel: raw.LOG_LEVEL,
    logFormat: raw.LOG_FORMAT,
    site: {
      companyName: raw.COMPANY_NAME,
      productName: raw.PRODUCT_NAME,
      supportEmail: raw.SUPPORT_EMAIL,
      privacyEmail: raw.PRIVACY_EMAIL,
      salesEmail: raw.SALES_EMAIL,
      salesBookingUrl: raw.SALES_BOOKING_URL ?? null,
    },
    version: packageJson.version,
    auth: {
      secret: raw.AUTH_SECRET,
      platformOwnerEmails: raw.PLATFORM_OWNER_EMAILS,
      trustProxy: raw.TRUST_PROXY,
      requestsPerMinute: raw.AUTH_RATE_LIMIT_PER_MINUTE,
      google: oidcProvider(raw.GOOGLE_CLIENT_ID, raw.GOOGLE_CLIENT_SECRET, raw.GOOGLE_DISCOVERY_URL),
      microsoft:
        raw.MICROSOFT_CLIENT_ID && raw.MICROSOFT_CLIENT_SECRET
          ? ({
              clientId: raw.MICROSOFT_CLIENT_ID,
              clientSecret: raw.MICROSOFT_CLIENT_SECRET,
              tenantId: raw.MICROSOFT_TENANT_ID,
              authority: raw.MICROSOFT_AUTHORITY.replace(/\/+$/, ""),
            } satisfies MicrosoftProviderConfig)
          : undefined,
    },
    organizations: { trialDays: raw.TRIAL_DAYS, monthlyCredits: raw.ORGANIZATION_MONTHLY_CREDITS },
    mail: { smtpUrl: raw.SMTP_URL, from: raw.MAIL_FROM, smtpTimeoutMs: raw.SMTP_TIMEOUT_MS, devMailbox: raw.DEV_MAILBOX },
    isProduction: raw.NODE_ENV === "production",
    documents: {
      maxUploadBytes: raw.MAX_UPLOAD_MB * 1024 * 1024,
      accountStorageLimitBytes: raw.ACCOUNT_STORAGE_LIMIT_MB * 1024 * 1024,
      uploadsPerHour: raw.UPLOADS_PER_HOUR,
      pageImageCacheBytes: raw.PAGE_IMAGE_CACHE_MB * 1024 * 1024,
      /** The clause-kind model's file; the one shipped beside the server when not set. */
      clauseModelFile: raw.CLAUSE_MODEL_FILE ? path.resolve(raw.CLAUSE_MODEL_FILE) : undefined,
      /** Uploads as they arrive, beside DATA_DIR/files so that storing one there is a rename. */
      stagingDir: path.join(path.resolve(raw.DATA_DIR), "uploading"),
    },
    ocr: {
      engine: raw.OCR_ENGINE,
      budget: {
        bytesPerPage: raw.OCR_BYTES_PER_PAGE,
        minPages: raw.OCR_MIN_PAGES,
        secondsPerPage: raw.OCR_SECONDS_PER_PAGE,
        baseSeconds: defaultOcrBudget.baseSeconds,
      } satisfies OcrBudget,
    },
    jobs: { runWorkerInProcess: raw.RUN_WORKER, leaseSeconds: raw.JOB_LEASE_SECONDS },
    /** How long a web process uses a session's identity without reading it again, when no other process has said it changed (ADR 025, ADR 037). */
    actorCacheTtlMs: raw.ACTOR_CACHE_SECONDS * 1000,
    audit: { retentionDays: raw.AUDIT_RETENTION_DAYS, secret: raw.AUDIT_SECRET },
    billing: billingConfig(raw),
    storage:
      raw.STORAGE === "s3"
        ? ({
            kind: "s3",
            endpoint: raw.S3_ENDPOINT,
            bucket: raw.S3_BUCKET!,
            region: raw.S3_REGION,
            forcePathStyle: raw.S3_FORCE_PATH_STYLE,
            credentials:
              raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY ? { accessKeyId: raw.S3_ACCESS_KEY_ID, secretAccessKey: raw.S3_SECRET_ACCESS_KEY } : undefined,
          } as const satisfies S3StorageConfig & { kind: "s3" })
        : ({ kind: "local", root: path.join(path.resolve(raw.DATA_DIR), "files") } as const),
    /** Undefined: answers come from the embedded extractive answerer, no model needed. */
    llm:
      raw.LLM_PROVIDER === "none"
        ? undefined
        : ({
            provider: raw.LLM_PROVIDER,
            model: raw.LLM_MODEL!,
            apiKey: raw.LLM_API_KEY,
            baseUrl: raw.LLM_BASE_URL,
            timeoutMs: raw.LLM_TIMEOUT_MS,
          } satisfies LlmConfig),
    /** Undefined: retrieval is full-text only and processing has no embed stage. */
    embeddings:
      raw.EMBEDDINGS_PROVIDER === "none"
        ? undefined
        : ({
            provider: raw.EMBEDDINGS_PROVIDER,
            model: raw.EMBEDDINGS_MODEL!,
            apiKey: raw.EMBEDDINGS_API_KEY,
            baseUrl: raw.EMBEDDINGS_BASE_URL,
            timeoutMs: raw.EMBEDDINGS_TIMEOUT_MS,
          } satisfies EmbeddingsConfig),
  }));

export type BillingConfig = { mode: "off" } | { mode: "local" } | { mode: "stripe"; stripe: StripeConfig };

/** BILLING=off: unlimited use, no billing UI. Otherwise Stripe when its keys are set, else the local test-mode checkout. */
function billingConfig(
  raw: { BILLING: string } & Partial<Record<`STRIPE_${"SECRET_KEY" | "WEBHOOK_SECRET" | "PRICE_BASIC" | "PRICE_PRO" | "PRICE_CREDIT" | "API_URL"}`, string>>,
): BillingConfig {
  if (raw.BILLING === "off") return { mode: "off" };
  if (!raw.STRIPE_SECRET_KEY) return { mode: "local" };
  return {
    mode: "stripe",
    stripe: {
      secretKey: raw.STRIPE_SECRET_KEY,
      webhookSecret: raw.STRIPE_WEBHOOK_SECRET!,
      prices: { basic: raw.STRIPE_PRICE_BASIC!, pro: raw.STRIPE_PRICE_PRO!, credit: raw.STRIPE_PRICE_CREDIT! },
      apiUrl: raw.STRIPE_API_URL,
    },
  };
}

export interface OidcProviderConfig {
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
}

/** Microsoft Entra ID: Better Auth's own provider, which checks each token against its own tenant's issuer. */
export interface MicrosoftProviderConfig {
  clientId: string;
  clientSecret: string;
  /** organizations (any work or school account), common, or one tenant id. */
  tenantId: string;
  /** https://login.microsoftonline.com, or a local stand-in in tests. */
  authority: string;
}

function oidcProvider(clientId: string | undefined, clientSecret: string | undefined, discoveryUrl: string) {
  return clientId && clientSecret ? ({ clientId, clientSecret, discoveryUrl } satisfies OidcProviderConfig) : undefined;
}

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "EnvError";
  }
}

type EnvSource = Record<string, string | undefined>;

/** Empty strings mean "not set", as in most .env files. */
function withoutEmptyValues(source: EnvSource): EnvSource {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
}

export function loadEnv(source: EnvSource): Env {
  const result = envSchema.safeParse(withoutEmptyValues(source));
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`));
  }
  return result.data;
}

export function readProcessEnv(): Env {
  return loadEnv(process.env);
}

/** The environment a program this server starts runs in: this process's own (PATH, locale), with `overrides`. */
export function childProcessEnvironment(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
