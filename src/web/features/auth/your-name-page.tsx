import { useMutation } from "@tanstack/react-query";
import { AlertTriangle, Loader2, UserRound } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Navigate, useSearchParams } from "react-router";
import { displayNameSchema } from "../../../shared/contracts/account";
import { check } from "../../../shared/contracts/check";
import { paths, withQuery } from "../../../shared/paths";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { failureReason } from "../../lib/api-client";
import { goTo } from "../../lib/go-to";
import { safeRedirectTarget } from "../../lib/redirect-target";
import { useSession } from "../session";
import { AuthCard, AuthStatus } from "./auth-layout";
import { FullNameField } from "./full-name-field";
import { invitationsApi } from "./invitations-api";

const PAGE_TITLE = "What's your name?";
const SAVE_FAILED = "Your name could not be saved. Please try again.";

/**
 * /auth/your-name?redirect=…: someone who joined by an invitation code (or a provider that gave no
 * name) has an account with no name; they give it here before going on (ADR 038), so colleagues
 * see a name rather than an address.
 */
export function YourNamePage() {
  const id = useId();
  const { user, isLoading } = useSession();
  const [searchParams] = useSearchParams();
  const redirect = safeRedirectTarget(searchParams.get("redirect"));
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string>();
  const nameRef = useRef<HTMLInputElement>(null);
  // Into the app afresh, as after accepting: the new name is in every cache from the start.
  const save = useMutation({ mutationFn: invitationsApi.giveName, onSuccess: () => goTo(redirect) });

  if (isLoading) return <AuthStatus title={PAGE_TITLE} message="Loading..." />;
  if (!user) return <Navigate to={withQuery(paths.login, { redirect: withQuery(paths.authYourName, { redirect }) })} replace />;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const checked = check(displayNameSchema, name);
    if (!checked.ok) {
      setProblem(checked.problem);
      nameRef.current?.focus();
      return;
    }
    setProblem(undefined);
    save.mutate(checked.value);
  }

  return (
    <AuthCard
      title={PAGE_TITLE}
      icon={<UserRound aria-hidden className="size-5" />}
      description={user.organizationName ? `You've joined ${user.organizationName}. Tell your colleagues who you are.` : "Tell your colleagues who you are."}
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Your name">
        {save.isError && (
          <Alert variant="destructive" role="alert">
            <AlertTriangle aria-hidden />
            <AlertDescription>
              <p>{failureReason(save.error, SAVE_FAILED)}</p>
            </AlertDescription>
          </Alert>
        )}
        <FullNameField
          ref={nameRef}
          id={`${id}-name`}
          problem={problem}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(undefined);
            save.reset();
          }}
        />
        <Button type="submit" className="w-full" disabled={!name.trim() || save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}
