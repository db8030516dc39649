import { describe, expect, it } from "vitest";
import { buildEmailLink, resolveEmailLink } from "./auth-links";

const origin = "https://app.example.com";
const hashOf = (link: string) => link.slice(link.indexOf("#"));

describe("email links", () => {
  it("builds /auth/open with the verify endpoint in the hash", () => {
    const link = buildEmailLink(origin, { type: "magic_link", email: "a+b@clinic.com", code: "123456" });
    expect(link.startsWith(`${origin}/auth/open#`)).toBe(true);
    expect(link).not.toContain("?");
  });

  it.each([
    ["magic_link", { kind: "follow" }],
    ["signup", { kind: "follow" }],
    ["email_change", { kind: "follow" }],
    ["recovery", { kind: "recovery", email: "a+b@clinic.com", code: "123456" }],
  ] as const)("a %s link resolves to %j", (type, expected) => {
    const link = buildEmailLink(origin, { type, email: "a+b@clinic.com", code: "123456" });
    expect(resolveEmailLink(hashOf(link), origin)).toMatchObject(expected);
  });

  it("follows exactly the endpoint it was given", () => {
    const link = buildEmailLink(origin, { type: "signup", email: "a@clinic.com", code: "654321" });
    expect(resolveEmailLink(hashOf(link), origin)).toEqual({
      kind: "follow",
      url: `${origin}/api/auth/email-link?type=signup&email=a%40clinic.com&code=654321`,
      type: "signup",
      email: "a@clinic.com",
      code: "654321",
    });
  });

  it.each([
    ["another origin", `#${encodeURIComponent("https://evil.example.com/api/auth/email-link?type=signup&email=a@b.co&code=123456")}`],
    ["another path", `#${encodeURIComponent(`${origin}/app?type=signup&email=a@b.co&code=123456`)}`],
    ["a javascript URL", `#${encodeURIComponent("javascript:alert(1)")}`],
    ["no hash", ""],
    ["garbage", "#%E0%A4%A"],
    ["an unknown type", `#${encodeURIComponent(`${origin}/api/auth/email-link?type=admin&email=a@b.co&code=123456`)}`],
    ["a malformed code", `#${encodeURIComponent(`${origin}/api/auth/email-link?type=signup&email=a@b.co&code=12ab56`)}`],
    ["no email", `#${encodeURIComponent(`${origin}/api/auth/email-link?type=signup&code=123456`)}`],
  ])("refuses %s", (_, hash) => {
    expect(resolveEmailLink(hash, origin)).toEqual({ kind: "bad_link" });
  });
});
