import { TextField } from "../../components/ui/text-field";

/** A password input; the current password unless `isNew`. */
export function PasswordField({
  id,
  label,
  value,
  onValueChange,
  hint,
  isNew = false,
}: {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  isNew?: boolean;
}) {
  return (
    <TextField
      id={id}
      label={label}
      type="password"
      autoComplete={isNew ? "new-password" : "current-password"}
      hint={hint}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}
