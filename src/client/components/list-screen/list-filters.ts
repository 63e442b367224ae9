import { searchKey } from '@/shared/search-key';
import type { ColumnFilters, ListColumn, SortState } from './types';

type CellValue = string | number | null | undefined;

/** The text a cell shows for a value; blanks show as nothing. */
export function displayText(value: CellValue): string {
  return value == null ? '' : String(value);
}

// Values are joined with a newline so a query cannot match across two fields;
// a single-line search box cannot contain one.
const FIELD_SEPARATOR = '\n';

// Rows are treated as immutable (new data arrives as new objects), so a row's
// text can be computed once and reused for every keystroke.
const searchTextCache = new WeakMap<object, string>();

/**
 * Every string, number and date anywhere inside a row, nested objects and arrays
 * included, each as a search compares it, and joined. Booleans are left out: "true" is not
 * something people search for, and it would match unrelated rows.
 */
export function searchableText(row: unknown): string {
  if (typeof row !== 'object' || row === null) return collectText(row);
  let text = searchTextCache.get(row);
  if (text === undefined) {
    text = collectText(row);
    searchTextCache.set(row, text);
  }
  return text;
}

function collectText(root: unknown): string {
  const parts: string[] = [];
  const seen = new Set<object>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') parts.push(value);
    else if (typeof value === 'number' || typeof value === 'bigint') parts.push(String(value));
    else if (value instanceof Date) {
      if (!Number.isNaN(value.getTime())) parts.push(value.toISOString());
    } else if (typeof value === 'object' && value !== null && !seen.has(value)) {
      // Guards against cyclic data such as parent/child back-references.
      seen.add(value);
      for (const nested of Array.isArray(value) ? value : Object.values(value)) visit(nested);
    }
  };
  visit(root);
  return parts.map(searchKey).join(FIELD_SEPARATOR);
}

/** What the search and the column filters read of a row, as a search compares it. */
interface RowTexts {
  /** Each column's displayed text, in column order. */
  columns: readonly string[];
  /** The row's data and each column's text, a field a line: where the global search looks. */
  search: string;
}

// A column's text comes from its `value` function alone, so a row's texts are cached per column set
// (kept stable by the screens): a keystroke then compares strings instead of formatting every cell again.
const rowTextsCache = new WeakMap<readonly ListColumn<never>[], WeakMap<object, RowTexts>>();

function computeRowTexts<T>(row: T, columns: readonly ListColumn<T>[]): RowTexts {
  const columnTexts = columns.map((column) => searchKey(displayText(column.value(row))));
  return { columns: columnTexts, search: [searchableText(row), ...columnTexts].join(FIELD_SEPARATOR) };
}

/** Reads rows' texts for one column set, computing each row's once. */
function rowTextsReader<T>(columns: readonly ListColumn<T>[]): (row: T) => RowTexts {
  let byRow = rowTextsCache.get(columns);
  if (byRow === undefined) {
    byRow = new WeakMap();
    rowTextsCache.set(columns, byRow);
  }
  const cache = byRow;
  return (row) => {
    if (typeof row !== 'object' || row === null) return computeRowTexts(row, columns);
    let texts = cache.get(row);
    if (texts === undefined) {
      texts = computeRowTexts(row, columns);
      cache.set(row, texts);
    }
    return texts;
  };
}

/**
 * Computes the search texts of `rows` from index `start`, at least one row and then while `hasTime()`, so a
 * screen can do it in idle time rather than on the first keystroke. Returns the index to carry on from.
 */
export function prepareRowTexts<T>(rows: readonly T[], columns: readonly ListColumn<T>[], start: number, hasTime: () => boolean): number {
  const textsOf = rowTextsReader(columns);
  let next = start;
  while (next < rows.length) {
    textsOf(rows[next++] as T);
    if (!hasTime()) break;
  }
  return next;
}

/**
 * Whether a row matches the global search: anywhere in its data, or in any
 * column's displayed text (which may be derived, e.g. a formatted date).
 */
function matchesSearch<T>(row: T, columns: readonly ListColumn<T>[], search: string): boolean {
  const query = searchKey(search);
  return query === '' || rowTextsReader(columns)(row).search.includes(query);
}

/** Rows passing the global search and every column filter. Returns `rows` itself when nothing is filtered. */
export function filterRows<T>(
  rows: readonly T[],
  columns: readonly ListColumn<T>[],
  search: string,
  columnFilters: ColumnFilters,
): readonly T[] {
  // As a search compares them (shared/search-key.ts): accents, capitals, spaces, apostrophes and hyphens left out.
  const query = searchKey(search);
  const activeFilters = columns.flatMap((column, index) => {
    const filter = searchKey(columnFilters[column.id] ?? '');
    return filter === '' ? [] : [{ index, filter }];
  });
  if (query === '' && activeFilters.length === 0) return rows;

  const textsOf = rowTextsReader(columns);
  return rows.filter(
    (row) =>
      activeFilters.every(({ index, filter }) => textsOf(row).columns[index]!.includes(filter)) &&
      matchesSearch(row, columns, query),
  );
}

/** The value a row sorts by, or null when the cell is blank. */
function sortKey(value: CellValue): string | number | null {
  if (value == null || Number.isNaN(value)) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  return value;
}

// One shared collator: creating one per comparison is slow on thousands of rows.
// `numeric` orders "Room 2" before "Room 10".
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Ascending order of two non-blank cell values: numbers numerically, text naturally and case-insensitively. */
function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * A stably sorted copy of `rows` by one column. Blank values go last in both
 * directions so that reversing the order never floods the top with empties.
 */
export function sortRows<T>(rows: readonly T[], columns: readonly ListColumn<T>[], sort: SortState | null): readonly T[] {
  const column = sort && columns.find((candidate) => candidate.id === sort.columnId);
  if (!sort || !column) return rows;

  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: sortKey((column.sortValue ?? column.value)(row)) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) {
        if (a.key === b.key) return a.index - b.index;
        return a.key === null ? 1 : -1;
      }
      return sign * compareValues(a.key, b.key) || a.index - b.index;
    })
    .map(({ row }) => row);
}

/** Clicking a header cycles its column through ascending, descending and unsorted. */
export function nextSort(current: SortState | null, columnId: string): SortState | null {
  if (current?.columnId !== columnId) return { columnId, direction: 'asc' };
  return current.direction === 'asc' ? { columnId, direction: 'desc' } : null;
}
