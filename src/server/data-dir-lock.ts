import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `Another Clausewise process (pid ${holderPid}) is already using DATA_DIR ${dataDir}. ` +
        "The embedded database allows one process per data directory: stop that process, " +
        "choose another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server between processes.",
    );
    this.name = "DataDirLockedError";
  }
}

export interface DataDirLock {
  release(): void;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockFile: string): { pid: number; host: string } | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockFile, "utf8")) as { pid?: unknown; host?: unknown };
    return typeof holder.pid === "number" && typeof holder.host === "string" ? { pid: holder.pid, host: holder.host } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Two PGlite processes on one directory silently lose writes, so the first process takes
 * DATA_DIR/.lock (created exclusively) and later ones refuse to start. A lock left by a
 * process that died is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, ".lock");
  const content = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, content, { flag: "wx" });
      return { release: () => releaseIfOwned(lockFile) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockFile);
      const isStale = !holder || (holder.host === os.hostname() && !isProcessAlive(holder.pid));
      if (!isStale) throw new DataDirLockedError(dataDir, holder.pid);
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${lockFile}`);
}

function releaseIfOwned(lockFile: string): void {
  if (readHolder(lockFile)?.pid === process.pid) rmSync(lockFile, { force: true });
}
