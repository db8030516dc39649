import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "./redirect-target";

describe("safeRedirectTarget", () => {
  it.each([
    ["/app/chat?session=1", "/app/chat?session=1"],
    ["/app", "/app"],
    [null, "/app"],
    ["", "/app"],
    ["https://evil.example.com", "/app"],
    ["//evil.example.com/app", "/app"],
    ["/\\evil.example.com", "/app"],
    ["javascript:alert(1)", "/app"],
  ])("%s → %s", (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });
});
