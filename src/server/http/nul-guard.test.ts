import { describe, expect, it } from "vitest";
import { findBodyProblem, MAX_JSON_DEPTH } from "./nul-guard";

const nestedArrays = (levels: number, inner: unknown = "x"): unknown => {
  let value = inner;
  for (let level = 0; level < levels; level += 1) value = [value];
  return value;
};

describe("findBodyProblem", () => {
  it.each<[string, unknown, ReturnType<typeof findBodyProblem>]>([
    ["plain text", "hello", undefined],
    ["a flat object", { email: "a@b.example", password: "x" }, undefined],
    ["NUL in a string", { message: "a\0b" }, "nul"],
    ["NUL in a key", { ["a\0"]: 1 }, "nul"],
    ["NUL deep in arrays", nestedArrays(MAX_JSON_DEPTH - 1, "a\0"), "nul"],
    ["nesting at the limit", nestedArrays(MAX_JSON_DEPTH), undefined],
    ["nesting one past the limit", nestedArrays(MAX_JSON_DEPTH + 1), "too_deep"],
    ["nesting 200,000 levels", nestedArrays(200_000), "too_deep"],
    ["objects nested past the limit", JSON.parse(`${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${"}".repeat(MAX_JSON_DEPTH + 1)}`), "too_deep"],
    ["numbers, null and booleans", [1, null, true, { n: 2 }], undefined],
  ])("%s", (_case, value, expected) => {
    expect(findBodyProblem(value)).toBe(expected);
  });
});
