import { ArrowLeft, Columns2, Loader2 } from "lucide-react";
import { useId } from "react";
import { Link, useSearchParams } from "react-router";
import type { FactSheet, FactValue } from "../../../shared/contracts/fact-sheet";
import { compareFactSheets, FACT_SHEET_DISCLAIMER, factFields, NOT_STATED } from "../../../shared/fact-sheet";
import { paths } from "../../../shared/paths";
import { Badge } from "../../components/ui/badge";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { Label } from "../../components/ui/label";
import { LoadProblem } from "../../components/ui/load-problem";
import { NativeSelect } from "../../components/ui/native-select";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/utils";
import { useSiteConfig } from "../../lib/site-config-context";
import { usePageMeta } from "../../lib/use-page-meta";
import { useDocumentList } from "../documents";
import { FactValueItem } from "./fact-sheet-view";
import { useFactSheet } from "./use-fact-sheet";

type Side = "left" | "right";

function DocumentPicker({
  side,
  value,
  options,
  onChange,
}: {
  side: Side;
  value: string;
  options: { id: string; filename: string }[];
  onChange: (id: string) => void;
}) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 space-y-1.5">
      <Label htmlFor={id}>{side === "left" ? "First contract" : "Second contract"}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Choose a processed document…</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.filename}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function Values({ sheet, values }: { sheet: FactSheet; values: FactValue[] }) {
  if (values.length === 0) return <span className="text-muted-foreground">{NOT_STATED}</span>;
  const showProductLine = values.some((value) => value.productLine !== "all");
  return (
    <ul className="space-y-4">
      {values.map((value, index) => (
        <FactValueItem key={index} documentId={sheet.documentId} value={value} showProductLine={showProductLine} />
      ))}
    </ul>
  );
}

function Comparison({ left, right }: { left: FactSheet; right: FactSheet }) {
  const rows = compareFactSheets(left.fields, right.fields);
  const differing = rows.filter((row) => row.differs).length;
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm text-muted-foreground">
        {differing === 0 ? "The two contracts state the same terms." : `${differing} of ${rows.length} terms differ; they are marked “Differs”.`}
      </p>
      <Card className="divide-y px-4 sm:px-6">
        <div aria-hidden className="hidden gap-6 py-3 text-sm font-semibold md:grid md:grid-cols-[12rem_minmax(0,1fr)_minmax(0,1fr)]">
          <span>Term</span>
          <span className="[overflow-wrap:anywhere]">{left.documentName}</span>
          <span className="[overflow-wrap:anywhere]">{right.documentName}</span>
        </div>
        {rows.map((row) => {
          const definition = factFields.find((field) => field.key === row.key)!;
          return (
            <section
              key={row.key}
              aria-label={definition.label}
              className={cn(
                "grid gap-3 py-4 md:grid-cols-[12rem_minmax(0,1fr)_minmax(0,1fr)] md:gap-6",
                row.differs && "bg-highlight/10 -mx-4 px-4 sm:-mx-6 sm:px-6",
              )}
            >
              <div className="flex flex-wrap items-start gap-2">
                <h2 className="font-medium">{definition.label}</h2>
                {row.differs && <Badge variant="outline">Differs</Badge>}
              </div>
              {(["left", "right"] as const).map((side) => {
                const sheet = side === "left" ? left : right;
                return (
                  <div key={side} className="min-w-0">
                    <p className="mb-1 text-xs font-semibold text-muted-foreground md:hidden [overflow-wrap:anywhere]">{sheet.documentName}</p>
                    <Values sheet={sheet} values={row[side]} />
                  </div>
                );
              })}
            </section>
          );
        })}
      </Card>
      <p className="text-sm text-muted-foreground">{FACT_SHEET_DISCLAIMER}</p>
    </div>
  );
}

function ComparedSheets({ leftId, rightId }: { leftId: string; rightId: string }) {
  const left = useFactSheet(leftId);
  const right = useFactSheet(rightId);
  if (left.isError || right.isError)
    return (
      <LoadProblem
        message="The fact sheets could not be loaded."
        error={left.error ?? right.error}
        onRetry={() => {
          void left.refetch();
          void right.refetch();
        }}
      />
    );
  const isReading = [left.data, right.data].some((sheet) => !sheet || (sheet.status === "building" && sheet.builtAt === null));
  if (isReading)
    return (
      <div className="space-y-3">
        <p role="status" className="inline-flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          Reading the contracts' key terms…
        </p>
        <Skeleton className="h-64 w-full" />
      </div>
    );
  return <Comparison left={left.data!} right={right.data!} />;
}

/** /app/compare?left=&right= — two contracts' fact sheets side by side, the terms that differ marked. */
export function CompareFactSheetsPage() {
  const site = useSiteConfig();
  usePageMeta({ title: `Compare fact sheets · ${site.productName}` });
  const [searchParams, setSearchParams] = useSearchParams();
  const leftId = searchParams.get("left") ?? "";
  const rightId = searchParams.get("right") ?? "";
  const documents = useDocumentList();
  const processed = (documents.data ?? []).filter((document) => document.status === "completed");
  const choose = (side: Side, id: string) => {
    const next = { left: leftId, right: rightId, [side]: id };
    setSearchParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value)), { replace: true });
  };
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link
          to={leftId ? paths.documentFactSheet(leftId) : paths.documents}
          className="inline-flex min-h-10 items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground md:min-h-0"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {leftId ? "Back to the fact sheet" : "Document Library"}
        </Link>
        <h1 className="text-xl font-bold tracking-tight sm:text-2xl">Compare fact sheets</h1>
        <p className="text-sm text-muted-foreground">Put a contract beside the payer's template, or two payers' contracts beside each other.</p>
      </div>
      {documents.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : documents.isError ? (
        <LoadProblem message="Your documents could not be loaded." error={documents.error} onRetry={() => void documents.refetch()} />
      ) : processed.length < 2 ? (
        <EmptyState icon={Columns2} title="Two processed documents are needed" className="py-12">
          <p className="max-w-md text-muted-foreground">Upload and process another contract to compare it with this one.</p>
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-4 sm:flex-row">
          <DocumentPicker side="left" value={leftId} options={processed} onChange={(id) => choose("left", id)} />
          <DocumentPicker
            side="right"
            value={rightId}
            options={processed.filter((document) => document.id !== leftId)}
            onChange={(id) => choose("right", id)}
          />
        </div>
      )}
      {leftId && rightId && leftId === rightId && <p className="text-sm text-muted-foreground">Choose two different contracts to compare.</p>}
      {leftId && rightId && leftId !== rightId && <ComparedSheets leftId={leftId} rightId={rightId} />}
    </div>
  );
}
