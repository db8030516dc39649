import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "./data-dir-lock";

const held: DataDirLock[] = [];
afterEach(() => held.splice(0).forEach((lock) => lock.release()));

function freshDir(): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), "cw-lock-")), "data");
}

function lock(dir: string): DataDirLock {
  const acquired = acquireDataDirLock(dir);
  held.push(acquired);
  return acquired;
}

function deadPid(): number {
  return Number(spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString());
}

describe("acquireDataDirLock", () => {
  it("creates the directory and the lock file", () => {
    const dir = freshDir();
    lock(dir);
    expect(existsSync(path.join(dir, ".lock"))).toBe(true);
  });

  it("refuses a second holder while the first is alive, naming the directory and the way out", () => {
    const dir = freshDir();
    lock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/already using DATA_DIR .*DATABASE_URL/s);
  });

  it("can be taken again once released", () => {
    const dir = freshDir();
    lock(dir).release();
    expect(() => lock(dir)).not.toThrow();
  });

  it.each([
    ["a process that has exited", () => JSON.stringify({ pid: deadPid(), host: os.hostname() })],
    ["an unreadable lock file", () => "{not json"],
  ])("takes over a lock left by %s", (_, content) => {
    const dir = freshDir();
    lock(dir).release();
    writeFileSync(path.join(dir, ".lock"), content());
    expect(() => lock(dir)).not.toThrow();
  });
});
