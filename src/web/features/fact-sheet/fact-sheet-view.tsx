import { Columns2, FileSearch, FileSpreadsheet, FileType, Info, Loader2 } from "lucide-react";
import { Link } from "react-router";
import { citationHref } from "../../../shared/chat";
import type { FactField, FactSheet, FactValue } from "../../../shared/contracts/fact-sheet";
import {
  FACT_SHEET_DISCLAIMER,
  factFieldGroupLabels,
  factFields,
  NOT_STATED,
  notStatedFor,
  productLineLabels,
  productLinesCovered,
  productLinesNotStated,
  type FactFieldDefinition,
  type FactFieldGroup,
  type FactFieldKey,
  type ProductLine,
} from "../../../shared/fact-sheet";
import { paths } from "../../../shared/paths";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { DownloadMenu } from "../../components/ui/download-menu";
import { LoadProblem } from "../../components/ui/load-problem";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDate } from "../../lib/format-date";
import { DeadlineCalculator } from "./deadline-calculator";
import { factSheetExportUrl } from "./fact-sheet-api";
import { ReviewsToCheck, ValueReviewActions, ValueReviewNote } from "./fact-value-review";
import { useFactSheet } from "./use-fact-sheet";

/** "2.1 Timely Filing, page 2": where a value was read. */
export function sourceLabel(value: FactValue): string {
  const clause = [value.source.clauseNumber, value.source.heading].filter(Boolean).join(" ");
  return clause ? `${clause}, page ${value.source.page}` : `Page ${value.source.page}`;
}

/**
 * A value, what it applies to when the field has several, its product line when the contract distinguishes them, what its clock starts from, the
 * quote that proves it and what a person said of it; with `reviewField`, the buttons to confirm or correct it.
 */
export function FactValueItem({
  documentId,
  value,
  showProductLine,
  reviewField,
}: {
  documentId: string;
  value: FactValue;
  showProductLine: boolean;
  reviewField?: FactFieldKey;
}) {
  return (
    <li className="space-y-1.5">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-semibold [overflow-wrap:anywhere]">{value.value}</span>
        {value.appliesTo && <span className="text-sm [overflow-wrap:anywhere]">— {value.appliesTo}</span>}
        {showProductLine && <Badge variant="secondary">{productLineLabels[value.productLine]}</Badge>}
        {value.from && <span className="text-sm text-muted-foreground">from {value.from}</span>}
      </div>
      <ValueReviewNote documentId={documentId} value={value} />
      <blockquote className="border-l-2 border-highlight pl-3 text-sm text-muted-foreground italic [overflow-wrap:anywhere]">“{value.source.quote}”</blockquote>
      <Link
        to={citationHref(documentId, value.source)}
        className="inline-flex min-h-10 items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline md:min-h-0"
      >
        <FileSearch aria-hidden className="size-4" />
        {sourceLabel(value)}
      </Link>
      {reviewField && <ValueReviewActions documentId={documentId} field={reviewField} value={value} />}
    </li>
  );
}

function FieldRow({
  definition,
  field,
  notStated,
  documentId,
}: {
  definition: FactFieldDefinition;
  field: FactField;
  /** The parts of the agreement silent on this field while others state it. */
  notStated: readonly ProductLine[];
  documentId: string;
}) {
  const showProductLine = field.values.some((value) => value.productLine !== "all");
  return (
    <div className="grid gap-2 border-b py-4 last:border-b-0 md:grid-cols-[14rem_minmax(0,1fr)] md:gap-6">
      <dt>
        <span className="font-medium">{definition.label}</span>
        <span className="block text-sm text-muted-foreground">{definition.description}</span>
      </dt>
      <dd>
        {field.values.length === 0 ? (
          <span className="text-muted-foreground">{NOT_STATED}</span>
        ) : (
          <ul className="space-y-4">
            {field.values.map((value, index) => (
              <FactValueItem key={index} documentId={documentId} value={value} showProductLine={showProductLine} reviewField={field.key} />
            ))}
            {notStated.map((line) => (
              <li key={line} className="text-sm text-muted-foreground">
                {notStatedFor(line)}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </div>
  );
}

const groups = Object.keys(factFieldGroupLabels) as FactFieldGroup[];

function FactSheetFields({ sheet }: { sheet: FactSheet }) {
  const fieldOf = (definition: FactFieldDefinition) => sheet.fields.find((field) => field.key === definition.key) ?? { key: definition.key, values: [] };
  const covered = productLinesCovered(sheet.fields);
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <Card key={group} role="region" className="px-4 py-2 sm:px-6" aria-labelledby={`fact-group-${group}`}>
          <h2 id={`fact-group-${group}`} className="pt-3 text-base font-semibold">
            {factFieldGroupLabels[group]}
          </h2>
          <dl>
            {factFields
              .filter((definition) => definition.group === group)
              .map((definition) => (
                <FieldRow
                  key={definition.key}
                  definition={definition}
                  field={fieldOf(definition)}
                  notStated={productLinesNotStated(fieldOf(definition), covered)}
                  documentId={sheet.documentId}
                />
              ))}
          </dl>
        </Card>
      ))}
    </div>
  );
}

function Reading() {
  return (
    <div className="space-y-4">
      <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        Reading the contract's key terms…
      </div>
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

/**
 * The fact sheet of one processed document: every field grouped, each value cited to its clause and page.
 * Reminders are the owner's own: an admin reading a member's sheet gets none (`canSetReminders`, ADR 040).
 */
export function FactSheetView({ documentId, canSetReminders }: { documentId: string; canSetReminders: boolean }) {
  const query = useFactSheet(documentId);
  const sheet = query.data;
  if (query.isPending) return <Reading />;
  if (!sheet) return <LoadProblem message="The fact sheet could not be loaded." error={query.error} onRetry={() => void query.refetch()} />;
  if (sheet.status === "failed")
    return <LoadProblem message="The fact sheet could not be read from this document." error={query.error} onRetry={() => void query.refetch()} />;
  if (sheet.status === "building" && sheet.builtAt === null) return <Reading />;
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          {sheet.status === "building" ? (
            <span role="status" className="inline-flex items-center gap-2">
              <Loader2 aria-hidden className="size-4 animate-spin" />
              Reading the contract again…
            </span>
          ) : (
            sheet.builtAt && `Read from the contract on ${formatDate(sheet.builtAt)}. Click a clause to see it highlighted on its page.`
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          <DownloadMenu
            name="Download fact sheet"
            variant="outline"
            choices={[
              { href: factSheetExportUrl(sheet.documentId, "csv"), label: "CSV (spreadsheet)", icon: FileSpreadsheet },
              { href: factSheetExportUrl(sheet.documentId, "pdf"), label: "PDF", icon: FileType },
            ]}
          />
          <Button variant="outline" asChild>
            <Link to={paths.compareFactSheets(sheet.documentId)}>
              <Columns2 aria-hidden />
              Compare
            </Link>
          </Button>
        </div>
      </div>
      {sheet.unverifiedCount > 0 && (
        <Alert>
          <Info aria-hidden />
          <AlertTitle>Some values are not shown</AlertTitle>
          <AlertDescription>
            {sheet.unverifiedCount === 1 ? "One value" : `${sheet.unverifiedCount} values`} read from this document could not be verified against its pages, so{" "}
            {sheet.unverifiedCount === 1 ? "it is" : "they are"} left out. Check the contract for any term marked {NOT_STATED}.
          </AlertDescription>
        </Alert>
      )}
      <ReviewsToCheck sheet={sheet} />
      <DeadlineCalculator sheet={sheet} canSetReminders={canSetReminders} />
      <FactSheetFields sheet={sheet} />
      <p className="text-sm text-muted-foreground">{FACT_SHEET_DISCLAIMER}</p>
    </div>
  );
}
