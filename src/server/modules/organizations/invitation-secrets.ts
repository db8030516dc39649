import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/**
 * An invitation's two secrets: the link's token and the 6-digit code, made fresh on every send.
 * The token is 256 random bits, so a plain SHA-256 of it is enough to look it up by; a code has a
 * million values, so it is kept as an HMAC under the server's secret (a plain hash would be
 * reversed by trying them all) and bound to its invitation.
 */
export function newInvitationSecrets(): { token: string; code: string } {
  return { token: randomBytes(32).toString("base64url"), code: String(randomInt(0, 1_000_000)).padStart(6, "0") };
}

export function invitationTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function invitationCodeHash(secret: string, invitationId: string, code: string): string {
  return createHmac("sha256", secret).update(`${invitationId}:${code}`).digest("base64url");
}

export function isInvitationCode(secret: string, invitation: { id: string; codeHash: string }, code: string): boolean {
  const expected = Buffer.from(invitation.codeHash);
  const given = Buffer.from(invitationCodeHash(secret, invitation.id, code));
  return expected.length === given.length && timingSafeEqual(expected, given);
}
