import { useRef, type KeyboardEvent, type Ref } from "react";
import { SUPPORT_MESSAGE_MAX_CHARS } from "../../../shared/contracts/support";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/textarea";
import { failureReason } from "../../lib/api-client";
import type { SupportToasts } from "./use-send-support-request";

const maxChars = SUPPORT_MESSAGE_MAX_CHARS.toLocaleString("en-US");

/** Ctrl+Enter (⌘+Enter on a Mac) sends from the message box, where Enter starts a new line. */
function sendOnModifiedEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }
}

/** The message box every support dialog has, with how much of the limit is used. */
export function MessageField({
  id,
  label,
  value,
  problem,
  placeholder,
  textareaRef,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  problem?: string;
  placeholder: string;
  textareaRef: Ref<HTMLTextAreaElement>;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} problem={problem} hint={`${value.length.toLocaleString("en-US")} / ${maxChars} characters`}>
      {(control) => (
        <Textarea
          {...control}
          ref={textareaRef}
          rows={5}
          maxLength={SUPPORT_MESSAGE_MAX_CHARS}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={sendOnModifiedEnter}
        />
      )}
    </Field>
  );
}

/** Why the last send failed, kept in the dialog with the typed text, in the server's words when it gave some (a limit, say). */
export function SendFailed({ error, toasts }: { error: unknown; toasts: SupportToasts }) {
  return (
    <Alert role="alert" variant="destructive">
      <AlertTitle>{toasts.failed.title}</AlertTitle>
      <AlertDescription>
        <p>{failureReason(error, toasts.failed.description)}</p>
      </AlertDescription>
    </Alert>
  );
}

/**
 * Focus goes back where it was when the dialog opened (the sidebar entry, the answer's Report
 * button) once it closes: Radix returns it to a Dialog.Trigger, and these dialogs open without one.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}
