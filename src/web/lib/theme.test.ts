import { describe, expect, it } from "vitest";
import { readStoredTheme, resolveTheme } from "./theme";

function storageWith(value: string | null | Error): Pick<Storage, "getItem"> {
  return {
    getItem: () => {
      if (value instanceof Error) throw value;
      return value;
    },
  };
}

describe("readStoredTheme", () => {
  it.each([
    ["light", "light"],
    ["dark", "dark"],
    ["system", "system"],
    [null, "system"],
    ["purple", "system"],
    ["", "system"],
    [new Error("storage disabled"), "system"],
  ] as const)("stored %s reads as %s", (stored, expected) => {
    expect(readStoredTheme(storageWith(stored))).toBe(expected);
  });
});

describe("resolveTheme", () => {
  it.each([
    ["light", false, "light"],
    ["light", true, "light"],
    ["dark", false, "dark"],
    ["dark", true, "dark"],
    ["system", false, "light"],
    ["system", true, "dark"],
  ] as const)("%s with device dark=%s is %s", (choice, prefersDark, expected) => {
    expect(resolveTheme(choice, prefersDark)).toBe(expected);
  });
});
