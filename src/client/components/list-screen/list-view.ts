import type { ReactNode } from 'react';
import { displayText } from './list-filters';
import type { RowActionKind } from './row-actions';
import type { ListColumn, RowActions } from './types';

/** What the table (wide screens) and the cards (narrow ones) both draw a list from. */
export interface ListViewProps<T> {
  title: string;
  /** The rows to show, already searched, filtered and sorted. */
  rows: readonly T[];
  columns: readonly ListColumn<T>[];
  getRowId: (row: T) => string;
  getRowLabel: (row: T) => string;
  actionKinds: readonly RowActionKind[];
  actions: RowActions<T> | undefined;
  onRequestDelete: (row: T, trigger: HTMLButtonElement | null) => void;
  /** Opens a row's view when it is clicked or Enter is pressed on it; undefined when the list has no view. */
  onOpenRow: ((row: T, element: HTMLElement) => void) | undefined;
  emptyMessage: string;
  /** The list scrolls back to its top whenever this changes. */
  scrollResetKey: string;
}

/** A column's content for one row: its own rendering, or else its text. */
export const cellOf = <T>(column: ListColumn<T>, row: T): ReactNode => (column.cell ? column.cell(row) : displayText(column.value(row)));
