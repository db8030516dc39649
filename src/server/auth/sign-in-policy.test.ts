import { describe, expect, it } from "vitest";
import { signInMethodOf } from "./sign-in-policy";

describe("signInMethodOf", () => {
  it.each([
    [{}, { path: "/sign-in/email" }, "password"],
    [{}, { path: "/sign-in/email-otp" }, "code"],
    [{}, { path: "/email-otp/verify-email" }, "code"],
    [{}, { path: "/callback/:id", params: { id: "microsoft" } }, "microsoft"],
    [{}, { path: "/callback/:id", params: { id: "google" } }, "google"],
    [{}, { path: "/oauth2/callback/:providerId", params: { providerId: "google" } }, "google"],
    [{}, { path: "/sign-in/social", body: { provider: "microsoft", idToken: { token: "…" } } }, "microsoft"],
    [{}, { path: "/sign-in/social", body: { provider: "github" } }, "code"],
    [{ signInMethod: "invitation_password" }, { path: "virtual:" }, "invitation_password"],
    [{ signInMethod: "invitation_code" }, null, "invitation_code"],
    [{ signInMethod: "made-up" }, { path: "/sign-in/email" }, "password"],
    [{}, undefined, "code"],
  ])("a session %j made at %j was made by %s", (session, context, expected) => {
    expect(signInMethodOf(session, context)).toBe(expected);
  });
});
