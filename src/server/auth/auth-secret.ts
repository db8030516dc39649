import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The key that signs session cookies. AUTH_SECRET when set; otherwise (embedded mode only, where
 * env.ts allows it) a random key made once and kept in DATA_DIR, so sessions survive restarts.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  return resolveDataDirSecret(configured, dataDir, "auth-secret");
}

/** The key of the audit log's chains and checkpoints: AUDIT_SECRET, or (embedded only) one made once in DATA_DIR/audit-secret. */
export function resolveAuditSecret(configured: string | undefined, dataDir: string): string {
  return resolveDataDirSecret(configured, dataDir, "audit-secret");
}

/**
 * A secret of the deployment: the configured one, or (embedded mode only, where env.ts allows it)
 * a random one made once and kept in DATA_DIR/`fileName`, readable by its owner only.
 */
export function resolveDataDirSecret(configured: string | undefined, dataDir: string, fileName: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, fileName);
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}
