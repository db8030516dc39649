import { describe, expect, it } from "vitest";
import { initialsOf, resolveDisplayName } from "./display-name";
import { platformRoleFor } from "./platform-role";

describe("resolveDisplayName", () => {
  it.each([
    [{ profileName: "Dr. Ana Ruiz", accountName: "Ana", email: "ana@clinic.com" }, "Dr. Ana Ruiz"],
    [{ profileName: "  ", accountName: "Ana Ruiz", email: "ana@clinic.com" }, "Ana Ruiz"],
    [{ profileName: null, accountName: "", email: "ana.ruiz@clinic.com" }, "ana.ruiz"],
    [{ profileName: null, accountName: null, email: null }, "User"],
    [{}, "User"],
  ])("%j shows as %s", (person, expected) => {
    expect(resolveDisplayName(person)).toBe(expected);
  });
});

describe("initialsOf", () => {
  it.each([
    ["Ana Ruiz", "AR"],
    ["ana maria ruiz", "AM"],
    ["ana", "A"],
    ["  ana   ruiz ", "AR"],
    ["User", "U"],
  ])("%s → %s", (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});

describe("platformRoleFor", () => {
  it.each([
    [{ email: "Owner@Clinic.com", isFirstAccount: false }, ["owner@clinic.com"], "platform_owner"],
    [{ email: "staff@clinic.com", isFirstAccount: true }, ["owner@clinic.com"], "user"],
    [{ email: "first@clinic.com", isFirstAccount: true }, [], "platform_owner"],
    [{ email: "second@clinic.com", isFirstAccount: false }, [], "user"],
  ] as const)("%j with owners %j is %s", (account, owners, expected) => {
    expect(platformRoleFor(account, owners)).toBe(expected);
  });
});
