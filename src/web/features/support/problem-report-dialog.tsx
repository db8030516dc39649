import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { check } from "../../../shared/contracts/check";
import { problemReportRequestSchema } from "../../../shared/contracts/support";
import { blankMessageCopy } from "../../../shared/support";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { DialogActions } from "../../components/ui/dialog-actions";
import { MessageField, SendFailed, useReturnFocus } from "./support-form-parts";
import { supportApi } from "./support-api";
import { feedbackToasts, usePagePath, useSendSupportRequest } from "./use-send-support-request";

/** Which answer a report is about: one stored answer of one conversation (the server finds its document). */
export interface ReportedAnswer {
  sessionId: string;
  messageId: string;
}

/** "Report a problem with this answer": what is wrong, sent with the conversation, the answer and its document. */
export function ProblemReportDialog({ answer, onClose }: { answer: ReportedAnswer | null; onClose: () => void }) {
  const id = useId();
  const path = usePagePath();
  const messageBox = useRef<HTMLTextAreaElement>(null);
  const returnFocus = useReturnFocus();
  const [message, setMessage] = useState("");
  const [showsProblem, setShowsProblem] = useState(false);
  const sending = useSendSupportRequest(supportApi.reportProblem, feedbackToasts, onClose);

  const [lastAnswer, setLastAnswer] = useState(answer);
  // A report about another answer starts afresh.
  if (answer !== lastAnswer) {
    setLastAnswer(answer);
    if (answer) {
      setMessage("");
      setShowsProblem(false);
      sending.reset();
    }
  }

  const checkedMessage = check(problemReportRequestSchema.shape.message, message);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!answer || sending.isPending) return;
    setShowsProblem(true);
    if (!checkedMessage.ok) {
      toast.error(blankMessageCopy.problem_report.title, { description: checkedMessage.problem });
      messageBox.current?.focus();
      return;
    }
    sending.mutate({ ...answer, message: checkedMessage.value, path });
  }

  return (
    <Dialog open={answer !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto" {...returnFocus}>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Report a problem with this answer</DialogTitle>
            <DialogDescription>
              A wrong fact, a citation that does not say what the answer claims, something missing? Your message goes to our support team with this
              conversation, so we can see the answer you saw.
            </DialogDescription>
          </DialogHeader>
          <MessageField
            id={`${id}-message`}
            label="What is wrong with it?"
            placeholder="For example: the notice period is 90 days on page 4, not 60."
            value={message}
            problem={showsProblem && !checkedMessage.ok ? checkedMessage.problem : undefined}
            textareaRef={messageBox}
            onChange={setMessage}
          />
          {sending.isError && <SendFailed error={sending.error} toasts={feedbackToasts} />}
          <DialogActions isBusy={sending.isPending}>Send report</DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
