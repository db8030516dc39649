export interface CountedReport {
  kind: "vitest" | "playwright";
  passed: number;
  failed: number;
  notes: string[];
}

export function countReport(report: unknown): CountedReport | null;
