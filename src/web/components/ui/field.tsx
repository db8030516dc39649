import type { ReactNode } from "react";
import { Label } from "./label";

/** What ties a form control to its label and to the note under it. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** A label, the control `children` draws, and its problem (or else its hint) underneath, announced with it; `labelEnd` sits across from the label ("Forgot password?"). */
export function Field({
  id,
  label,
  labelEnd,
  problem,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  labelEnd?: ReactNode;
  problem?: ReactNode;
  hint?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const note = problem
    ? { id: `${id}-problem`, text: problem, className: "text-destructive" }
    : hint
      ? { id: `${id}-hint`, text: hint, className: "text-muted-foreground" }
      : undefined;
  return (
    <div className="space-y-2">
      {labelEnd ? (
        <div className="flex items-center justify-between">
          <Label htmlFor={id}>{label}</Label>
          {labelEnd}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children({ id, "aria-invalid": problem ? true : undefined, "aria-describedby": note?.id })}
      {note && (
        <p id={note.id} className={`text-sm ${note.className}`}>
          {note.text}
        </p>
      )}
    </div>
  );
}
