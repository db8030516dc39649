#!/usr/bin/env node
// Sums Vitest and Playwright JSON reports into CI's closing line.
//
//   node scripts/ci/count-results.mjs <report.json>... [--failed-step=NAME]... [--step-exit=NAME:CODE:report,report]...
//
// - Vitest report (has numTotalTests): passed = numPassedTests; failed = numFailedTests
//   + numPendingTests + numTodoTests (skipped/todo tests are not allowed in this project)
//   + 1 per test file that failed without a failed test (e.g. it threw while loading).
// - Playwright report (has stats.expected): passed = expected + flaky; failed = unexpected
//   + skipped + 1 per top-level error (global setup, web server, a file that did not load…).
// - A report that is missing, unparsable or of an unknown format counts as 1 failed.
// - --failed-step=NAME adds 1 failed (e.g. lint, typecheck).
// - --step-exit=NAME:CODE:r1,r2 adds 1 failed when CODE is not 0 but the listed reports
//   count no failure (a runner that exited non-zero for a reason its report does not show,
//   e.g. an unhandled error outside any test).
//
// Prints exactly one line to stdout, `tests: N passed, M failed`; details go to stderr.
// Exits 0 when M is 0, 1 otherwise.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const num = (v) => (typeof v === "number" && Number.isFinite(v) && v > 0 ? Math.trunc(v) : 0);
const warn = (msg) => process.stderr.write(`[count-results] ${msg}\n`);
// CI shows the end of the log: the failed tests are named there, with their error's first line.
const NAMED_FAILURES_AT_MOST = 20;
const ANSI_ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const firstLine = (text) =>
  String(text ?? "")
    .replace(ANSI_ESCAPE, "")
    .trim()
    .split("\n")[0]
    .slice(0, 240);
function failureNote(name, error) {
  const reason = firstLine(error);
  return `failed: ${name}${reason ? ` (${reason})` : ""}`;
}

function vitestFailures(report) {
  const failures = [];
  for (const file of Array.isArray(report.testResults) ? report.testResults : []) {
    for (const test of Array.isArray(file?.assertionResults) ? file.assertionResults : []) {
      if (test?.status !== "failed") continue;
      const failureMessages = Array.isArray(test.failureMessages) ? test.failureMessages : [];
      failures.push(failureNote(`${file.name ?? "?"} > ${test.fullName ?? test.title ?? "?"}`, failureMessages[0]));
    }
  }
  return failures;
}

function playwrightFailures(suites, titles = []) {
  const failures = [];
  for (const suite of Array.isArray(suites) ? suites : []) {
    const suiteTitles = suite?.title && !String(suite.title).endsWith(".ts") ? [...titles, suite.title] : titles;
    for (const spec of Array.isArray(suite?.specs) ? suite.specs : []) {
      for (const test of Array.isArray(spec?.tests) ? spec.tests : []) {
        if (test?.status !== "unexpected") continue;
        const results = Array.isArray(test.results) ? test.results : [];
        const name = [`${spec.file ?? "?"}:${spec.line ?? "?"} [${test.projectName ?? "?"}]`, ...suiteTitles, spec.title];
        failures.push(failureNote(name.join(" > "), results.at(-1)?.error?.message));
      }
    }
    failures.push(...playwrightFailures(suite?.suites, suiteTitles));
  }
  return failures;
}

const namedFailures = (failures) =>
  failures.length > NAMED_FAILURES_AT_MOST
    ? [...failures.slice(0, NAMED_FAILURES_AT_MOST), `…and ${failures.length - NAMED_FAILURES_AT_MOST} more failed`]
    : failures;

/** @returns {{passed: number, failed: number, kind: string, notes: string[]}} */
export function countReport(report) {
  if (report && typeof report === "object" && typeof report.numTotalTests === "number") {
    const notes = [];
    let failed = num(report.numFailedTests);
    const pending = num(report.numPendingTests);
    const todo = num(report.numTodoTests);
    if (pending) notes.push(`${pending} skipped/pending test(s) counted as failed`);
    if (todo) notes.push(`${todo} todo test(s) counted as failed`);
    failed += pending + todo;
    for (const file of Array.isArray(report.testResults) ? report.testResults : []) {
      const assertions = Array.isArray(file?.assertionResults) ? file.assertionResults : [];
      if (file?.status === "failed" && !assertions.some((a) => a?.status === "failed")) {
        failed += 1;
        const msg = String(file.message ?? "").split("\n")[0];
        notes.push(`test file failed outside any test: ${file.name ?? "?"}${msg ? ` (${msg})` : ""}`);
      }
    }
    if (num(report.numTotalTests) === 0) notes.push("report contains no test");
    notes.push(...namedFailures(vitestFailures(report)));
    return { kind: "vitest", passed: num(report.numPassedTests), failed, notes };
  }
  if (report && typeof report === "object" && report.stats && typeof report.stats.expected === "number") {
    const s = report.stats;
    const notes = [];
    const errors = Array.isArray(report.errors) ? report.errors : [];
    if (num(s.skipped)) notes.push(`${num(s.skipped)} skipped test(s) counted as failed`);
    if (num(s.flaky)) notes.push(`${num(s.flaky)} flaky test(s) counted as passed`);
    for (const e of errors) {
      notes.push(`error outside tests: ${String(e?.message ?? e?.value ?? "unknown error").split("\n")[0]}`);
    }
    const passed = num(s.expected) + num(s.flaky);
    const failed = num(s.unexpected) + num(s.skipped) + errors.length;
    if (passed + failed === 0) notes.push("report contains no test");
    notes.push(...namedFailures(playwrightFailures(report.suites)));
    return { kind: "playwright", passed, failed, notes };
  }
  return null;
}

function countFile(path) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    warn(`WARNING: ${path}: cannot read report (${err.code ?? err.message}); counted as 1 failed`);
    return { passed: 0, failed: 1 };
  }
  let report;
  try {
    report = JSON.parse(text);
  } catch (err) {
    warn(`WARNING: ${path}: not valid JSON (${err.message}); counted as 1 failed`);
    return { passed: 0, failed: 1 };
  }
  const result = countReport(report);
  if (!result) {
    warn(`WARNING: ${path}: neither a Vitest nor a Playwright JSON report; counted as 1 failed`);
    return { passed: 0, failed: 1 };
  }
  warn(`${path} (${result.kind}): ${result.passed} passed, ${result.failed} failed`);
  for (const note of result.notes) warn(`  ${path}: ${note}`);
  return result;
}

function main(argv) {
  let passed = 0;
  let failed = 0;
  const perReport = new Map();
  const stepExits = [];
  const failedSteps = [];
  const reports = [];
  for (const arg of argv) {
    if (arg.startsWith("--failed-step=")) failedSteps.push(arg.slice("--failed-step=".length) || "?");
    else if (arg.startsWith("--step-exit=")) stepExits.push(arg.slice("--step-exit=".length));
    else if (arg.startsWith("--")) {
      warn(`WARNING: unknown option ${arg}; counted as 1 failed`);
      failed += 1;
    } else reports.push(arg);
  }
  if (reports.length === 0 && failedSteps.length === 0 && stepExits.length === 0) {
    warn("usage: count-results.mjs <report.json>... [--failed-step=NAME]... [--step-exit=NAME:CODE:r1,r2]...");
  }
  for (const path of reports) {
    const r = countFile(path);
    perReport.set(path, r);
    passed += r.passed;
    failed += r.failed;
  }
  for (const name of failedSteps) {
    warn(`step failed: ${name}; counted as 1 failed`);
    failed += 1;
  }
  for (const spec of stepExits) {
    // NAME:CODE:r1,r2 (the report list may be empty; report paths may contain ':')
    const [name, code, ...rest] = spec.split(":");
    const list = rest.join(":");
    const exitCode = code === undefined || code === "" ? NaN : Number(code);
    if (!name || !Number.isInteger(exitCode)) {
      warn(`WARNING: malformed --step-exit=${spec}; counted as 1 failed`);
      failed += 1;
      continue;
    }
    if (exitCode === 0) continue;
    const covered = list.split(",").filter(Boolean);
    const coveredFailures = covered.reduce((sum, p) => sum + (perReport.get(p)?.failed ?? 0), 0);
    if (coveredFailures === 0) {
      warn(`step ${name} exited ${exitCode} but its reports show no failure; counted as 1 failed`);
      failed += 1;
    }
  }
  process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
