import { describe, expect, it } from "vitest";
import {
  activeSince,
  formatAdminSize,
  isActiveUser,
  jobTypeLabel,
  jobsCreatedSince,
  latestActivity,
  trialExpiryWindow,
  trialStateOf,
  vectorsMetric,
  type JobAgeFilter,
  type TrialState,
} from "./admin";
import { check } from "./contracts/check";
import { banUserRequestSchema, createOrganizationRequestSchema, jobListQuerySchema, userListQuerySchema } from "./contracts/admin";
import type { OrganizationStatus } from "./organizations";

const NOW = new Date("2026-11-30T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

describe("active means signed in within 30 days", () => {
  it.each<[string, Date | string | null, boolean]>([
    ["signed in just now", NOW, true],
    ["29 days ago", at(-29 * DAY), true],
    ["exactly 30 days ago", at(-30 * DAY), true],
    ["30 days and a second ago", at(-30 * DAY - 1000), false],
    ["a year ago", at(-365 * DAY), false],
    ["never", null, false],
    ["as an ISO string", at(-DAY).toISOString(), true],
  ])("%s: %s", (_label, lastSignInAt, expected) => {
    expect(isActiveUser(lastSignInAt, NOW)).toBe(expected);
  });

  it("starts the window 30 days before now", () => {
    expect(activeSince(NOW).toISOString()).toBe("2026-10-31T12:00:00.000Z");
  });
});

describe("trials: running, expiring within 7 days, expired", () => {
  it.each<[string, OrganizationStatus, Date | null, TrialState]>([
    ["ends in 30 days", "trial", at(30 * DAY), "running"],
    ["ends in 7 days and a second", "trial", at(7 * DAY + 1000), "running"],
    ["ends in exactly 7 days", "trial", at(7 * DAY), "expiring"],
    ["ends in an hour", "trial", at(3_600_000), "expiring"],
    ["ends now", "trial", NOW, "expired"],
    ["ended yesterday", "trial", at(-DAY), "expired"],
    ["enterprise", "enterprise", null, "none"],
    ["suspended with an old trial end", "suspended", at(3 * DAY), "none"],
  ])("%s", (_label, status, trialEndsAt, expected) => {
    expect(trialStateOf({ status, trialEndsAt }, NOW)).toBe(expected);
  });

  it("counts a trial as expiring from just after now up to 7 days on", () => {
    expect(trialExpiryWindow(NOW)).toEqual({ after: NOW, notAfter: at(7 * DAY) });
  });
});

describe("sizes in the console: MB with two decimals", () => {
  it.each<[number, string]>([
    [0, "0.00 MB"],
    [1, "0.00 MB"],
    [5_243, "0.01 MB"],
    [1_048_576, "1.00 MB"],
    [2_621_440, "2.50 MB"],
    [157_286_400, "150.00 MB"],
    [1_234_567, "1.18 MB"],
  ])("%i bytes is %s", (bytes, expected) => {
    expect(formatAdminSize(bytes)).toBe(expected);
  });
});

describe("the vectors metric", () => {
  it.each<[{ passages: number; embeddings: number }, { label: string; value: number }]>([
    [
      { passages: 120, embeddings: 0 },
      { label: "Total Passages", value: 120 },
    ],
    [
      { passages: 120, embeddings: 120 },
      { label: "Total Vectors", value: 120 },
    ],
    [
      { passages: 0, embeddings: 0 },
      { label: "Total Passages", value: 0 },
    ],
  ])("%o", (counts, expected) => {
    expect(vectorsMetric(counts)).toEqual(expected);
  });
});

describe("Recent Activity", () => {
  const item = (id: string, hoursAgo: number) => ({ id, at: at(-hoursAgo * 3_600_000).toISOString() });

  it("merges the kinds by time, newest first, keeping 8", () => {
    const signIns = [item("s1", 1), item("s2", 9), item("s3", 10)];
    const documents = [item("d1", 2), item("d2", 3), item("d3", 11)];
    const chats = [item("c1", 0.5), item("c2", 4), item("c3", 5)];
    const invitations = [item("i1", 6), item("i2", 7)];
    expect(latestActivity([signIns, documents, chats, invitations]).map((entry) => entry.id)).toEqual(["c1", "s1", "d1", "d2", "c2", "c3", "i1", "i2"]);
  });

  it("shows fewer when there are fewer", () => {
    expect(latestActivity([[item("s1", 1)], [], [], []])).toHaveLength(1);
  });
});

describe("the jobs list's age filter", () => {
  it.each<[JobAgeFilter, string | null]>([
    ["1h", "2026-11-30T11:00:00.000Z"],
    ["24h", "2026-11-29T12:00:00.000Z"],
    ["7d", "2026-11-23T12:00:00.000Z"],
    ["30d", "2026-10-31T12:00:00.000Z"],
    ["all", null],
  ])("%s", (age, expected) => {
    expect(jobsCreatedSince(age, NOW)?.toISOString() ?? null).toBe(expected);
  });
});

describe("console requests", () => {
  it.each<[string, unknown, string | undefined]>([
    [
      "a trial with a domain",
      { name: "Blue Valley", domain: " Blue-Valley.example ", plan: "trial", trialDays: 30, maxUsers: 10, storageLimitGb: 5 },
      undefined,
    ],
    ["enterprise without a domain", { name: "Blue Valley", domain: "", plan: "enterprise", maxUsers: 10, storageLimitGb: 5 }, undefined],
    ["no name", { name: " ", plan: "trial", maxUsers: 10, storageLimitGb: 5 }, "Enter the organization's name."],
    [
      "a domain that is not one",
      { name: "Blue Valley", domain: "not a domain", plan: "trial", maxUsers: 10, storageLimitGb: 5 },
      "Enter a domain such as clinic.example, or leave it empty.",
    ],
    ["a suspended start", { name: "Blue Valley", plan: "suspended", maxUsers: 10, storageLimitGb: 5 }, "Choose trial or enterprise."],
    [
      "a negative trial",
      { name: "Blue Valley", plan: "trial", trialDays: -1, maxUsers: 10, storageLimitGb: 5 },
      "Trial days must be a whole number from 0 to 3650.",
    ],
  ])("New Organization: %s", (_label, input, problem) => {
    const checked = check(createOrganizationRequestSchema, input);
    expect(checked.ok ? undefined : checked.problem).toBe(problem);
  });

  it("needs a reason to disable an account", () => {
    expect(check(banUserRequestSchema, { reason: "   " })).toEqual({ ok: false, problem: "Please give a reason." });
    expect(check(banUserRequestSchema, { reason: " Shared account " })).toEqual({ ok: true, value: { reason: "Shared account" } });
  });

  it("reads list filters from the query string, with defaults", () => {
    expect(check(userListQuerySchema, {})).toEqual({ ok: true, value: { offset: 0, status: "all" } });
    expect(check(jobListQuerySchema, { offset: "100", status: "failed" })).toEqual({ ok: true, value: { offset: 100, status: "failed", age: "all" } });
    expect(check(jobListQuerySchema, { offset: "-1" }).ok).toBe(false);
    expect(check(jobListQuerySchema, { organizationId: "nope" })).toEqual({ ok: false, problem: "No such organization." });
  });
});

describe("jobTypeLabel", () => {
  it.each([
    ["fact-sheet.build", "Build fact sheet"],
    ["jobs.delete-finished", "Delete finished jobs"],
    ["document.process", "Process document"],
    ["a-newer-worker.type", "a-newer-worker.type"],
    ["toString", "toString"],
  ])("%s reads %s", (type, label) => {
    expect(jobTypeLabel(type)).toBe(label);
  });
});
