import { readlinkSync } from "node:fs";
import os from "node:os";

/**
 * Document processing yields the CPU to people's requests: its extraction threads and OCR
 * processes run at this niceness (0 is normal, 19 yields most). On a busy machine a chat answer
 * then waits for a scan's pages far less; with the CPU free, processing runs as fast as before.
 */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers a process's CPU priority to BACKGROUND_NICENESS, or the calling thread's when given its
 * thread id (on Linux a thread has a niceness of its own); never raises it. Whether it could: a system that refuses (another platform,
 * a sandbox) leaves the work at normal priority, which is only slower under load, never wrong.
 */
export function runInBackground(processOrThreadId: number | undefined): boolean {
  if (processOrThreadId === undefined) return false;
  try {
    // Only ever lower: a server already started at a lower priority keeps it.
    if (os.getPriority(processOrThreadId) < BACKGROUND_NICENESS) os.setPriority(processOrThreadId, BACKGROUND_NICENESS);
    return true;
  } catch {
    return false;
  }
}

/** The calling thread's id on Linux (`/proc/thread-self`); undefined elsewhere. */
export function currentThreadId(): number | undefined {
  try {
    return Number(readlinkSync("/proc/thread-self").split("/").at(-1));
  } catch {
    return undefined;
  }
}
