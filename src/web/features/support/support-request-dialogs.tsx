import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { check } from "../../../shared/contracts/check";
import type { z } from "zod";
import { contactEmailSchema, feedbackRequestSchema, helpRequestSchema } from "../../../shared/contracts/support";
import {
  blankMessageCopy,
  DEFAULT_FEEDBACK_CATEGORY,
  DEFAULT_HELP_CATEGORY,
  feedbackCategories,
  feedbackCategoryLabels,
  helpCategories,
  helpCategoryLabels,
  type SupportRequestKind,
} from "../../../shared/support";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { DialogActions } from "../../components/ui/dialog-actions";
import { Field } from "../../components/ui/field";
import { NativeSelect } from "../../components/ui/native-select";
import { TextField } from "../../components/ui/text-field";
import { MessageField, SendFailed, useReturnFocus } from "./support-form-parts";
import { supportApi } from "./support-api";
import { feedbackToasts, helpToasts, usePagePath, useSendSupportRequest, type SupportToasts } from "./use-send-support-request";

interface CategorizedRequest<Category extends string> {
  category: Category;
  message: string;
  contactEmail: string | null;
  path: string;
}

interface CategorizedRequestDialogProps<Category extends string> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: Extract<SupportRequestKind, "feedback" | "help">;
  title: string;
  description: string;
  categories: readonly Category[];
  categoryLabels: Record<Category, string>;
  initialCategory: Category;
  initialContactEmail: string;
  contactEmailHint: string;
  messageLabel: string;
  messagePlaceholder: string;
  sendLabel: string;
  toasts: SupportToasts;
  messageSchema: z.ZodType<string>;
  send: (request: CategorizedRequest<Category>) => Promise<unknown>;
}

/**
 * A category, a message and a contact email: Share feedback and Support / Help. Problems show once
 * Send was pressed; an empty message is also told in the spec's toast. What was typed stays until
 * it is sent.
 */
function CategorizedRequestDialog<Category extends string>(props: CategorizedRequestDialogProps<Category>) {
  const { open, onOpenChange, toasts } = props;
  const id = useId();
  const path = usePagePath();
  const messageBox = useRef<HTMLTextAreaElement>(null);
  const returnFocus = useReturnFocus();
  const emailBox = useRef<HTMLInputElement>(null);
  const [category, setCategory] = useState(props.initialCategory);
  const [message, setMessage] = useState("");
  const [contactEmail, setContactEmail] = useState(props.initialContactEmail);
  const [showsProblems, setShowsProblems] = useState(false);
  const sending = useSendSupportRequest(props.send, toasts, () => onOpenChange(false));

  const [lastOpen, setLastOpen] = useState(open);
  // Each opening starts afresh.
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) {
      setCategory(props.initialCategory);
      setMessage("");
      setContactEmail(props.initialContactEmail);
      setShowsProblems(false);
      sending.reset();
    }
  }

  const checkedMessage = check(props.messageSchema, message);
  const checkedEmail = check(contactEmailSchema, contactEmail);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.isPending) return;
    setShowsProblems(true);
    if (!checkedMessage.ok) {
      const blank = blankMessageCopy[props.kind];
      toast.error(blank.title, { description: checkedMessage.problem });
      messageBox.current?.focus();
      return;
    }
    if (!checkedEmail.ok) {
      emailBox.current?.focus();
      return;
    }
    sending.mutate({ category, message: checkedMessage.value, contactEmail: checkedEmail.value, path });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto" {...returnFocus}>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogDescription>{props.description}</DialogDescription>
          </DialogHeader>
          <Field id={`${id}-category`} label="Category">
            {(control) => (
              <NativeSelect {...control} value={category} onChange={(event) => setCategory(event.target.value as Category)}>
                {props.categories.map((option) => (
                  <option key={option} value={option}>
                    {props.categoryLabels[option]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <MessageField
            id={`${id}-message`}
            label={props.messageLabel}
            placeholder={props.messagePlaceholder}
            value={message}
            problem={showsProblems && !checkedMessage.ok ? checkedMessage.problem : undefined}
            textareaRef={messageBox}
            onChange={setMessage}
          />
          <TextField
            id={`${id}-email`}
            ref={emailBox}
            label="Contact email (optional)"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={contactEmail}
            hint={props.contactEmailHint}
            problem={showsProblems && !checkedEmail.ok ? checkedEmail.problem : undefined}
            onChange={(event) => setContactEmail(event.target.value)}
          />
          {sending.isError && <SendFailed error={sending.error} toasts={toasts} />}
          <DialogActions isBusy={sending.isPending}>{props.sendLabel}</DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Share feedback (spec section 2): General, Chat quality, Bug, Idea or Other, with an optional contact email. */
export function FeedbackDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <CategorizedRequestDialog
      open={open}
      onOpenChange={onOpenChange}
      kind="feedback"
      title="Share feedback"
      description="Tell us what works and what could be better. We read every message."
      categories={feedbackCategories}
      categoryLabels={feedbackCategoryLabels}
      initialCategory={DEFAULT_FEEDBACK_CATEGORY}
      initialContactEmail=""
      contactEmailHint="Only if you would like a reply."
      messageLabel="Your feedback"
      messagePlaceholder="What did you like, or what got in your way?"
      sendLabel="Send feedback"
      toasts={feedbackToasts}
      messageSchema={feedbackRequestSchema.shape.message}
      send={supportApi.sendFeedback}
    />
  );
}

/** Support / Help (spec section 2): a category chosen at first, and a reply address filled in with the person's own. */
export function HelpDialog({ open, onOpenChange, contactEmail }: { open: boolean; onOpenChange: (open: boolean) => void; contactEmail: string }) {
  return (
    <CategorizedRequestDialog
      open={open}
      onOpenChange={onOpenChange}
      kind="help"
      title="Support / Help"
      description="Tell us what you need help with and we will reply by email."
      categories={helpCategories}
      categoryLabels={helpCategoryLabels}
      initialCategory={DEFAULT_HELP_CATEGORY}
      initialContactEmail={contactEmail}
      contactEmailHint="We reply to this address."
      messageLabel="How can we help?"
      messagePlaceholder="What happened, and what did you expect?"
      sendLabel="Send request"
      toasts={helpToasts}
      messageSchema={helpRequestSchema.shape.message}
      send={supportApi.sendHelpRequest}
    />
  );
}
