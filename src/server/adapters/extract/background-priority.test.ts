import { spawn } from "node:child_process";
import os from "node:os";
import { afterEach, expect, it } from "vitest";
import { BACKGROUND_NICENESS, runInBackground } from "./background-priority";

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

it("lowers a child process's CPU priority", () => {
  const own = os.getPriority();
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
  children.push(child);
  expect(runInBackground(child.pid)).toBe(true);
  expect(os.getPriority(child.pid)).toBe(Math.max(own, BACKGROUND_NICENESS));
  expect(os.getPriority()).toBe(own);
});

it("says so when it cannot, and changes nothing", () => {
  expect(runInBackground(undefined)).toBe(false);
  // No process has this id (pid_max is at most 2^22).
  expect(runInBackground(2 ** 30)).toBe(false);
});
