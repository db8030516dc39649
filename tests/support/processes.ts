import { readdirSync, readFileSync } from "node:fs";

/** The running processes whose parent is `parentPid` (Linux: the parent's pid in /proc/<pid>/stat), whichever of its threads started them. */
export function childProcesses(parentPid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The second field after the command (in parentheses, which may hold spaces) is the parent's pid.
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parentPid;
      } catch {
        return false;
      }
    })
    .map(Number);
}
