import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { IGNORED_IN_SEARCH, SEARCH_KEY_TABLE, searchKey } from '@/shared/search-key';

/** Text matched literally by LIKE: its wildcards and the escape character escaped. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A column's text as shared/search-key.ts's searchKey makes it: accents by the same table (capitals too, as
 * lower() in the C locale changes only A–Z), then spaces, apostrophes and hyphens left out.
 */
export function searchKeyOf(column: AnyColumn | SQL): SQL {
  return sql`regexp_replace(lower(translate(${column}, ${SEARCH_KEY_TABLE.from}, ${SEARCH_KEY_TABLE.to})), ${IGNORED_IN_SEARCH}, '', 'g')`;
}

/** The LIKE pattern of a searchKeyOf column holding `typed`, however it is typed: its key, escaped, between wildcards. */
export function searchKeyContains(typed: string): string {
  return `%${escapeLike(searchKey(typed))}%`;
}
