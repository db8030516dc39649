import type { ReactNode } from "react";
import { SMALL_SCREEN_QUERY, useMediaQuery } from "../../lib/use-media-query";
import { cn } from "../../lib/utils";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./table";

export interface RecordColumn<Item> {
  header: string;
  cell: (item: Item) => ReactNode;
  /** Classes of the table's cell (the card shows the value as it is). */
  className?: string;
  alignEnd?: boolean;
  /** The card's first line, without its header: who or what the record is. */
  isTitle?: boolean;
}

/**
 * Records as a table on wide screens and as cards below `md` (ADR 030): a table with row actions
 * is wider than a phone, and scrolling it sideways hides the actions at its far end. Each card
 * lists its fields under their headers and ends with its actions, all on screen.
 */
export function RecordTable<Item>({
  label,
  items,
  keyOf,
  columns,
  actions,
}: {
  label: string;
  items: readonly Item[];
  keyOf: (item: Item) => string;
  columns: RecordColumn<Item>[];
  /** The row's actions; a record without any renders nothing. */
  actions?: (item: Item) => ReactNode;
}) {
  const isSmallScreen = useMediaQuery(SMALL_SCREEN_QUERY);
  if (isSmallScreen) {
    const title = columns.find((column) => column.isTitle);
    const fields = columns.filter((column) => !column.isTitle);
    return (
      <ul aria-label={label} className="grid grid-cols-1 gap-3">
        {items.map((item) => {
          const itemActions = actions?.(item);
          return (
            <li key={keyOf(item)} className="min-w-0 space-y-3 rounded-lg border p-4 text-sm [overflow-wrap:anywhere]">
              {title && <div className="font-medium">{title.cell(item)}</div>}
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
                {fields.map((column) => (
                  <div key={column.header} className="contents">
                    <dt className="text-muted-foreground">{column.header}</dt>
                    <dd className="min-w-0">{column.cell(item)}</dd>
                  </div>
                ))}
              </dl>
              {itemActions && <div className="flex flex-wrap gap-2 border-t pt-3">{itemActions}</div>}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <Table label={label}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column.header} className={cn(column.alignEnd && "text-right")}>
              {column.header}
            </TableHead>
          ))}
          {actions && (
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={keyOf(item)}>
            {columns.map((column) => (
              <TableCell key={column.header} className={cn(column.alignEnd && "text-right", column.className)}>
                {column.cell(item)}
              </TableCell>
            ))}
            {actions && (
              <TableCell>
                <div className="flex justify-end gap-1">{actions(item)}</div>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
