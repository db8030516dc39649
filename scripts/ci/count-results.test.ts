import { describe, expect, it } from "vitest";
import { countReport } from "./count-results.mjs";

const vitestReport = {
  numTotalTests: 3,
  numPassedTests: 2,
  numFailedTests: 1,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [
    {
      name: "tests/integration/uploads.test.ts",
      status: "failed",
      assertionResults: [
        { status: "passed", fullName: "uploads stores the file", failureMessages: [] },
        {
          status: "failed",
          fullName: "uploads refuses an empty file",
          failureMessages: ["\u001b[31mAssertionError: expected 201 to be 400\u001b[39m\n    at uploads.test.ts:12"],
        },
      ],
    },
  ],
};

const playwrightReport = {
  stats: { expected: 1, unexpected: 1, flaky: 0, skipped: 0 },
  errors: [],
  suites: [
    {
      title: "chat.spec.ts",
      specs: [],
      suites: [
        {
          title: "chat",
          specs: [
            {
              title: "answers a question",
              file: "chat.spec.ts",
              line: 40,
              tests: [
                { projectName: "desktop", status: "expected", results: [{}] },
                {
                  projectName: "phone",
                  status: "unexpected",
                  results: [{ error: { message: "Error: Timed out 5000ms waiting for expect(locator).toBeVisible()\nCall log:" } }],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe("CI's count of a report names each failed test with its error's first line", () => {
  it.each([
    {
      kind: "vitest",
      report: vitestReport,
      passed: 2,
      failed: 1,
      named: "failed: tests/integration/uploads.test.ts > uploads refuses an empty file (AssertionError: expected 201 to be 400)",
    },
    {
      kind: "playwright",
      report: playwrightReport,
      passed: 1,
      failed: 1,
      named: "failed: chat.spec.ts:40 [phone] > chat > answers a question (Error: Timed out 5000ms waiting for expect(locator).toBeVisible())",
    },
  ])("$kind", ({ kind, report, passed, failed, named }) => {
    const counted = countReport(report);
    expect(counted).toMatchObject({ kind, passed, failed });
    expect(counted?.notes.filter((note: string) => note.startsWith("failed:"))).toEqual([named]);
  });

  it("names twenty failures and says how many more there are", () => {
    const many = {
      ...vitestReport,
      numFailedTests: 25,
      testResults: [
        {
          name: "a.test.ts",
          status: "failed",
          assertionResults: Array.from({ length: 25 }, (_, i) => ({ status: "failed", fullName: `case ${i}`, failureMessages: [] })),
        },
      ],
    };
    const notes = countReport(many)?.notes ?? [];
    expect(notes.filter((note: string) => note.startsWith("failed:"))).toHaveLength(20);
    expect(notes.at(-1)).toBe("…and 5 more failed");
  });
});
