import type { ComponentProps, ReactNode } from "react";
import { Input } from "./input";
import { Label } from "./label";

/** A labelled input with its problem (or else its hint) underneath, announced with the field; `labelEnd` sits across from the label ("Forgot password?"). */
export function TextField({
  id,
  label,
  labelEnd,
  problem,
  hint,
  ...input
}: { id: string; label: ReactNode; labelEnd?: ReactNode; problem?: ReactNode; hint?: ReactNode } & Omit<ComponentProps<"input">, "id">) {
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
      <Input id={id} aria-invalid={problem ? true : undefined} aria-describedby={note?.id} {...input} />
      {note && (
        <p id={note.id} className={`text-sm ${note.className}`}>
          {note.text}
        </p>
      )}
    </div>
  );
}
