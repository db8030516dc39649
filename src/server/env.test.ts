import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env";

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadEnv", () => {
  it("works offline with no settings at all", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      logLevel: "info",
    });
    expect(env.site.productName).toBe("Clausewise");
    expect(env.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each([
    [{ PORT: "8080" }, { port: 8080, publicUrl: "http://localhost:8080" }],
    [{ PUBLIC_URL: "https://app.example.com/" }, { publicUrl: "https://app.example.com" }],
    [
      { DATABASE_URL: "postgresql://u:p@db:5432/cw", AUTH_SECRET: "x".repeat(32), AUDIT_SECRET: "y".repeat(32) },
      { databaseUrl: "postgresql://u:p@db:5432/cw", audit: expect.objectContaining({ secret: "y".repeat(32) }) },
    ],
    [
      { PLATFORM_OWNER_EMAILS: " Owner@Clinic.com, second@clinic.com ," },
      { auth: expect.objectContaining({ platformOwnerEmails: ["owner@clinic.com", "second@clinic.com"] }) },
    ],
    [{ TRUST_PROXY: "true" }, { auth: expect.objectContaining({ trustProxy: true, requestsPerMinute: 60 }) }],
    [{ AUTH_RATE_LIMIT_PER_MINUTE: "600" }, { auth: expect.objectContaining({ requestsPerMinute: 600 }) }],
    [
      { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" },
      {
        auth: expect.objectContaining({
          google: { clientId: "id", clientSecret: "secret", discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration" },
        }),
      },
    ],
    [
      { MICROSOFT_CLIENT_ID: "id", MICROSOFT_CLIENT_SECRET: "secret", MICROSOFT_TENANT_ID: "contoso" },
      {
        auth: expect.objectContaining({
          microsoft: { clientId: "id", clientSecret: "secret", tenantId: "contoso", authority: "https://login.microsoftonline.com" },
        }),
      },
    ],
    [{}, { organizations: { trialDays: 14, monthlyCredits: 5 } }],
    [{ TRIAL_DAYS: "30", ORGANIZATION_MONTHLY_CREDITS: "20" }, { organizations: { trialDays: 30, monthlyCredits: 20 } }],
    [{ SALES_BOOKING_URL: "https://cal.example/clausewise" }, { site: expect.objectContaining({ salesBookingUrl: "https://cal.example/clausewise" }) }],
    [{ SMTP_URL: "smtps://user:pass@mail.example.com:465" }, { mail: expect.objectContaining({ smtpUrl: "smtps://user:pass@mail.example.com:465" }) }],
    [{}, { mail: expect.objectContaining({ smtpTimeoutMs: 5000 }), jobs: { runWorkerInProcess: true, leaseSeconds: 60 } }],
    [
      { SMTP_TIMEOUT_MS: "2000", RUN_WORKER: "false", JOB_LEASE_SECONDS: "30" },
      { mail: expect.objectContaining({ smtpTimeoutMs: 2000 }), jobs: { runWorkerInProcess: false, leaseSeconds: 30 } },
    ],
    [{}, { logFormat: "auto" }],
    [{ LOG_FORMAT: "json" }, { logFormat: "json" }],
    [{ DATABASE_URL: "" }, { databaseUrl: undefined }],
    [{ PORT: "" }, { port: 3000 }],
    [
      { DATA_DIR: "/srv/cw" },
      {
        storage: { kind: "local", root: path.resolve("/srv/cw/files") },
        documents: expect.objectContaining({ stagingDir: path.resolve("/srv/cw/uploading") }),
      },
    ],
    [
      {},
      {
        documents: expect.objectContaining({
          maxUploadBytes: 50 * 1024 ** 2,
          accountStorageLimitBytes: 5 * 1024 ** 3,
          uploadsPerHour: 120,
          pageImageCacheBytes: 64 * 1024 ** 2,
        }),
      },
    ],
    [
      { ACCOUNT_STORAGE_LIMIT_MB: "200", UPLOADS_PER_HOUR: "10", PAGE_IMAGE_CACHE_MB: "0" },
      { documents: expect.objectContaining({ accountStorageLimitBytes: 200 * 1024 ** 2, uploadsPerHour: 10, pageImageCacheBytes: 0 }) },
    ],
    [
      { STORAGE: "s3", S3_BUCKET: "contracts" },
      { storage: { kind: "s3", bucket: "contracts", region: "us-east-1", endpoint: undefined, forcePathStyle: false, credentials: undefined } },
    ],
    [
      {
        STORAGE: "s3",
        S3_BUCKET: "contracts",
        S3_ENDPOINT: "http://minio:9000",
        S3_REGION: "eu-west-1",
        S3_FORCE_PATH_STYLE: "true",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
      },
      {
        storage: {
          kind: "s3",
          bucket: "contracts",
          region: "eu-west-1",
          endpoint: "http://minio:9000",
          forcePathStyle: true,
          credentials: { accessKeyId: "key", secretAccessKey: "secret" },
        },
      },
    ],
    [{}, { llm: undefined }],
    [
      { LLM_PROVIDER: "openai-compatible", LLM_MODEL: "llama3.1", LLM_BASE_URL: "http://localhost:11434/v1" },
      { llm: { provider: "openai-compatible", model: "llama3.1", baseUrl: "http://localhost:11434/v1", apiKey: undefined, timeoutMs: 60000 } },
    ],
    [
      { LLM_PROVIDER: "anthropic", LLM_MODEL: "claude-sonnet-4-5", LLM_API_KEY: "sk", LLM_TIMEOUT_MS: "20000" },
      { llm: expect.objectContaining({ provider: "anthropic", apiKey: "sk", timeoutMs: 20000 }) },
    ],
    [{}, { embeddings: undefined }],
    [
      { EMBEDDINGS_PROVIDER: "openai-compatible", EMBEDDINGS_MODEL: "nomic-embed-text", EMBEDDINGS_BASE_URL: "http://localhost:11434/v1" },
      { embeddings: { provider: "openai-compatible", model: "nomic-embed-text", baseUrl: "http://localhost:11434/v1", apiKey: undefined, timeoutMs: 30000 } },
    ],
    [
      { EMBEDDINGS_PROVIDER: "openai", EMBEDDINGS_MODEL: "text-embedding-3-small", EMBEDDINGS_API_KEY: "sk" },
      { embeddings: expect.objectContaining({ provider: "openai", apiKey: "sk" }) },
    ],
    [{}, { billing: { mode: "local" } }],
    [
      {
        BILLING: "off",
        STRIPE_SECRET_KEY: "sk_live",
        STRIPE_WEBHOOK_SECRET: "whsec",
        STRIPE_PRICE_BASIC: "b",
        STRIPE_PRICE_PRO: "p",
        STRIPE_PRICE_CREDIT: "c",
      },
      { billing: { mode: "off" } },
    ],
    [
      {
        STRIPE_SECRET_KEY: "sk_live",
        STRIPE_WEBHOOK_SECRET: "whsec",
        STRIPE_PRICE_BASIC: "price_b",
        STRIPE_PRICE_PRO: "price_p",
        STRIPE_PRICE_CREDIT: "price_c",
      },
      {
        billing: {
          mode: "stripe",
          stripe: { secretKey: "sk_live", webhookSecret: "whsec", prices: { basic: "price_b", pro: "price_p", credit: "price_c" }, apiUrl: undefined },
        },
      },
    ],
  ])("reads %j", (source, expected) => {
    expect(loadEnv(source)).toMatchObject(expected);
  });

  it.each([
    [{ PORT: "eighty" }, ["PORT"]],
    [{ PORT: "70000" }, ["PORT"]],
    [{ DATABASE_URL: "mysql://x", AUTH_SECRET: "x".repeat(32), AUDIT_SECRET: "y".repeat(32) }, ["DATABASE_URL"]],
    [{ DATABASE_URL: "postgres://db/cw" }, ["AUTH_SECRET", "AUDIT_SECRET"]],
    [{ DATABASE_URL: "postgres://db/cw", AUTH_SECRET: "x".repeat(32) }, ["AUDIT_SECRET"]],
    [{ AUDIT_SECRET: "short" }, ["AUDIT_SECRET"]],
    [{ AUTH_SECRET: "short" }, ["AUTH_SECRET"]],
    [{ GOOGLE_CLIENT_ID: "id" }, ["GOOGLE_CLIENT_SECRET"]],
    [{ MICROSOFT_CLIENT_SECRET: "secret" }, ["MICROSOFT_CLIENT_SECRET"]],
    [{ MICROSOFT_DISCOVERY_URL: "https://login.microsoftonline.com/organizations/v2.0/.well-known/openid-configuration" }, ["MICROSOFT_DISCOVERY_URL"]],
    [{ MICROSOFT_AUTHORITY: "login.microsoftonline.com" }, ["MICROSOFT_AUTHORITY"]],
    [{ TRIAL_DAYS: "-1" }, ["TRIAL_DAYS"]],
    [{ ORGANIZATION_MONTHLY_CREDITS: "a few" }, ["ORGANIZATION_MONTHLY_CREDITS"]],
    [{ SALES_BOOKING_URL: "cal.example" }, ["SALES_BOOKING_URL"]],
    [{ PLATFORM_OWNER_EMAILS: "owner@clinic.com,not-an-email" }, ["PLATFORM_OWNER_EMAILS"]],
    [{ SMTP_URL: "http://mail" }, ["SMTP_URL"]],
    [{ SMTP_TIMEOUT_MS: "0" }, ["SMTP_TIMEOUT_MS"]],
    [{ JOB_LEASE_SECONDS: "1" }, ["JOB_LEASE_SECONDS"]],
    [{ TRUST_PROXY: "maybe" }, ["TRUST_PROXY"]],
    [{ AUTH_RATE_LIMIT_PER_MINUTE: "0" }, ["AUTH_RATE_LIMIT_PER_MINUTE"]],
    [{ SUPPORT_EMAIL: "not-an-email" }, ["SUPPORT_EMAIL"]],
    [{ LOG_LEVEL: "loud" }, ["LOG_LEVEL"]],
    [{ LOG_FORMAT: "pretty" }, ["LOG_FORMAT"]],
    [{ PUBLIC_URL: "localhost" }, ["PUBLIC_URL"]],
    [{ STORAGE: "s3" }, ["S3_BUCKET"]],
    [{ STORAGE: "disk" }, ["STORAGE"]],
    [{ S3_BUCKET: "contracts" }, ["STORAGE"]],
    [{ STORAGE: "s3", S3_BUCKET: "contracts", S3_ACCESS_KEY_ID: "key" }, ["S3_SECRET_ACCESS_KEY"]],
    [{ STORAGE: "s3", S3_BUCKET: "contracts", S3_ENDPOINT: "minio:9000" }, ["S3_ENDPOINT"]],
    [{ STORAGE: "s3", S3_BUCKET: "contracts", S3_FORCE_PATH_STYLE: "yes please" }, ["S3_FORCE_PATH_STYLE"]],
    [{ LLM_PROVIDER: "gpt" }, ["LLM_PROVIDER"]],
    [{ LLM_PROVIDER: "openai", LLM_API_KEY: "sk" }, ["LLM_MODEL"]],
    [{ LLM_PROVIDER: "openai-compatible", LLM_MODEL: "m" }, ["LLM_BASE_URL"]],
    [{ LLM_PROVIDER: "openai", LLM_MODEL: "m" }, ["LLM_API_KEY"]],
    [{ EMBEDDINGS_PROVIDER: "cohere" }, ["EMBEDDINGS_PROVIDER"]],
    [{ EMBEDDINGS_PROVIDER: "openai", EMBEDDINGS_API_KEY: "sk" }, ["EMBEDDINGS_MODEL"]],
    [{ EMBEDDINGS_PROVIDER: "openai-compatible", EMBEDDINGS_MODEL: "m" }, ["EMBEDDINGS_BASE_URL"]],
    [{ EMBEDDINGS_PROVIDER: "openai", EMBEDDINGS_MODEL: "m" }, ["EMBEDDINGS_API_KEY"]],
    [{ EMBEDDINGS_PROVIDER: "openai-compatible", EMBEDDINGS_MODEL: "m", EMBEDDINGS_BASE_URL: "ftp://x" }, ["EMBEDDINGS_BASE_URL"]],
    [{ LLM_PROVIDER: "openai-compatible", LLM_MODEL: "m", LLM_BASE_URL: "http://x", LLM_TIMEOUT_MS: "5" }, ["LLM_TIMEOUT_MS"]],
    [{ BILLING: "maybe" }, ["BILLING"]],
    [{ STRIPE_SECRET_KEY: "sk_live", STRIPE_PRICE_PRO: "p" }, ["STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_BASIC", "STRIPE_PRICE_CREDIT"]],
  ])("refuses %j", (source, names) => {
    expect(problemsOf(source).map((problem) => problem.split(/[.:]/)[0])).toEqual(names);
  });

  it("says why S3 storage needs a bucket", () => {
    expect(problemsOf({ STORAGE: "s3" })).toEqual(["S3_BUCKET: is required with STORAGE=s3: the bucket that holds uploaded files"]);
  });

  it("lists every problem in one message", () => {
    const source = { PORT: "x", DATABASE_URL: "mysql://x", PRIVACY_EMAIL: "nope", AUTH_SECRET: "x".repeat(40), AUDIT_SECRET: "y".repeat(40) };
    expect(problemsOf(source)).toHaveLength(3);
    expect(() => loadEnv(source)).toThrow(/Invalid configuration:\n {2}- PORT: .*\n {2}- DATABASE_URL: .*\n {2}- PRIVACY_EMAIL: /);
  });
});
