import type { UseQueryResult } from "@tanstack/react-query";
import { Search, type LucideIcon } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { ADMIN_PAGE_SIZE } from "../../../shared/admin";
import { Button } from "../../components/ui/button";
import { Pager } from "../../components/ui/pager";
import { EmptyState } from "../../components/ui/empty-state";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { LoadProblem } from "../../components/ui/load-problem";
import { NativeSelect } from "../../components/ui/native-select";
import { RecordTable, type RecordColumn } from "../../components/ui/record-table";
import { SkeletonRows } from "../../components/ui/skeleton";
import type { ConsoleUrl } from "./use-console-url";

/** A search box kept in the URL (`q`): it searches when submitted (Enter or the button), not on every key. */
export function SearchBox({ url, label, placeholder }: { url: ConsoleUrl; label: string; placeholder: string }) {
  const id = useId();
  const current = url.get("q") ?? "";
  const [text, setText] = useState(current);
  return (
    <form
      role="search"
      aria-label={label}
      className="flex min-w-0 flex-1 items-end gap-2 sm:max-w-md"
      onSubmit={(event) => {
        event.preventDefault();
        url.setFilter("q", text.trim() || undefined);
      }}
    >
      <div className="grid min-w-0 flex-1 gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input id={id} type="search" value={text} placeholder={placeholder} onChange={(event) => setText(event.target.value)} />
      </div>
      <Button type="submit" variant="outline">
        <Search aria-hidden />
        Search
      </Button>
    </form>
  );
}

/** A filter kept in the URL under `name`; the first option (value "") means no filter. */
export function FilterSelect({ url, name, label, options }: { url: ConsoleUrl; name: string; label: string; options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div className="grid min-w-40 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={url.get(name) ?? ""} onChange={(event) => url.setFilter(name, event.target.value || undefined)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

export function Toolbar({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex flex-wrap items-end gap-3">{children}</div>;
}

/**
 * One server page of a list: its loading, failure and empty states, the records (a table, cards on
 * a phone: RecordTable), and Previous / Next (100 rows a page, the offset in the URL).
 */
export function PagedTable<Data extends { nextOffset: number | null }, Row extends { id: string }>({
  label,
  query,
  rowsOf,
  url,
  empty,
  columns,
  actions,
}: {
  label: string;
  query: UseQueryResult<Data>;
  rowsOf: (data: Data) => Row[];
  url: ConsoleUrl;
  empty: { icon: LucideIcon; title: string; text: string };
  columns: RecordColumn<Row>[];
  actions?: (row: Row) => ReactNode;
}) {
  if (query.isPending) return <SkeletonRows label={`Loading ${label.toLowerCase()}`} />;
  if (query.isError) return <LoadProblem message={`Failed to load ${label.toLowerCase()}.`} error={query.error} onRetry={() => void query.refetch()} />;
  const rows = rowsOf(query.data);
  const { nextOffset } = query.data;
  return (
    <div className="space-y-3">
      {rows.length === 0 ? (
        <EmptyState icon={empty.icon} title={empty.title} className="rounded-lg border border-dashed px-6 py-10">
          <p className="text-sm text-muted-foreground">{empty.text}</p>
        </EmptyState>
      ) : (
        <RecordTable label={label} items={rows} keyOf={(row) => row.id} columns={columns} actions={actions} />
      )}
      <Pager label={label} noun="Rows" offset={url.offset} shown={rows.length} pageSize={ADMIN_PAGE_SIZE} nextOffset={nextOffset} onOffset={url.setOffset} />
    </div>
  );
}
