import { useState, type ComponentProps } from "react";
import { TextField } from "../../components/ui/text-field";

/** The email field of every sign-in form: typing clears its problem through `onEdit`. */
export function EmailField({ onEdit, ...field }: { onEdit: (email: string) => void } & Omit<ComponentProps<typeof TextField>, "label" | "onChange">) {
  return <TextField label="Email" type="email" name="email" autoComplete="email" required onChange={(event) => onEdit(event.target.value)} {...field} />;
}

/** An email and its problem, and the `EmailField` props that show them: editing clears the problem. */
export function useEmailField(initialEmail = "") {
  const [email, setEmail] = useState(initialEmail);
  const [problem, setProblem] = useState<string>();
  const fieldProps = {
    value: email,
    problem,
    onEdit: (value: string) => {
      setEmail(value);
      setProblem(undefined);
    },
  };
  return { email, setEmail, problem, setProblem, fieldProps };
}
