import type * as React from 'react';

/** A column of a list screen. `value` is the single source for display, the column filter and sorting. */
export interface ListColumn<T> {
  id: string;
  header: string;
  /** The text used for display, the column filter and sorting. */
  value: (row: T) => string | number | null | undefined;
  /** Optional richer rendering; filtering and sorting still use `value`. */
  cell?: (row: T) => React.ReactNode;
  /** What the column sorts by when the shown text does not sort right (dates: the ISO date). */
  sortValue?: (row: T) => string | number | null | undefined;
  /** Classes for this column's header and cells (e.g. a minimum width). */
  className?: string;
  /**
   * How the column shows on the card that stands for a row on a narrow screen: as the card's `title`, as its
   * `first` key field (shown before the others, e.g. the expiry on the DBS list), as a `key` field, or not at
   * all (the default; the card keeps to what tells one row from another).
   */
  card?: 'title' | 'first' | 'key';
  /** The field as a card shows it, when unlike the table's cell (a phone has no tooltips). */
  cardCell?: (row: T) => React.ReactNode;
}

/** What the signed-in role may do on this screen. */
export interface ListPermissions {
  create: boolean;
  update: boolean;
  delete: boolean;
}

/**
 * The row actions a screen supports. Each handler is optional: a missing handler
 * means the screen does not offer that action. Permissions decide who sees the rest.
 */
export interface RowActions<T> {
  onView?: (row: T) => void;
  onEdit?: (row: T) => void;
  onAddPackage?: (row: T) => void;
  onAddRequest?: (row: T) => void;
  onAddTraining?: (row: T) => void;
  /** A package's visits in a week (/packages/plan/{id}). */
  onPlanVisits?: (row: T) => void;
  onRenew?: (row: T) => void;
  onArchive?: (row: T) => void;
  /** Runs after the user confirms; the confirmation dialog closes when it settles. */
  onDelete?: (row: T) => Promise<unknown>;
  /** Lets the Archive item read "Unarchive" for rows that are already archived. */
  isArchived?: (row: T) => boolean;
}

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  columnId: string;
  direction: SortDirection;
}

/** Per-column filter text, keyed by column id. */
export type ColumnFilters = Readonly<Record<string, string>>;
