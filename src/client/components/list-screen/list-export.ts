import type { CsvCell } from '@/shared/csv';
import type { ListColumn } from './types';

/**
 * The rows as a list shows them, for its CSV: the columns' headers, then each row's `value`s. The row actions
 * are not a column, so they are never in it.
 */
export function listCsvRows<T>(rows: readonly T[], columns: readonly ListColumn<T>[]): CsvCell[][] {
  return [columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => column.value(row)))];
}

/** The CSV's file name: the list's name in lower case, words joined by hyphens, and the day, e.g. `clients-2026-11-24.csv`. */
export function listCsvFileName(name: string, today: string): string {
  const words = name.toLowerCase().match(/[a-z0-9]+/g) ?? ['list'];
  return `${words.join('-')}-${today}.csv`;
}
