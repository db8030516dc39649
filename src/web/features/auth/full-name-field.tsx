import type { ComponentProps } from "react";
import { TextField } from "../../components/ui/text-field";

/** "Full name", as sign-up and accepting an invitation ask it. */
export function FullNameField(props: Omit<ComponentProps<typeof TextField>, "label" | "name" | "autoComplete" | "required" | "hint">) {
  return (
    <TextField
      label="Full name"
      name="name"
      autoComplete="name"
      required
      hint="As colleagues should see it. You can change it later in your profile."
      {...props}
    />
  );
}
