import { type ReactNode, useEffect, useRef } from 'react';
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
  /** A screen's own menu for each row, in place of the standard actions (see ListScreenProps.rowMenu). */
  rowMenu: ((row: T) => ReactNode) | undefined;
  onRequestDelete: (row: T, trigger: HTMLButtonElement | null) => void;
  /** Opens a row's view when it is clicked or Enter is pressed on it; undefined when the list has no view. */
  onOpenRow: ((row: T, element: HTMLElement) => void) | undefined;
  emptyMessage: string;
  /** The list scrolls back to its top whenever this changes. */
  scrollResetKey: string;
  /** The record just saved: scrolled into view once it is among the rows, and marked. */
  savedRowId: string | undefined;
}

/** Scrolls to the saved row once, when it first appears among the rows (a search may hide it until cleared). */
export function useScrollToSavedRow<T>(
  rows: readonly T[],
  getRowId: (row: T) => string,
  savedRowId: string | undefined,
  scrollToIndex: (index: number) => void,
) {
  const scrolledTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!savedRowId || scrolledTo.current === savedRowId) return;
    const index = rows.findIndex((row) => getRowId(row) === savedRowId);
    if (index < 0) return;
    scrolledTo.current = savedRowId;
    scrollToIndex(index);
  }, [rows, getRowId, savedRowId, scrollToIndex]);
}

/** How a saved row stands out from the others, in the table and in the cards. */
export const SAVED_ROW_CLASS = 'bg-accent';

/** A column's content for one row: its own rendering, or else its text. */
export const cellOf = <T>(column: ListColumn<T>, row: T): ReactNode => (column.cell ? column.cell(row) : displayText(column.value(row)));
