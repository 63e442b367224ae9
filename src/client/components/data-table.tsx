import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { RowCard } from '@/client/components/row-card';
import { cn } from '@/client/lib/utils';

export interface DataColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /**
   * How the column shows on a phone, where each row is a card: as the card's `title`, as its `actions` (at its
   * foot, without a label) or, by default, as a labelled field.
   */
  card?: 'title' | 'actions';
  className?: string;
}

/** Rows the user ticks to act on together: a box on every row, and one for them all. */
export interface RowSelection<T> {
  /** The keys (rowKey, as text) of the rows ticked. */
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** The row's box's accessible name, e.g. "Select Ada Lovelace". */
  rowLabel: (row: T) => string;
}

/** Where the cards give way to the table: a table whose cells need the width (long texts) waits for a wider screen. */
const TABLE_FROM = {
  md: { table: 'md:block', cards: 'md:hidden' },
  lg: { table: 'lg:block', cards: 'lg:hidden' },
} as const;

interface DataTableProps<T> {
  /** Names the table and the list of cards for assistive technology. */
  label: string;
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  rowKey: (row: T) => string | number;
  emptyText: string;
  selection?: RowSelection<T>;
  /** A card of the table's own, where a title and labelled fields would not read well. */
  card?: (row: T) => ReactNode;
  tableFrom?: keyof typeof TABLE_FROM;
  /** Fixed column widths (set by the columns' classes), so one long cell cannot push the others aside; cells read from the top. */
  fixed?: boolean;
}

function SelectBox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return <input type="checkbox" aria-label={label} checked={checked} onChange={(event) => onChange(event.target.checked)} />;
}

/**
 * A short list of rows that are read rather than searched (runs, messages, staff, the audit trail): a table on
 * wide screens and a card per row on phones, so nothing scrolls sideways. Long record lists use the list
 * screens instead.
 */
export function DataTable<T>({ label, rows, columns, rowKey, emptyText, selection, card, tableFrom = 'md', fixed = false }: DataTableProps<T>) {
  const title = columns.find((column) => column.card === 'title');
  const actions = columns.find((column) => column.card === 'actions');
  const fields = columns.filter((column) => column !== title && column !== actions);
  const breakpoint = TABLE_FROM[tableFrom];
  const keyOf = (row: T) => String(rowKey(row));
  const allSelected = selection !== undefined && rows.length > 0 && selection.selected.size === rows.length;
  const selectAll = (checked: boolean) => selection?.onChange(checked ? new Set(rows.map(keyOf)) : new Set());
  const selectRow = (row: T, checked: boolean) => {
    const next = new Set(selection!.selected);
    if (checked) next.add(keyOf(row));
    else next.delete(keyOf(row));
    selection!.onChange(next);
  };
  const rowBox = (row: T) => selection && <SelectBox label={selection.rowLabel(row)} checked={selection.selected.has(keyOf(row))} onChange={(checked) => selectRow(row, checked)} />;
  const width = columns.length + (selection ? 1 : 0);

  return (
    <>
      <div className={cn('hidden overflow-x-auto rounded-xl border bg-card', breakpoint.table)}>
        <Table aria-label={label} className={cn(fixed && 'table-fixed')}>
          <TableHeader>
            <TableRow>
              {selection && (
                <TableHead className="w-10">
                  <SelectBox label="Select everyone" checked={allSelected} onChange={selectAll} />
                </TableHead>
              )}
              {columns.map((column) => (
                <TableHead key={column.header} className={column.className}>
                  {column.card === 'actions' ? <span className="sr-only">{column.header}</span> : column.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={width} className="h-16 text-center text-muted-foreground">
                  {emptyText}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={rowKey(row)}>
                  {selection && <TableCell>{rowBox(row)}</TableCell>}
                  {columns.map((column) => (
                    <TableCell key={column.header} className={cn('whitespace-normal', fixed && 'align-top', column.card === 'actions' && 'text-right', column.className)}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <div className={cn('flex flex-col gap-2', breakpoint.cards)}>
        {selection && rows.length > 0 && (
          <label className="flex items-center gap-2 px-1 text-sm">
            <SelectBox label="Select everyone" checked={allSelected} onChange={selectAll} /> Select everyone
          </label>
        )}
        <ul aria-label={label} className="flex flex-col gap-2">
          {rows.length === 0 && <li className="rounded-xl border bg-card p-4 text-center text-muted-foreground">{emptyText}</li>}
          {rows.map((row) => (
            <RowCard
              key={rowKey(row)}
              as="li"
              className="rounded-xl bg-card"
              head={
                (title || selection) && (
                  <div className="flex items-center gap-2 font-medium break-words">
                    {rowBox(row)}
                    {title?.cell(row)}
                  </div>
                )
              }
              fields={fields.map((column) => ({ key: column.header, header: column.header, value: column.cell(row) }))}
              fieldLayout="beside"
              foot={actions && <div className="flex flex-wrap justify-end gap-2">{actions.cell(row)}</div>}
            >
              {card?.(row)}
            </RowCard>
          ))}
        </ul>
      </div>
    </>
  );
}
