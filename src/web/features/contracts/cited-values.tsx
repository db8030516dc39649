import { Link } from "react-router";
import { citationHref } from "../../../shared/chat";
import { payerNameOf, type ContractRow, type TermCell } from "../../../shared/contracts/portfolio";
import { NOT_STATED, productLineLabels } from "../../../shared/fact-sheet";
import { formatLongDate } from "../../../shared/calendar-dates";
import { cn } from "../../lib/utils";

/** "180 days (Medicaid)": a value with its product line when it is not the whole agreement's. */
export function cellText(cell: TermCell): string {
  return cell.productLine === "all" ? cell.value : `${cell.value} (${productLineLabels[cell.productLine]})`;
}

/** A value that opens the page it is cited on ("180 days, page 2" to a screen reader), with the contract's words as its tooltip. */
export function CitedLink({ documentId, cell, text = cellText(cell) }: { documentId: string; cell: TermCell; text?: string }) {
  return (
    <Link
      to={citationHref(documentId, cell)}
      title={`Page ${cell.page}: “${cell.quote}”`}
      aria-label={`${text}, page ${cell.page}`}
      className="inline-flex min-h-10 items-center font-medium text-primary underline-offset-4 hover:underline md:min-h-0 [overflow-wrap:anywhere]"
    >
      {text}
    </Link>
  );
}

/** Every value of a term, each linked to its page; "Not stated" when the contract is silent. */
export function CitedValues({ documentId, cells }: { documentId: string; cells: readonly TermCell[] }) {
  if (cells.length === 0) return <span className="text-muted-foreground">{NOT_STATED}</span>;
  if (cells.length === 1) return <CitedLink documentId={documentId} cell={cells[0]!} />;
  return (
    <ul className="space-y-1">
      {cells.map((cell, index) => (
        <li key={index}>
          <CitedLink documentId={documentId} cell={cell} />
        </li>
      ))}
    </ul>
  );
}

/** A computed date, linked to the clause it is counted from when there is one. */
export function CitedDate({ documentId, date, cell }: { documentId: string; date: string | null; cell: TermCell | null | undefined }) {
  if (!date) return <span className="text-muted-foreground">{NOT_STATED}</span>;
  return cell ? <CitedLink documentId={documentId} cell={cell} text={formatLongDate(date)} /> : <time dateTime={date}>{formatLongDate(date)}</time>;
}

/**
 * The payer: as read, linked to its page, until a person names it; then their name; `notStated`
 * (muted) when neither. `className` styles a name that is not a link.
 */
export function PayerValue({ contract, notStated = NOT_STATED, className }: { contract: ContractRow; notStated?: string; className?: string }) {
  const { payer } = contract.terms;
  if (payer && !contract.payerCorrection) return <CitedLink documentId={contract.documentId} cell={payer} />;
  const name = payerNameOf(contract);
  return <span className={cn(className, !name && "text-muted-foreground")}>{name ?? notStated}</span>;
}
