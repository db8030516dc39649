import { FileSpreadsheet, FileText, Filter, Rows3 } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { can } from "../../../shared/access";
import { accessSubjectOf } from "../../../shared/app-user";
import {
  exclusiveFilters,
  portfolioFilterLabels,
  portfolioFilters,
  portfolioSortLabels,
  portfolioSorts,
  type ContractRow,
  type PortfolioFilter,
  type PortfolioSort,
  type PortfolioView,
} from "../../../shared/contracts/portfolio";
import { paths } from "../../../shared/paths";
import { PageHeader } from "../../components/layout/page-header";
import { DownloadMenu } from "../../components/ui/download-menu";
import { EmptyState } from "../../components/ui/empty-state";
import { Label } from "../../components/ui/label";
import { LoadProblem } from "../../components/ui/load-problem";
import { NativeSelect } from "../../components/ui/native-select";
import { Pager } from "../../components/ui/pager";
import { RecordTable, type RecordColumn } from "../../components/ui/record-table";
import { SkeletonRows } from "../../components/ui/skeleton";
import { useSession } from "../session";
import { CitedDate, CitedValues, PayerValue } from "./cited-values";
import { portfolioExportUrl } from "./contracts-api";
import { PortfolioCalendar } from "./portfolio-calendar";
import { usePortfolio, usePortfolioSettings, useSavePortfolioSettings } from "./use-contracts";

const PAGE_TITLE = "Portfolio";
const CONFIRMED_MEANS = "A value is confirmed once a person confirms or corrects it on the agreement's fact sheet (the payer, also once a person names it).";

const columns: RecordColumn<ContractRow>[] = [
  {
    header: "Payer",
    isTitle: true,
    cell: (row) => (
      <span className="grid gap-0.5">
        <PayerValue contract={row} notStated="Payer not stated" className="font-medium" />
        <Link
          to={paths.documentFactSheet(row.documentId)}
          className="text-xs text-muted-foreground underline-offset-4 hover:underline [overflow-wrap:anywhere]"
        >
          {row.documentName}
        </Link>
      </span>
    ),
  },
  { header: "Product lines", cell: (row) => <CitedValues documentId={row.documentId} cells={row.terms.productLines} /> },
  { header: "Effective", cell: (row) => <CitedDate documentId={row.documentId} date={row.terms.effectiveDate} cell={row.terms.effective} /> },
  { header: "Renewal", cell: (row) => <CitedDate documentId={row.documentId} date={row.terms.renewalDate} cell={row.terms.renewal} /> },
  { header: "Notice by", cell: (row) => <CitedDate documentId={row.documentId} date={row.terms.noticeByDate} cell={row.terms.nonRenewalNotice[0]} /> },
  { header: "Termination without cause", cell: (row) => <CitedValues documentId={row.documentId} cells={row.terms.terminationWithoutCause} /> },
  { header: "Timely filing", cell: (row) => <CitedValues documentId={row.documentId} cells={row.terms.timelyFiling} /> },
  { header: "Appeal window", cell: (row) => <CitedValues documentId={row.documentId} cells={row.terms.appealWindow} /> },
  { header: "Lesser-of", cell: (row) => <CitedValues documentId={row.documentId} cells={row.terms.lesserOf} /> },
  { header: "Reimbursement basis", cell: (row) => <CitedValues documentId={row.documentId} cells={row.terms.reimbursementBasis} /> },
  { header: "Governing law", cell: (row) => <CitedValues documentId={row.documentId} cells={row.terms.governingLaw} /> },
];

function ViewControls({ view, onChange }: { view: PortfolioView; onChange: (view: PortfolioView) => void }) {
  const id = useId();
  // Turning on one of a pair no agreement passes together turns the other off.
  const toggle = (filter: PortfolioFilter, isOn: boolean) => {
    const others = view.filters.filter((other) => other !== filter && !(isOn && other === exclusiveFilters[filter]));
    onChange({ ...view, filters: isOn ? [...others, filter] : others });
  };
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Show only</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {portfolioFilters.map((filter) => (
            <label key={filter} className="flex min-h-10 items-center gap-2 text-sm md:min-h-8">
              <input
                type="checkbox"
                className="size-4 accent-primary max-md:size-10"
                checked={view.filters.includes(filter)}
                onChange={(event) => toggle(filter, event.target.checked)}
              />
              {portfolioFilterLabels[filter]}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">{CONFIRMED_MEANS}</p>
      </fieldset>
      <div className="grid min-w-40 gap-1.5">
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <NativeSelect id={`${id}-sort`} value={view.sort} onChange={(event) => onChange({ ...view, sort: event.target.value as PortfolioSort })}>
          {portfolioSorts.map((sort) => (
            <option key={sort} value={sort}>
              {portfolioSortLabels[sort]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid min-w-36 gap-1.5">
        <Label htmlFor={`${id}-order`}>Order</Label>
        <NativeSelect id={`${id}-order`} value={view.order} onChange={(event) => onChange({ ...view, order: event.target.value as PortfolioView["order"] })}>
          <option value="asc">Earliest or A–Z first</option>
          <option value="desc">Latest or Z–A first</option>
        </NativeSelect>
      </div>
    </div>
  );
}

/** The organization's weekly email of notice-by dates: admins turn it on or off. */
function DigestSetting() {
  const id = useId();
  const settings = usePortfolioSettings(true);
  const save = useSavePortfolioSettings();
  if (!settings.data) return null;
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-digest`}>Weekly digest email</Label>
        <p id={`${id}-digest-description`} className="text-sm text-muted-foreground">
          Every week, admins get the notice-by dates of the next 60 days.
        </p>
      </div>
      <input
        id={`${id}-digest`}
        type="checkbox"
        className="size-5 shrink-0 accent-primary max-md:size-10"
        aria-describedby={`${id}-digest-description`}
        checked={settings.data.weeklyDigest}
        disabled={save.isPending}
        onChange={(event) =>
          save.mutate(
            { weeklyDigest: event.target.checked },
            { onError: (error) => toast.error("Could not save the digest setting", { description: error.message }) },
          )
        }
      />
    </div>
  );
}

function PortfolioList({ view, onView }: { view: PortfolioView; onView: (view: PortfolioView) => void }) {
  const [page, setPage] = useState(1);
  const portfolio = usePortfolio(view, page);
  const changeView = (next: PortfolioView) => {
    setPage(1);
    onView(next);
  };
  let content: React.ReactNode;
  if (portfolio.isPending) content = <SkeletonRows label="Loading the portfolio" rows={6} />;
  else if (portfolio.error)
    content = <LoadProblem message="The portfolio could not be loaded." error={portfolio.error} onRetry={() => void portfolio.refetch()} />;
  else if (portfolio.data.total === 0 && view.filters.length > 0)
    content = (
      <EmptyState icon={Filter} title="No agreement matches these filters">
        <p className="text-sm text-muted-foreground">Turn a filter off to see more agreements.</p>
      </EmptyState>
    );
  else if (portfolio.data.total === 0)
    content = (
      <EmptyState icon={Rows3} title="No agreements yet">
        <p className="max-w-sm text-sm text-muted-foreground">Each processed contract appears here once its fact sheet has been read.</p>
        <Link to={paths.documents} className="font-medium text-primary underline-offset-4 hover:underline">
          Go to documents
        </Link>
      </EmptyState>
    );
  else {
    const { rows, pageSize, total } = portfolio.data;
    const offset = (page - 1) * pageSize;
    content = (
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total === 1 ? "1 agreement" : `${total} agreements`}
        </p>
        <div className="overflow-x-auto">
          <RecordTable label="Agreements" items={rows} keyOf={(row) => row.documentId} columns={columns} />
        </div>
        <Pager
          label="Agreements"
          noun="Agreements"
          offset={offset}
          shown={rows.length}
          pageSize={pageSize}
          nextOffset={offset + rows.length < total ? offset + pageSize : null}
          onOffset={(next) => setPage(next / pageSize + 1)}
        />
      </div>
    );
  }
  return (
    <section aria-label="Agreements" className="space-y-4">
      <ViewControls view={view} onChange={changeView} />
      {content}
    </section>
  );
}

/** Every agreement the person may see, with its key terms cited, filters, exports and the next 12 months' dates. */
export function PortfolioPage() {
  const { user } = useSession();
  const isAdmin = user ? can(accessSubjectOf(user), "organization.manage") : false;
  const [view, setView] = useState<PortfolioView>({ filters: [], sort: "renewal", order: "asc" });
  return (
    <div className="space-y-8">
      <PageHeader
        title={PAGE_TITLE}
        description={
          isAdmin
            ? "Every agreement in your organization, with the terms that matter, each linked to its page."
            : "Your agreements, with the terms that matter, each linked to its page."
        }
        actions={
          <DownloadMenu
            name="Download the portfolio"
            variant="outline"
            choices={[
              { href: portfolioExportUrl(view, "xlsx"), label: "Excel (.xlsx)", icon: FileSpreadsheet },
              { href: portfolioExportUrl(view, "csv"), label: "CSV", icon: FileText },
            ]}
          />
        }
      />
      {isAdmin && <DigestSetting />}
      <PortfolioList view={view} onView={setView} />
      <PortfolioCalendar />
    </div>
  );
}
