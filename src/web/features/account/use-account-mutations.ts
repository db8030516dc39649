import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import type { CloseAccountRequest, EmailChangeRequest, ProfileUpdateRequest } from "../../../shared/contracts/account";
import { avatarMessages, avatarProgress, findAvatarProblem, profileMessages } from "../../../shared/profile";
import { ApiError, connectionProblem, errorMessage, isApiError } from "../../lib/api-client";
import { accountApi } from "./account-api";
import { compressAvatar } from "./avatar-compression";

const accountKeys = {
  sessions: ["account", "sessions"] as const,
};

/** Better Auth says INVALID_PASSWORD for a wrong current password; our routes say incorrect_password. */
function isWrongPassword(error: unknown): boolean {
  return isApiError(error, "incorrect_password") || (error instanceof ApiError && error.authCode === "INVALID_PASSWORD");
}

/** The profile photo: `upload` checks, shrinks and sends a picture with its progress; `remove` takes it away. */
export function useAvatarMutations(onChanged: () => Promise<unknown>) {
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = useMutation({
    mutationFn: async (file: File) => {
      setProgress(avatarProgress.start);
      const picture = await compressAvatar(file, setProgress);
      setProgress(avatarProgress.sending);
      await accountApi.uploadAvatar(picture, file.name);
      setProgress(avatarProgress.done);
    },
    onSuccess: async () => {
      await onChanged();
      toast.success(profileMessages.photoUpdated);
    },
    onError: (error) =>
      toast.error("Upload failed", {
        description: error instanceof ApiError ? errorMessage(error) : (connectionProblem(error) ?? profileMessages.uploadFailed),
      }),
    onSettled: () => setProgress(null),
  });
  const removing = useMutation({
    mutationFn: accountApi.removeAvatar,
    onSuccess: () => onChanged(),
    onError: (error) => toast.error("Error", { description: errorMessage(error) }),
  });
  function upload(file: File) {
    const problem = findAvatarProblem(file);
    if (problem) return void toast.error(avatarMessages[problem].title, { description: avatarMessages[problem].description });
    uploading.mutate(file);
  }
  return { progress, upload, remove: () => removing.mutate() };
}

/** Saves the changed profile fields and asks for an email change, then refreshes the session and says so. */
export function useSaveProfile({ onChanged, onSaved }: { onChanged: () => Promise<unknown>; onSaved: () => void }) {
  return useMutation({
    mutationFn: async ({ changes, emailChange }: { changes: ProfileUpdateRequest; emailChange?: EmailChangeRequest }) => {
      if (Object.keys(changes).length > 0) await accountApi.updateProfile(changes);
      if (emailChange) await accountApi.requestEmailChange(emailChange);
    },
    onSuccess: async (_answer, { emailChange }) => {
      if (emailChange) toast.success(profileMessages.emailChangeTitle, { description: profileMessages.emailChangeDescription });
      await onChanged();
      toast.success(profileMessages.updated);
      onSaved();
    },
    onError: (error) =>
      toast.error("Error", {
        description: isWrongPassword(error)
          ? profileMessages.incorrectPassword
          : error instanceof ApiError
            ? errorMessage(error)
            : profileMessages.updateFailed,
      }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: ({ current, next }: { current: string; next: string }) => accountApi.changePassword(current, next),
    onSuccess: () => toast.success("Password updated!", { description: profileMessages.passwordChanged }),
    onError: (error) => toast.error("Update failed", { description: isWrongPassword(error) ? profileMessages.incorrectPassword : errorMessage(error) }),
  });
}

/**
 * The signed-in sessions and signing them out. Each sign-out says so and shows the list as it is
 * now; `isBusy` holds one action at a time, so a double click cannot end one twice.
 */
export function useAccountSessions() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: accountKeys.sessions, queryFn: accountApi.listSessions });
  const signingOut = useMutation({
    mutationFn: (action: () => Promise<string>) => action(),
    onSuccess: async (message) => {
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    },
    onError: (error) => toast.error("Error", { description: errorMessage(error) }),
  });
  const signOutOthers = () =>
    signingOut.mutate(async () => {
      const { signedOut } = await accountApi.signOutOthers();
      return signedOut === 1 ? "1 other session signed out" : `${signedOut} other sessions signed out`;
    });
  const signOutSession = (sessionId: string) =>
    signingOut.mutate(async () => {
      await accountApi.signOutSession(sessionId);
      return profileMessages.sessionSignedOut;
    });
  return { sessions, signOutOthers, signOutSession, isBusy: signingOut.isPending };
}

export function useCloseAccount(onClosed: () => void) {
  return useMutation({
    mutationFn: (request: CloseAccountRequest) => accountApi.closeAccount(request),
    onSuccess: () => {
      toast.success("Account closed", { description: profileMessages.accountClosed });
      onClosed();
    },
    onError: (error) => toast.error("Error", { description: isWrongPassword(error) ? profileMessages.incorrectPassword : errorMessage(error) }),
  });
}
