import { describe, expect, it } from "vitest";
import { cleanAuditText, redactAuditDetails } from "./redaction";

describe("redactAuditDetails", () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, string[]]>([
    ["allowed keys are kept", { role: "org_admin", previousRole: "org_user" }, { role: "org_admin", previousRole: "org_user" }, []],
    ["a password is dropped", { password: "correct-horse-42", method: "password" }, { method: "password" }, ["password"]],
    ["codes, tokens and secrets are dropped", { code: "123456", token: "abc", otp: "1", secret: "s" }, {}, ["code", "token", "otp", "secret"]],
    ["chat and contract text are dropped", { question: "What is the timely filing limit?", answer: "90 days", text: "…" }, {}, ["question", "answer", "text"]],
    ["nested objects are dropped, even under an allowed key", { filters: { action: "x" } }, {}, ["filters"]],
    ["long text is cut to 256 characters", { reason: "x".repeat(300) }, { reason: `${"x".repeat(255)}…` }, []],
    ["lists keep their texts and numbers as text", { fields: ["name", 3, { a: 1 }] }, { fields: ["name", "3"] }, []],
    ["dates become ISO text", { trialEndsAt: new Date(Date.UTC(2026, 0, 2)) }, { trialEndsAt: "2026-01-02T00:00:00.000Z" }, []],
    ["undefined is left out silently", { role: undefined }, {}, []],
    ["numbers that are not finite are dropped", { credits: Number.NaN }, {}, ["credits"]],
    ["NUL, which the database refuses, is replaced", { path: "/api/documents/\u0000x" }, { path: "/api/documents/\uFFFDx" }, []],
    ["NUL in a list too", { fields: ["a\u0000", "b"] }, { fields: ["a\uFFFD", "b"] }, []],
  ])("%s", (_name, input, details, dropped) => {
    expect(redactAuditDetails(input)).toEqual({ details, dropped });
  });
});

describe("cleanAuditText", () => {
  it.each<[string | null, string | null]>([
    ["plain text", "plain text"],
    ["\u0000", "\uFFFD"],
    ["a\u0000b\u0000", "a\uFFFDb\uFFFD"],
    ["tabs\tand\nnewlines stay", "tabs\tand\nnewlines stay"],
    [null, null],
  ])("%j → %j", (text, cleaned) => {
    expect(cleanAuditText(text)).toBe(cleaned);
  });
});
