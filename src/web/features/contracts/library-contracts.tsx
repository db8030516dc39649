import { Pencil } from "lucide-react";
import { useId, useState } from "react";
import {
  portfolioFilterLabels,
  portfolioFilters,
  portfolioSortLabels,
  portfolioSorts,
  type ContractRow,
  type PortfolioFilter,
  type PortfolioSort,
} from "../../../shared/contracts/portfolio";
import { formatLongDate, type IsoDate } from "../../../shared/calendar-dates";
import { matchesFilters, sortRows } from "../../../shared/portfolio-view";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { CitedDate, CitedLink, PayerValue } from "./cited-values";
import { PayerDialog } from "./payer-dialog";

/** How the library is ordered and narrowed by the contracts' terms; "uploaded" keeps the library's own order. */
export interface LibraryArrangement {
  sort: "uploaded" | PortfolioSort;
  filter: "all" | PortfolioFilter;
}

export const defaultArrangement: LibraryArrangement = { sort: "uploaded", filter: "all" };

/**
 * The documents in the arrangement's order: with a filter, only those whose terms pass it; sorted by
 * a term, documents with terms in that order and the rest (not yet read, or no contract) after.
 */
export function arrangeLibrary<Document extends { id: string }>(
  documents: readonly Document[],
  contracts: ReadonlyMap<string, ContractRow> | undefined,
  arrangement: LibraryArrangement,
  today: IsoDate,
): Document[] {
  if (arrangement.sort === "uploaded" && arrangement.filter === "all") return [...documents];
  const rows = documents.map((document) => contracts?.get(document.id)).filter((row): row is ContractRow => row !== undefined);
  const filters = arrangement.filter === "all" ? [] : [arrangement.filter];
  const passing = new Set(rows.filter((row) => matchesFilters(row, filters, today)).map((row) => row.documentId));
  const kept = filters.length ? documents.filter((document) => passing.has(document.id)) : [...documents];
  if (arrangement.sort === "uploaded") return kept;
  const order = new Map(sortRows(rows, arrangement.sort, "asc").map((row, index) => [row.documentId, index]));
  return kept
    .map((document, index) => ({ document, rank: order.get(document.id) ?? rows.length + index }))
    .sort((left, right) => left.rank - right.rank)
    .map(({ document }) => document);
}

/** Sort and filter the library by the contracts' terms. */
export function LibraryArrangementControls({ value, onChange }: { value: LibraryArrangement; onChange: (value: LibraryArrangement) => void }) {
  const id = useId();
  return (
    <div className="flex flex-wrap gap-3">
      <div className="grid min-w-44 flex-1 gap-1.5 sm:flex-none">
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <NativeSelect id={`${id}-sort`} value={value.sort} onChange={(event) => onChange({ ...value, sort: event.target.value as LibraryArrangement["sort"] })}>
          <option value="uploaded">Upload date</option>
          {portfolioSorts.map((sort) => (
            <option key={sort} value={sort}>
              {portfolioSortLabels[sort]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid min-w-44 flex-1 gap-1.5 sm:flex-none">
        <Label htmlFor={`${id}-filter`}>Show</Label>
        <NativeSelect
          id={`${id}-filter`}
          value={value.filter}
          onChange={(event) => onChange({ ...value, filter: event.target.value as LibraryArrangement["filter"] })}
        >
          <option value="all">All documents</option>
          {portfolioFilters.map((filter) => (
            <option key={filter} value={filter}>
              {portfolioFilterLabels[filter]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** A completed document's key terms on its library card, each linked to its page; the payer can be corrected. */
export function ContractSummary({ contract }: { contract: ContractRow }) {
  const [isEditing, setEditing] = useState(false);
  const { terms, documentId } = contract;
  return (
    <>
      <dl aria-label="Contract details" className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 border-t pt-3 text-sm">
        <Detail label="Payer">
          <span className="inline-flex flex-wrap items-center gap-1">
            <PayerValue contract={contract} />
            <Button
              variant="ghost"
              size="icon"
              className="size-8 max-md:size-10"
              aria-label={`Edit payer of ${contract.documentName}`}
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden />
            </Button>
          </span>
        </Detail>
        {terms.agreementType && (
          <Detail label="Agreement">
            <CitedLink documentId={documentId} cell={terms.agreementType} />
          </Detail>
        )}
        {terms.productLineNames.length > 0 && <Detail label="Product lines">{terms.productLineNames.join(", ")}</Detail>}
        <Detail label="Effective">
          <CitedDate documentId={documentId} date={terms.effectiveDate} cell={terms.effective} />
        </Detail>
        <Detail label={terms.renewalDate ? "Renews" : "Term ends"}>
          <CitedDate documentId={documentId} date={terms.renewalDate ?? terms.termEnds} cell={terms.renewal} />
        </Detail>
        {contract.nextDeadline && (
          <Detail label="Next deadline">
            {contract.nextDeadline.label}: <time dateTime={contract.nextDeadline.date}>{formatLongDate(contract.nextDeadline.date)}</time>
          </Detail>
        )}
      </dl>
      <PayerDialog contract={contract} open={isEditing} onOpenChange={setEditing} />
    </>
  );
}
