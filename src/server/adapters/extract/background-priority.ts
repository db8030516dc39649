import os from "node:os";

/**
 * Document processing yields the CPU to people's requests: its document readers and OCR
 * processes run at this niceness (0 is normal, 19 yields most). On a busy machine a chat answer
 * then waits for a scan's pages far less; with the CPU free, processing runs as fast as before.
 */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers a process's CPU priority to BACKGROUND_NICENESS; never raises it. Whether it could: a
 * system that refuses (another platform, a sandbox) leaves the work at normal priority, which is
 * only slower under load, never wrong.
 */
export function runInBackground(processId: number | undefined): boolean {
  if (processId === undefined) return false;
  try {
    // Only ever lower: a server already started at a lower priority keeps it.
    if (os.getPriority(processId) < BACKGROUND_NICENESS) os.setPriority(processId, BACKGROUND_NICENESS);
    return true;
  } catch {
    return false;
  }
}
