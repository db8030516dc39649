import { APIError } from "better-auth/api";
import { describe, expect, it } from "vitest";
import { returnPathOf } from "./two-factor";

const baseUrl = "http://localhost:3000/api/auth";
const redirectTo = (location: string) => new APIError("FOUND", undefined, { location });

describe("returnPathOf: where a provider's challenged sign-in goes on to after its code", () => {
  it.each([
    ["a path of this site", redirectTo("/app"), "/app"],
    ["an invitation's return, with its query", redirectTo("/auth/complete-invite?token=abc&completed=true"), "/auth/complete-invite?token=abc&completed=true"],
    ["this site's address written in full", redirectTo("http://localhost:3000/app/documents#top"), "/app/documents#top"],
    ["another site", redirectTo("https://elsewhere.example/app"), "/app"],
    ["a protocol-relative address", redirectTo("//elsewhere.example/app"), "/app"],
    ["no redirect at all", { ok: true }, "/app"],
  ])("%s", (_name, returned, expected) => {
    expect(returnPathOf(returned, baseUrl)).toBe(expected);
  });
});
