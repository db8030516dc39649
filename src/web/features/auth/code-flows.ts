import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { EmailChangeConfirmResponse } from "../../../shared/contracts/account";
import { profileMessages } from "../../../shared/profile";
import { authApi } from "./auth-api";
import { rememberPasswordReset } from "./auth-storage";
import type { AcceptInvitationResponse } from "../../../shared/contracts/organizations";
import { invitationsApi, pathAfterJoining } from "./invitations-api";
import { useFinishSignIn } from "./use-finish-sign-in";
import { paths } from "../../../shared/paths";
import { isTwoFactorChallenge } from "../../../shared/two-factor";

/** What a 6-digit code is for. `invite` signs in and joins the organization that sent it. */
export type CodeFlowType = "magic_link" | "signup" | "recovery" | "email_change" | "invite";

interface CodeFlow {
  verify: (email: string, code: string) => Promise<unknown>;
  resend: (email: string) => Promise<unknown>;
  resendSuccessTitle: string;
  /** Where the two-factor code page goes on to, when the code's sign-in asks for one; else where every sign-in goes. */
  afterTwoFactorPath?: string;
}

/** An email change waits for its other address, or is made: each confirmation says which. */
function emailChangeOutcome(result: unknown): string {
  return (result as Partial<EmailChangeConfirmResponse> | undefined)?.status === "changed"
    ? profileMessages.emailChangeDone
    : profileMessages.emailChangeWaiting;
}

const signInFlow: CodeFlow = {
  verify: authApi.signInWithCode,
  resend: (email) => authApi.sendCode(email, "sign-in"),
  resendSuccessTitle: "New code sent!",
};

export const codeFlows: Record<CodeFlowType, CodeFlow> = {
  magic_link: signInFlow,
  invite: {
    verify: invitationsApi.acceptWithCode,
    resend: invitationsApi.resendCode,
    resendSuccessTitle: "New code sent!",
    // Asked for a two-factor code, the person is not in yet: the invitation page accepts once they are.
    afterTwoFactorPath: paths.authCompleteInvite,
  },
  signup: {
    verify: authApi.verifyEmailWithCode,
    resend: (email) => authApi.sendCode(email, "email-verification"),
    resendSuccessTitle: "New code sent!",
  },
  recovery: {
    verify: authApi.checkResetCode,
    resend: (email) => authApi.sendCode(email, "forget-password"),
    resendSuccessTitle: "New reset code sent!",
  },
  email_change: { verify: authApi.confirmEmailChange, resend: authApi.resendEmailChangeCode, resendSuccessTitle: "New code sent!" },
};

/**
 * Verify and resend for one kind of code. A checked reset code is kept for the password page
 * (`resetPath`); every other code signs in (or confirms the new address) and goes to `signedInPath`.
 */
export function useCodeFlow(type: CodeFlowType, pagePaths: { resetPath?: string; signedInPath?: string } = {}) {
  const { resetPath = paths.authNewPassword, signedInPath = paths.app } = pagePaths;
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const flow = codeFlows[type];

  const verify = useCallback(
    async (email: string, code: string) => {
      const result = await flow.verify(email.trim(), code);
      if (type === "recovery") {
        rememberPasswordReset({ email: email.trim(), code });
        navigate(resetPath, { replace: true });
        return;
      }
      if (isTwoFactorChallenge(result)) {
        await finishSignIn(flow.afterTwoFactorPath ?? signedInPath, result);
        return;
      }
      toast.success("Verification successful!", {
        description: type === "email_change" ? emailChangeOutcome(result) : "You've been signed in successfully.",
      });
      // An invitation code can make the account, with no name: the name page comes first.
      await finishSignIn(type === "invite" ? pathAfterJoining(result as AcceptInvitationResponse, signedInPath) : signedInPath, result);
    },
    [finishSignIn, flow, navigate, resetPath, signedInPath, type],
  );

  const resend = useCallback((email: string) => flow.resend(email.trim()), [flow]);
  return { verify, resend, resendSuccessTitle: flow.resendSuccessTitle };
}
