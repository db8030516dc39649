import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { DialogActions } from "../../components/ui/dialog-actions";
import { EmailField, useEmailField } from "./email-field";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "../../components/ui/dialog";
import { authApi } from "./auth-api";
import { errorMessage } from "../../lib/api-client";
import { emailProblem } from "./auth-errors";
import { paths, withQuery } from "../../../shared/paths";

/** 'Forgot password?': asks for the email, sends a reset code, and goes to /auth/verify. */
export function ForgotPasswordDialog({ initialEmail }: { initialEmail: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const { email, setEmail, setProblem, fieldProps } = useEmailField();
  const [isSending, setSending] = useState(false);

  function openChange(open: boolean) {
    if (open) {
      setEmail(initialEmail.trim());
      setProblem(undefined);
    }
    setOpen(open);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The dialog is portaled out of the login form in the DOM, but React still bubbles its submit there.
    event.stopPropagation();
    const address = email.trim();
    const issue = emailProblem(address);
    if (issue) {
      setProblem(issue);
      if (!address) toast.error("Email required", { description: "Please enter your email address to reset your password." });
      return;
    }
    setSending(true);
    try {
      await authApi.sendCode(address, "forget-password");
      toast.success("Reset email sent!", {
        description: "Check your email for a magic link and 6-digit code to reset your password.",
      });
      setOpen(false);
      navigate(withQuery(paths.authVerify, { email: address, type: "password_reset" }));
    } catch (error) {
      toast.error("Password reset failed", { description: errorMessage(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={isOpen} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="link" className="h-auto p-0 text-sm">
          Forgot password?
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Reset your password</DialogTitle>
            <DialogDescription>Enter the email you sign in with. We&apos;ll send a link and a 6-digit code to choose a new password.</DialogDescription>
          </DialogHeader>
          <EmailField id={`${id}-email`} {...fieldProps} />
          <DialogActions isBusy={isSending}>Send reset code</DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
