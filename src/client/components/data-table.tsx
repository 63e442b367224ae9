import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
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

interface DataTableProps<T> {
  /** Names the table and the list of cards for assistive technology. */
  label: string;
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  rowKey: (row: T) => string | number;
  emptyText: string;
}

/**
 * A short list of rows that are read rather than searched (runs, messages, staff): a table on wide screens
 * and a card per row on phones, so nothing scrolls sideways. Long record lists use the list screens instead.
 */
export function DataTable<T>({ label, rows, columns, rowKey, emptyText }: DataTableProps<T>) {
  const title = columns.find((column) => column.card === 'title');
  const actions = columns.find((column) => column.card === 'actions');
  const fields = columns.filter((column) => column !== title && column !== actions);
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border bg-card md:block">
        <Table aria-label={label}>
          <TableHeader>
            <TableRow>
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
                <TableCell colSpan={columns.length} className="h-16 text-center text-muted-foreground">
                  {emptyText}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={rowKey(row)}>
                  {columns.map((column) => (
                    <TableCell key={column.header} className={cn('whitespace-normal', column.card === 'actions' && 'text-right', column.className)}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <ul aria-label={label} className="flex flex-col gap-2 md:hidden">
        {rows.length === 0 && <li className="rounded-xl border bg-card p-4 text-center text-muted-foreground">{emptyText}</li>}
        {rows.map((row) => (
          <li key={rowKey(row)} className="flex flex-col gap-2 rounded-xl border bg-card p-3">
            {title && <div className="font-medium break-words">{title.cell(row)}</div>}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {fields.map((column) => (
                <div key={column.header} className="contents">
                  <dt className="text-muted-foreground">{column.header}</dt>
                  <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {actions && <div className="flex flex-wrap justify-end gap-2">{actions.cell(row)}</div>}
          </li>
        ))}
      </ul>
    </>
  );
}
