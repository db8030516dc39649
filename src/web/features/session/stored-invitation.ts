import { readStored, writeStored } from "../../lib/browser-storage";

/**
 * The invitation a visitor opened, kept in the browser while they sign in (spec section 4):
 * `invitation_token` from an invitation link, `custom_invitation_token` across a Microsoft
 * sign-in that returns through /auth/hash. The session owns them because every change of
 * session forgets the first.
 */
export const INVITATION_TOKEN_KEY = "invitation_token";
export const CUSTOM_INVITATION_TOKEN_KEY = "custom_invitation_token";

export function readInvitationToken(): string | null {
  return readStored("local", INVITATION_TOKEN_KEY);
}

export function rememberInvitationToken(token: string): void {
  writeStored("local", INVITATION_TOKEN_KEY, token);
}

export function readCustomInvitationToken(): string | null {
  return readStored("local", CUSTOM_INVITATION_TOKEN_KEY);
}

export function rememberCustomInvitationToken(token: string): void {
  writeStored("local", CUSTOM_INVITATION_TOKEN_KEY, token);
}

/** After an invitation is accepted: neither token is needed again. */
export function forgetInvitationTokens(): void {
  writeStored("local", INVITATION_TOKEN_KEY, null);
  writeStored("local", CUSTOM_INVITATION_TOKEN_KEY, null);
}

/** After a session change: the link's token belonged to whoever was (not) signed in before. */
export function forgetInvitationToken(): void {
  writeStored("local", INVITATION_TOKEN_KEY, null);
}
