import { describe, expect, it } from "vitest";
import { invitationCodeHash, invitationTokenHash, isInvitationCode, newInvitationSecrets } from "./invitation-secrets";

const secret = "s".repeat(40);

describe("invitation secrets", () => {
  it("makes a 256-bit link token and a 6-digit code, fresh each time", () => {
    const first = newInvitationSecrets();
    const second = newInvitationSecrets();
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.code).toMatch(/^\d{6}$/);
    expect(second.token).not.toBe(first.token);
  });

  it("looks tokens up by a hash that does not contain them", () => {
    const { token } = newInvitationSecrets();
    expect(invitationTokenHash(token)).toBe(invitationTokenHash(token));
    expect(invitationTokenHash(token)).not.toContain(token);
  });

  it("checks a code only against its own invitation, under the server's secret", () => {
    const invitation = { id: "invitation-1", codeHash: invitationCodeHash(secret, "invitation-1", "123456") };
    expect(isInvitationCode(secret, invitation, "123456")).toBe(true);
    expect(isInvitationCode(secret, invitation, "123457")).toBe(false);
    expect(isInvitationCode(secret, { ...invitation, id: "invitation-2" }, "123456")).toBe(false);
    expect(isInvitationCode("t".repeat(40), invitation, "123456")).toBe(false);
  });
});
