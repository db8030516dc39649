import type {
  AccountSessionsResponse,
  CloseAccountRequest,
  EmailChangeRequest,
  EmailChangeResponse,
  ProfileResponse,
  ProfileUpdateRequest,
  SignOutOthersResponse,
} from "../../../shared/contracts/account";
import { AVATAR_UPLOAD_FIELD } from "../../../shared/profile";
import { apiRequest, fetchAnswer, readAnswer } from "../../lib/api-client";

/** The profile dialog's calls: the profile, the avatar, the email change, sessions, the password and closing the account. */
export const accountApi = {
  updateProfile: (changes: ProfileUpdateRequest) => apiRequest<ProfileResponse>("/api/me/profile", { method: "PATCH", body: changes }),
  async uploadAvatar(picture: Blob, filename: string): Promise<ProfileResponse> {
    const form = new FormData();
    form.append(AVATAR_UPLOAD_FIELD, picture, filename);
    const response = await fetchAnswer("/api/me/avatar", { method: "PUT", body: form, credentials: "same-origin" });
    return readAnswer<ProfileResponse>(response.status, await response.text());
  },
  removeAvatar: () => apiRequest<ProfileResponse>("/api/me/avatar", { method: "DELETE" }),
  requestEmailChange: (request: EmailChangeRequest) => apiRequest<EmailChangeResponse>("/api/account/email-change", { body: request }),
  listSessions: () => apiRequest<AccountSessionsResponse>("/api/account/sessions"),
  signOutOthers: () => apiRequest<SignOutOthersResponse>("/api/account/sessions/sign-out-others", { body: {} }),
  signOutSession: (sessionId: string) => apiRequest(`/api/account/sessions/${encodeURIComponent(sessionId)}`, { method: "DELETE" }),
  /** Better Auth's own: the current password, and every other session ends. */
  changePassword: (currentPassword: string, newPassword: string) =>
    apiRequest("/api/auth/change-password", { body: { currentPassword, newPassword, revokeOtherSessions: true } }),
  closeAccount: (request: CloseAccountRequest) => apiRequest<{ closed: true }>("/api/account/close", { body: request }),
};
