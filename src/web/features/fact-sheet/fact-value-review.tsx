import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, FileSearch, PencilLine, TriangleAlert, Undo2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { citationHref } from "../../../shared/chat";
import { reviewFactValueRequestSchema, type FactSheet, type FactValue, type ReviewFactValueInput } from "../../../shared/contracts/fact-sheet";
import { factFields, productLineLabels, type FactFieldKey, type ProductLine } from "../../../shared/fact-sheet";
import { confirmationLine, correctionLine, REVIEW_NOTE_MAX_CHARS } from "../../../shared/fact-value-reviews";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "../../components/ui/dialog";
import { DialogActions } from "../../components/ui/dialog-actions";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { errorMessage } from "../../lib/api-client";
import { factSheetApi } from "./fact-sheet-api";
import { factSheetKeys } from "./use-fact-sheet";

// A person confirms or corrects a value the sheet read (issue 28, ADR 032): the reading stays shown beside a correction.

/** "Read: 90 days · Corrected to 120 days by Dana Lee, Dec 3: amendment 2", or "Confirmed by Dana Lee, Dec 3". */
export function ValueReviewNote({ documentId, value }: { documentId: string; value: FactValue }) {
  const { review } = value;
  if (!review) return null;
  if (review.kind === "confirmed")
    return (
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
        <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
        <span className="[overflow-wrap:anywhere]">{confirmationLine(review)}</span>
      </p>
    );
  return (
    <div className="space-y-1 text-sm">
      <p className="flex items-start gap-1.5">
        <PencilLine aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
        <span className="[overflow-wrap:anywhere]">
          {correctionLine({ readValue: review.read.value, value: value.value, by: review.by, at: review.at, note: review.note })}
        </span>
      </p>
      {review.page !== value.source.page && (
        <Link
          to={citationHref(documentId, { page: review.page, quote: "" })}
          className="inline-flex min-h-10 items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline md:min-h-0"
        >
          <FileSearch aria-hidden className="size-4" />
          Corrected value: page {review.page}
        </Link>
      )}
    </div>
  );
}

function useReviewMutations(documentId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: factSheetKeys.detail(documentId) });
  const review = useMutation({ mutationFn: (body: ReviewFactValueInput) => factSheetApi.review(documentId, body), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: (reviewId: string) => factSheetApi.removeReview(documentId, reviewId),
    onSuccess: async () => {
      toast.success("Review removed", { description: "The value shows as read from the contract." });
      await refresh();
    },
    onError: (error) => toast.error("Could not remove the review", { description: errorMessage(error) }),
  });
  return { review, remove };
}

const labelOf = (field: FactFieldKey) => factFields.find((definition) => definition.key === field)?.label ?? field;
const productLines = Object.keys(productLineLabels) as ProductLine[];

type FormProblems = Partial<Record<"value" | "productLine" | "page" | "note" | "form", string>>;

/** The correction form: value, product line, page and a short note, checked as the server checks them. */
function CorrectDialog({ documentId, field, value }: { documentId: string; field: FactFieldKey; value: FactValue }) {
  const id = useId();
  const { review } = useReviewMutations(documentId);
  const [isOpen, setOpen] = useState(false);
  const [draft, setDraft] = useState({ value: "", productLine: value.productLine, page: "", note: "" });
  const [problems, setProblems] = useState<FormProblems>({});

  function openChange(open: boolean) {
    if (open) {
      setDraft({ value: value.value, productLine: value.productLine, page: String(value.review?.page ?? value.source.page), note: value.review?.note ?? "" });
      setProblems({});
    }
    setOpen(open);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      kind: "corrected" as const,
      field,
      readValue: value.review?.read.value ?? value.value,
      chunkId: value.source.chunkId,
      startOffset: value.source.startOffset,
      value: draft.value,
      productLine: draft.productLine,
      page: draft.page.trim() === "" ? Number.NaN : Number(draft.page),
      note: draft.note,
    };
    const parsed = reviewFactValueRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: FormProblems = {};
      for (const issue of parsed.error.issues) found[(issue.path[0] as keyof FormProblems | undefined) ?? "form"] ??= issue.message;
      setProblems(found);
      return;
    }
    setProblems({});
    review.mutate(body, {
      onSuccess: () => {
        toast.success("Value corrected", { description: `${labelOf(field)} shows your correction beside what was read.` });
        setOpen(false);
      },
      onError: (error) => setProblems({ form: errorMessage(error) }),
    });
  }

  const control = (name: keyof FormProblems) => ({ id: `${id}-${name}`, problem: problems[name] });
  /** A field's problem goes once the person changes it: what stays shown is still wrong. */
  function edit<Name extends keyof typeof draft>(name: Name, text: (typeof draft)[Name]) {
    setDraft({ ...draft, [name]: text });
    setProblems(({ [name]: _fixed, form: _form, ...others }) => others);
  }
  return (
    <Dialog open={isOpen} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <PencilLine aria-hidden />
          Correct
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Correct {labelOf(field).toLowerCase()}</DialogTitle>
            <DialogDescription>
              Read from the contract: {value.review?.read.value ?? value.value}. What was read stays shown beside your correction.
            </DialogDescription>
          </DialogHeader>
          <Field {...control("value")} label="Value">
            {(props) => <Input {...props} value={draft.value} onChange={(event) => edit("value", event.target.value)} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field {...control("productLine")} label="Product line">
              {(props) => (
                <NativeSelect {...props} value={draft.productLine} onChange={(event) => edit("productLine", event.target.value as ProductLine)}>
                  {productLines.map((line) => (
                    <option key={line} value={line}>
                      {productLineLabels[line]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field {...control("page")} label="Page">
              {(props) => (
                <Input {...props} type="number" inputMode="numeric" min={1} value={draft.page} onChange={(event) => edit("page", event.target.value)} />
              )}
            </Field>
          </div>
          <Field {...control("note")} label="Note" hint={`Why, in a few words (up to ${REVIEW_NOTE_MAX_CHARS} characters): “amendment 2”.`}>
            {(props) => <Input {...props} value={draft.note} onChange={(event) => edit("note", event.target.value)} />}
          </Field>
          {problems.form && (
            <p role="alert" className="text-sm text-destructive">
              {problems.form}
            </p>
          )}
          <DialogActions isBusy={review.isPending}>Save correction</DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Confirm, Correct and, once reviewed, Undo: for a value of the sheet of a document the person may review. */
export function ValueReviewActions({ documentId, field, value }: { documentId: string; field: FactFieldKey; value: FactValue }) {
  const { review, remove } = useReviewMutations(documentId);
  const subject = `${labelOf(field)}: ${value.value}`;
  const confirm = () =>
    review.mutate(
      { kind: "confirmed", field, readValue: value.review?.read.value ?? value.value, chunkId: value.source.chunkId, startOffset: value.source.startOffset },
      {
        onSuccess: () => toast.success("Value confirmed", { description: subject }),
        onError: (error) => toast.error("Could not confirm the value", { description: errorMessage(error) }),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      {/* A reviewed value is changed by correcting it again or undoing the review: confirming would silently drop a correction. */}
      {!value.review && (
        <Button type="button" variant="outline" size="sm" disabled={review.isPending} onClick={confirm} aria-label={`Confirm ${subject}`}>
          <BadgeCheck aria-hidden />
          Confirm
        </Button>
      )}
      <CorrectDialog documentId={documentId} field={field} value={value} />
      {value.review && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={remove.isPending}
          onClick={() => remove.mutate(value.review!.id)}
          aria-label={`Undo the review of ${subject}`}
        >
          <Undo2 aria-hidden />
          Undo
        </Button>
      )}
    </div>
  );
}

/** Reviews made on a reading the contract no longer gives (it was processed again and the passage changed): shown until a person removes them. */
export function ReviewsToCheck({ sheet }: { sheet: FactSheet }) {
  const { remove } = useReviewMutations(sheet.documentId);
  if (sheet.reviewsToCheck.length === 0) return null;
  return (
    <Alert>
      <TriangleAlert aria-hidden />
      <AlertTitle>Corrections to check</AlertTitle>
      <AlertDescription>
        <p>The document was read again and these passages no longer say what they said when they were reviewed, so the reviews are not applied.</p>
        <ul className="mt-2 space-y-3">
          {sheet.reviewsToCheck.map((review) => (
            <li key={review.id} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <span className="[overflow-wrap:anywhere]">
                <span className="font-medium">{labelOf(review.field)}</span>:{" "}
                {review.kind === "corrected"
                  ? correctionLine({ readValue: review.read.value, value: review.value, by: review.by, at: review.at, note: review.note })
                  : `${review.read.value} · ${confirmationLine(review)}`}{" "}
                (page {review.read.page})
              </span>
              <Button type="button" variant="outline" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(review.id)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
