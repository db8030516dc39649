import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellRing, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { REMINDER_MAX_DAYS_BEFORE, type Reminder } from "../../../shared/contracts/fact-sheet";
import type { FactFieldKey } from "../../../shared/fact-sheet";
import { calendarDaysBetween, formatLongDate, type IsoDate } from "../../../shared/calendar-dates";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api-client";
import { factSheetApi } from "./fact-sheet-api";
import { factSheetKeys } from "./use-fact-sheet";

const DEFAULT_DAYS_BEFORE = 30;
const remindersKey = (documentId: string) => [...factSheetKeys.detail(documentId), "reminders"] as const;

/** "Email me a reminder" for a deadline still ahead: how many days before, then one click. */
export function ReminderForm({
  documentId,
  field,
  label,
  deadline,
  today,
}: {
  documentId: string;
  field: FactFieldKey;
  label: string;
  deadline: IsoDate;
  today: IsoDate;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const daysLeft = calendarDaysBetween(today, deadline);
  const [daysBefore, setDaysBefore] = useState(String(Math.min(DEFAULT_DAYS_BEFORE, Math.max(0, daysLeft - 1))));
  const remind = useMutation({
    mutationFn: () => factSheetApi.remind(documentId, { field, label, deadline, daysBefore: Number(daysBefore) }),
    onSuccess: (reminder) => {
      toast.success("Reminder set", { description: `We'll email you on ${formatLongDate(reminder.remindOn)}.` });
      void queryClient.invalidateQueries({ queryKey: remindersKey(documentId) });
    },
  });
  if (daysLeft < 0) return null;
  return (
    <form
      className="flex flex-col gap-3 border-t pt-3 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        remind.mutate();
      }}
    >
      <div className="sm:w-48">
        <Field id={`${id}-days`} label="Email me, days before" problem={remind.isError ? errorMessage(remind.error) : undefined}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={Math.min(REMINDER_MAX_DAYS_BEFORE, daysLeft)}
              value={daysBefore}
              onChange={(event) => setDaysBefore(event.target.value)}
            />
          )}
        </Field>
      </div>
      <Button type="submit" variant="outline" disabled={remind.isPending}>
        <BellRing aria-hidden />
        Email me a reminder
      </Button>
    </form>
  );
}

function ReminderItem({ documentId, reminder }: { documentId: string; reminder: Reminder }) {
  const queryClient = useQueryClient();
  const forget = useMutation({
    mutationFn: () => factSheetApi.forget(documentId, reminder.id),
    onSuccess: () => {
      toast.success("Reminder removed");
      void queryClient.invalidateQueries({ queryKey: remindersKey(documentId) });
    },
    onError: (error) => toast.error("Could not remove the reminder", { description: errorMessage(error) }),
  });
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <div className="min-w-0 text-sm">
        <p className="font-medium [overflow-wrap:anywhere]">
          {reminder.label}: {formatLongDate(reminder.deadline)}
        </p>
        <p className="text-muted-foreground">{reminder.sentAt ? "Emailed" : `Email on ${formatLongDate(reminder.remindOn)}`}</p>
      </div>
      <Button variant="ghost" size="icon" aria-label={`Remove the reminder for ${reminder.label}`} disabled={forget.isPending} onClick={() => forget.mutate()}>
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

/** The document's reminders, soonest first; nothing when there are none. */
export function ReminderList({ documentId }: { documentId: string }) {
  const reminders = useQuery({ queryKey: remindersKey(documentId), queryFn: () => factSheetApi.reminders(documentId) });
  if (!reminders.data?.length) return null;
  return (
    <section aria-labelledby={`reminders-${documentId}`} className="border-t pt-3">
      <h3 id={`reminders-${documentId}`} className="text-sm font-medium">
        Reminders
      </h3>
      <ul className="divide-y">
        {reminders.data.map((reminder) => (
          <ReminderItem key={reminder.id} documentId={documentId} reminder={reminder} />
        ))}
      </ul>
    </section>
  );
}
