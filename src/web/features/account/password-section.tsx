import { useId, useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { PasswordField } from "./password-field";
import { useChangePassword } from "./use-account-mutations";

/** Change password: the current one and a new one; the person's other sessions end. */
export function PasswordSection() {
  const id = useId();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const changing = useChangePassword();
  function submit(event: FormEvent) {
    event.preventDefault();
    changing.mutate(
      { current, next },
      {
        onSuccess: () => {
          setCurrent("");
          setNext("");
        },
      },
    );
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-medium">
        Change password
      </h3>
      <PasswordField id={`${id}-current`} label="Current password" value={current} onValueChange={setCurrent} />
      <PasswordField
        id={`${id}-new`}
        label="New password"
        isNew
        hint="At least 8 characters. Your other devices will be signed out."
        value={next}
        onValueChange={setNext}
      />
      <Button type="submit" variant="outline" disabled={changing.isPending || current === "" || next.length < 8}>
        Change password
      </Button>
    </form>
  );
}
