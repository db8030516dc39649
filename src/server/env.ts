import path from "node:path";
import { z } from "zod";
import packageJson from "../../package.json" with { type: "json" };

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
    COMPANY_NAME: z.string().min(1).default("Clausewise, Inc."),
    PRODUCT_NAME: z.string().min(1).default("Clausewise"),
    SUPPORT_EMAIL: z.email().default("support@clausewise.example"),
    PRIVACY_EMAIL: z.email().default("privacy@clausewise.example"),
    SALES_EMAIL: z.email().default("sales@clausewise.example"),
  })
  .transform((raw) => ({
    port: raw.PORT,
    host: raw.HOST,
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ""),
    dataDir: path.resolve(raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL,
    logLevel: raw.LOG_LEVEL,
    site: {
      companyName: raw.COMPANY_NAME,
      productName: raw.PRODUCT_NAME,
      supportEmail: raw.SUPPORT_EMAIL,
      privacyEmail: raw.PRIVACY_EMAIL,
      salesEmail: raw.SALES_EMAIL,
    },
    version: packageJson.version,
  }));

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
