import type { ComponentProps, ReactNode } from "react";
import { Field } from "./field";
import { Input } from "./input";

/** A labelled input with its problem (or else its hint) underneath, announced with the field; `labelEnd` sits across from the label ("Forgot password?"). */
export function TextField({
  id,
  label,
  labelEnd,
  problem,
  hint,
  ...input
}: { id: string; label: ReactNode; labelEnd?: ReactNode; problem?: ReactNode; hint?: ReactNode } & Omit<ComponentProps<"input">, "id">) {
  return (
    <Field id={id} label={label} labelEnd={labelEnd} problem={problem} hint={hint}>
      {(control) => <Input {...control} {...input} />}
    </Field>
  );
}
