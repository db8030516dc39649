import { mkdtempSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveAuthSecret } from "./auth-secret";

const freshDir = () => path.join(mkdtempSync(path.join(os.tmpdir(), "cw-secret-")), "data");

describe("resolveAuthSecret", () => {
  it("uses AUTH_SECRET when configured", () => {
    expect(resolveAuthSecret("configured-secret-of-enough-length!", freshDir())).toBe("configured-secret-of-enough-length!");
  });

  it("otherwise makes one key, keeps it private in DATA_DIR, and returns the same key after a restart", () => {
    const dir = freshDir();
    const first = resolveAuthSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret(undefined, dir)).toBe(first);
    expect(statSync(path.join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret(undefined, freshDir())).not.toBe(first);
  });
});
