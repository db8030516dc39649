import { AZURE_TENANT_NOT_ALLOWED, invitationMessages, SIGN_IN_METHOD_NOT_ALLOWED } from "../../../shared/organizations";

/** What /auth/complete-invite does first, decided once the session is known (spec section 4, invitation flow). */
export type InvitationStart =
  | { kind: "url_error"; message: string }
  /** Signed in by an email link with an invitation open: choose a password for it. */
  | { kind: "password_for_session"; token: string }
  /** Signed in: accept this token's invitation, or without one the newest to the person's address. */
  | { kind: "accept"; token: string | undefined }
  /** Signed out, type=azure_ad: Microsoft sign-in, back through /auth/hash with the token kept in storage. */
  | { kind: "microsoft_custom"; token: string }
  /** Signed out, type=azure_invite: Microsoft sign-in straight back to this page (completed=true). */
  | { kind: "microsoft"; token: string }
  /** Show the invitation: its organization, address and the sign-in methods it allows. */
  | { kind: "details"; token: string }
  /** No token, but an address: the invitation's 6-digit code works for it. */
  | { kind: "code_entry"; email: string }
  | { kind: "no_invitation" };

export interface InvitationStartInput {
  params: URLSearchParams;
  isSignedIn: boolean;
  storedToken: string | null;
  customToken: string | null;
  isFromEmailAuth: boolean;
}

/** An error a sign-in provider sent back in the URL, in the spec's words (our sign-in policy refusals in theirs). */
export function urlErrorMessage(error: string, description: string | null): string {
  if (error === "email_not_found" || (error === "server_error" && /email/i.test(description ?? "") && /external provider/i.test(description ?? ""))) {
    return invitationMessages.azureEmailMissing;
  }
  if (error === "server_error") return invitationMessages.authenticationFailed;
  if ((error === SIGN_IN_METHOD_NOT_ALLOWED || error === AZURE_TENANT_NOT_ALLOWED) && description) return description;
  return invitationMessages.authenticationError(error);
}

export function invitationStart({ params, isSignedIn, storedToken, customToken, isFromEmailAuth }: InvitationStartInput): InvitationStart {
  const error = params.get("error");
  if (error) return { kind: "url_error", message: urlErrorMessage(error, params.get("error_description")) };
  const queryToken = params.get("token");
  const type = params.get("type");
  const isCompleted = params.get("completed") === "true";
  if (isSignedIn) {
    const token = queryToken ?? storedToken;
    if (isFromEmailAuth && token) return { kind: "password_for_session", token };
    return { kind: "accept", token: queryToken ?? customToken ?? storedToken ?? undefined };
  }
  // Back from Microsoft without a session (completed=true): show the invitation rather than sign in again in a loop.
  if (queryToken && !isCompleted && type === "azure_ad") return { kind: "microsoft_custom", token: queryToken };
  if (queryToken && !isCompleted && type === "azure_invite") return { kind: "microsoft", token: queryToken };
  const token = queryToken ?? storedToken;
  if (token) return { kind: "details", token };
  const email = params.get("email");
  if (email) return { kind: "code_entry", email };
  return { kind: "no_invitation" };
}
