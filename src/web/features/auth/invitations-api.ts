import type {
  AcceptInvitationRequest,
  AcceptInvitationResponse,
  AcceptWithCodeRequest,
  AcceptWithPasswordRequest,
  InvitationLookupRequest,
  InvitationLookupResponse,
  InvitationSignInResponse,
  ResendInvitationCodeRequest,
} from "../../../shared/contracts/organizations";
import type { ProfileResponse, ProfileUpdateRequest } from "../../../shared/contracts/account";
import { paths, withQuery } from "../../../shared/paths";
import { apiRequest } from "../../lib/api-client";

/** What the invited person does (/api/invitations): the invitation page and the invitation code. */
export const invitationsApi = {
  /** What the link's invitation is, before sign-in: its organization, address and sign-in methods, or why it no longer works. */
  lookup: (token: string) => apiRequest<InvitationLookupResponse>("/api/invitations/lookup", { body: { token } satisfies InvitationLookupRequest }),
  /** Makes the account with this password, signs in and joins. */
  acceptWithPassword: (request: AcceptWithPasswordRequest) => apiRequest<InvitationSignInResponse>("/api/invitations/accept-with-password", { body: request }),
  /** The emailed 6-digit code signs in and joins; an account that uses two-factor sign-in is asked for its code first. */
  acceptWithCode: (email: string, code: string) =>
    apiRequest<InvitationSignInResponse>("/api/invitations/accept-with-code", { body: { email, code } satisfies AcceptWithCodeRequest }),
  resendCode: (email: string) => apiRequest<void>("/api/invitations/resend-code", { body: { email } satisfies ResendInvitationCodeRequest }),
  /** Joins as the signed-in person: this token's invitation, or without one the newest to their address. */
  accept: (token: string | undefined) => apiRequest<AcceptInvitationResponse>("/api/invitations/accept", { body: { token } satisfies AcceptInvitationRequest }),
  /** The name of someone who joined without one: their profile's display name. */
  giveName: (displayName: string) => apiRequest<ProfileResponse>("/api/me/profile", { method: "PATCH", body: { displayName } satisfies ProfileUpdateRequest }),
};

/** Where someone goes once they joined: on to `to`, by way of the name page when their account has no name yet. */
export function pathAfterJoining(joined: AcceptInvitationResponse, to: string): string {
  return joined.needsName ? withQuery(paths.authYourName, { redirect: to }) : to;
}
