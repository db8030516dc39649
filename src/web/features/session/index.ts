// What other features use of the session; the router loads session-root and guards itself.
export { RequirePermission, SessionLoading } from "./guards";
export { useSession } from "./session";
export {
  forgetInvitationTokens,
  readCustomInvitationToken,
  readInvitationToken,
  rememberCustomInvitationToken,
  rememberInvitationToken,
} from "./stored-invitation";
