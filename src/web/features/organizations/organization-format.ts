import { BYTES_PER_GB } from "../../../shared/organizations";

/** Storage in GB with one decimal ("1.5 GB"), as the storage limit is set in GB. */
export function formatGigabytes(bytes: number): string {
  return `${(bytes / BYTES_PER_GB).toFixed(1)} GB`;
}

/** "1 member", "2 members". */
export function countOf(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
