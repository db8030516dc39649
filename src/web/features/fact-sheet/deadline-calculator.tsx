import { CalendarClock, TriangleAlert } from "lucide-react";
import { useId, useMemo, useState } from "react";
import type { FactSheet, FactValue } from "../../../shared/contracts/fact-sheet";
import { factFields, productLineLabels, type FactFieldKey } from "../../../shared/fact-sheet";
import { formatLongDate, parseIsoDate, type IsoDate } from "../../../shared/calendar-dates";
import {
  appealDeadline,
  claimFilingDeadline,
  cleanClaimPaymentDate,
  periodFromValue,
  readWrittenDate,
  renewalNoticeDeadline,
  type ContractPeriod,
  type Deadline,
  type RenewalNoticeDeadline,
} from "../../../core/fact-sheet/deadlines";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { localToday } from "../../lib/format-date";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { ReminderForm, ReminderList } from "./deadline-reminders";
import { FactValueItem } from "./fact-sheet-view";

type DateInput = "service" | "denial" | "received" | "effective" | "asOf";
type DeadlineKind = "claim_filing" | "appeal" | "clean_claim_payment" | "non_renewal" | "termination";

interface KindSpec {
  field: FactFieldKey;
  label: string;
  /** What the result's date is: "File the claim by". */
  resultLabel: string;
  inputs: DateInput[];
}

const kinds: Record<DeadlineKind, KindSpec> = {
  claim_filing: { field: "timely_filing", label: "Claim filing deadline", resultLabel: "File the claim by", inputs: ["service"] },
  appeal: { field: "provider_appeal", label: "Appeal deadline", resultLabel: "Send the appeal by", inputs: ["denial"] },
  clean_claim_payment: { field: "clean_claim_payment", label: "Expected payment date", resultLabel: "Payment is due by", inputs: ["received"] },
  non_renewal: {
    field: "non_renewal_notice",
    label: "Last day to send notice not to renew",
    resultLabel: "Send notice not to renew by",
    inputs: ["effective", "asOf"],
  },
  termination: {
    field: "termination_without_cause",
    label: "Last day to give termination notice before renewal",
    resultLabel: "Send notice of termination by",
    inputs: ["effective", "asOf"],
  },
};

const inputLabels: Record<DateInput, string> = {
  service: "Date of service",
  denial: "Date of the denial",
  received: "Date the payer received the claim",
  effective: "Effective date",
  asOf: "As of",
};

const fieldLabel = (key: FactFieldKey) => factFields.find((field) => field.key === key)?.label ?? key;

interface DeadlineOption {
  id: string;
  kind: DeadlineKind;
  label: string;
  value: FactValue;
  period: ContractPeriod;
}

function valuesOf(sheet: FactSheet, key: FactFieldKey): FactValue[] {
  return sheet.fields.find((field) => field.key === key)?.values ?? [];
}

/** The first value of a field that states a whole period, with the period. */
function firstPeriod(sheet: FactSheet, key: FactFieldKey): { value: FactValue; period: ContractPeriod } | undefined {
  for (const value of valuesOf(sheet, key)) {
    const period = periodFromValue(value);
    if (period) return { value, period };
  }
  return undefined;
}

/** Every deadline this sheet's values allow: one per stated period (a field may state one per product line). */
function deadlineOptions(sheet: FactSheet): DeadlineOption[] {
  const hasInitialTerm = firstPeriod(sheet, "initial_term") !== undefined;
  return (Object.keys(kinds) as DeadlineKind[]).flatMap((kind) => {
    if ((kind === "non_renewal" || kind === "termination") && !hasInitialTerm) return [];
    return valuesOf(sheet, kinds[kind].field).flatMap((value, index) => {
      const period = periodFromValue(value);
      if (!period) return [];
      const productLine = value.productLine === "all" ? "" : ` · ${productLineLabels[value.productLine]}`;
      return [{ id: `${kind}-${index}`, kind, label: `${kinds[kind].label}: ${value.value}${productLine}`, value, period }];
    });
  });
}

/** The first effective date the sheet states in a form a date can be read from. */
function statedEffectiveDate(sheet: FactSheet): IsoDate | undefined {
  for (const value of valuesOf(sheet, "effective_date")) {
    const date = readWrittenDate(value.value);
    if (date) return date;
  }
  return undefined;
}

interface Computed {
  deadline: Deadline | RenewalNoticeDeadline;
  sources: Array<{ field: FactFieldKey; value: FactValue }>;
}

type Outcome = { state: "missing"; input: DateInput } | { state: "failed" } | ({ state: "done" } & Computed);

function compute(option: DeadlineOption, sheet: FactSheet, dates: Record<DateInput, string>): Outcome {
  const spec = kinds[option.kind];
  const missing = spec.inputs.find((input) => !parseIsoDate(dates[input]));
  if (missing) return { state: "missing", input: missing };
  const own = { field: spec.field, value: option.value };
  try {
    switch (option.kind) {
      case "claim_filing":
        return { state: "done", deadline: claimFilingDeadline(dates.service, option.period, option.value.from), sources: [own] };
      case "appeal":
        return { state: "done", deadline: appealDeadline(dates.denial, option.period, option.value.from), sources: [own] };
      case "clean_claim_payment":
        return { state: "done", deadline: cleanClaimPaymentDate(dates.received, option.period, option.value.from), sources: [own] };
      default: {
        const initial = firstPeriod(sheet, "initial_term")!;
        const renewal = firstPeriod(sheet, "auto_renewal");
        const deadline = renewalNoticeDeadline({
          effectiveDate: dates.effective,
          initialTerm: initial.period,
          renewalTerm: renewal?.period,
          notice: option.period,
          today: dates.asOf,
          noticeName: option.kind === "termination" ? "notice of termination" : "notice not to renew",
        });
        if (valuesOf(sheet, "auto_renewal").length === 0) {
          deadline.assumptions.push("The fact sheet shows no automatic renewal clause: this assumes the agreement renews at the end of each term.");
        }
        const sources = [
          own,
          { field: "initial_term" as const, value: initial.value },
          ...(renewal ? [{ field: "auto_renewal" as const, value: renewal.value }] : []),
        ];
        return { state: "done", deadline, sources };
      }
    }
  } catch {
    return { state: "failed" };
  }
}

function Result({
  option,
  outcome,
  documentId,
  today,
  canSetReminders,
}: {
  option: DeadlineOption;
  outcome: Outcome;
  documentId: string;
  today: IsoDate;
  canSetReminders: boolean;
}) {
  if (outcome.state === "missing") {
    return <p className="text-sm text-muted-foreground">Enter the {inputLabels[outcome.input].toLowerCase()} to see the date.</p>;
  }
  if (outcome.state === "failed") {
    return <p className="text-sm text-destructive">These dates are too far apart to compute. Check the years you entered.</p>;
  }
  const { deadline, sources } = outcome;
  const renewal = "renewalDate" in deadline ? deadline : undefined;
  // Once this term's last day has passed, the date to act on is the next term's.
  const nextChance = renewal?.isPassed ? renewal.nextChance : undefined;
  return (
    <div className="space-y-3">
      <div>
        <p className="text-sm text-muted-foreground">
          {nextChance ? `Next chance: ${kinds[option.kind].resultLabel.toLowerCase()}` : kinds[option.kind].resultLabel}
        </p>
        <p className="text-2xl font-semibold tracking-tight">{formatLongDate(nextChance?.date ?? deadline.date)}</p>
      </div>
      {canSetReminders && (
        <ReminderForm
          documentId={documentId}
          field={kinds[option.kind].field}
          label={kinds[option.kind].label}
          deadline={nextChance?.date ?? deadline.date}
          today={today}
        />
      )}
      {renewal && nextChance && (
        // A note, not a second live region: the result around it is announced as a whole.
        <Alert role="note">
          <TriangleAlert aria-hidden />
          <AlertTitle>That day has passed</AlertTitle>
          <AlertDescription>
            The last day before the renewal on {formatLongDate(renewal.renewalDate)} was {formatLongDate(renewal.date)}. The next chance is before the renewal
            on {formatLongDate(nextChance.renewalDate)}.
          </AlertDescription>
        </Alert>
      )}
      <p className="text-sm">{deadline.explanation}</p>
      {deadline.assumptions.length > 0 && (
        <div className="text-sm">
          <h3 className="font-medium">Assumed where the contract does not say</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-muted-foreground">
            {deadline.assumptions.map((assumption) => (
              <li key={assumption}>{assumption}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="text-sm">
        <h3 className="font-medium">From the contract</h3>
        {sources.map(({ field, value }) => (
          <div key={`${field}-${value.source.chunkId}-${value.source.startOffset}`} className="mt-2">
            <p className="text-muted-foreground">{fieldLabel(field)}</p>
            <ul>
              <FactValueItem documentId={documentId} value={value} showProductLine={value.productLine !== "all"} />
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The dates that follow from a fact sheet's periods: the claim filing and appeal deadlines, the
 * expected payment of a clean claim, and the last day to give notice before the next renewal,
 * each from the dates the person enters, with its source and what was assumed.
 */
export function DeadlineCalculator({ sheet, today, canSetReminders = true }: { sheet: FactSheet; today?: IsoDate; canSetReminders?: boolean }) {
  const id = useId();
  const options = useMemo(() => deadlineOptions(sheet), [sheet]);
  const [chosenId, setChosenId] = useState<string | undefined>(undefined);
  const [dates, setDates] = useState<Record<DateInput, string>>(() => ({
    service: "",
    denial: "",
    received: "",
    effective: statedEffectiveDate(sheet) ?? "",
    asOf: today ?? localToday(),
  }));
  const option = options.find((candidate) => candidate.id === chosenId) ?? options[0];
  const outcome = option ? compute(option, sheet, dates) : undefined;
  const writtenEffectiveDate = valuesOf(sheet, "effective_date")[0]?.value;

  const hint = (input: DateInput): string | undefined => {
    if (!option) return undefined;
    if (input === "effective") {
      if (statedEffectiveDate(sheet)) return "From the contract; change it if the agreement started on another day.";
      return writtenEffectiveDate
        ? `The contract says “${writtenEffectiveDate}”: enter the date it started.`
        : "The contract does not state it: enter the date it started.";
    }
    if (input === "asOf") return "The next renewal on or after this day is used.";
    return option.value.from ? `The contract counts from ${option.value.from}.` : undefined;
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2 text-lg">
          <CalendarClock aria-hidden className="size-5 text-primary" />
          Deadlines
        </CardTitle>
        <CardDescription>The dates that follow from this contract&apos;s terms. Enter the date each one counts from.</CardDescription>
      </CardHeader>
      <CardContent>
        {!option ? (
          <p className="text-sm text-muted-foreground">
            This contract states none of the periods a deadline is computed from: timely filing, appeal, clean-claim payment, or notice before renewal with an
            initial term.
          </p>
        ) : (
          <div className="space-y-5">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <Field id={`${id}-deadline`} label="Deadline">
                  {(control) => (
                    <NativeSelect {...control} value={option.id} onChange={(event) => setChosenId(event.target.value)}>
                      {options.map((candidate) => (
                        <option key={candidate.id} value={candidate.id}>
                          {candidate.label}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
              </div>
              {kinds[option.kind].inputs.map((input) => (
                <Field key={input} id={`${id}-${input}`} label={inputLabels[input]} hint={hint(input)}>
                  {(control) => (
                    <Input
                      {...control}
                      type="date"
                      value={dates[input]}
                      onChange={(event) => setDates((current) => ({ ...current, [input]: event.target.value }))}
                    />
                  )}
                </Field>
              ))}
            </div>
            <section aria-label="Result" aria-live="polite" className="rounded-lg border bg-muted/40 p-4">
              <Result option={option} outcome={outcome!} documentId={sheet.documentId} today={today ?? localToday()} canSetReminders={canSetReminders} />
            </section>
            {canSetReminders && <ReminderList documentId={sheet.documentId} />}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
