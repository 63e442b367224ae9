import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from './client';

/** The rows of one table for selectRowsAsJson and selectTablesAsJson: those matching `where`, in `orderBy` order. */
export interface JsonRowsPart<T extends PgTable = PgTable> {
  table: T;
  where: SQL | undefined;
  orderBy: SQL[];
  /** Only these columns of the table's rows, by the keys they are read under (every column when left out). */
  columns?: Record<string, PgColumn>;
}

function columnsOf({ table, columns }: JsonRowsPart): [string, PgColumn][] {
  return Object.entries(columns ?? (getTableColumns(table) as Record<string, PgColumn>));
}

/** The part's rows as one JSON text (an array), from a subquery. */
function rowsAsJson(part: JsonRowsPart): SQL {
  const { table, where, orderBy } = part;
  const columns = columnsOf(part);
  // JSON has no exact decimals, so numerics come as their text, as the drivers give them.
  const fields = columns.map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column.columnType === 'PgNumeric' ? sql`${column}::text` : column}`);
  return sql`select coalesce(json_agg(json_build_object(${sql.join(fields, sql`, `)}) order by ${sql.join(orderBy, sql`, `)}), '[]')::text
      from ${table} ${where ? sql`where ${where}` : sql``}`;
}

/** The rows of a part's JSON text, as drizzle gives them. */
function rowsFromJson<T extends PgTable>(part: JsonRowsPart<T>, text: string): T['$inferSelect'][] {
  const rows = JSON.parse(text) as Record<string, unknown>[];
  const timestamps = columnsOf(part)
    .filter(([, column]) => column.columnType === 'PgTimestamp')
    .map(([key]) => key);
  for (const row of rows) {
    for (const key of timestamps) if (row[key] !== null) row[key] = new Date(row[key] as string);
  }
  return rows as T['$inferSelect'][];
}

/**
 * The rows `db.select().from(table).where(where).orderBy(...orderBy)` gives, read as one JSON text.
 * PGlite decodes every field of every row in JavaScript, which for a list of thousands of rows takes
 * several times longer than building and parsing one JSON value; both drivers answer alike.
 */
export async function selectRowsAsJson<T extends PgTable>(db: Executor, table: T, where: SQL | undefined, orderBy: SQL[]): Promise<T['$inferSelect'][]> {
  const [result] = await queryRows<{ rows: string }>(db, sql`select (${rowsAsJson({ table, where, orderBy })}) as rows`);
  return rowsFromJson({ table, where, orderBy }, result!.rows);
}

/**
 * The rows of several tables, each as selectRowsAsJson gives them, in one statement: one round trip (and
 * one wait for a pooled connection) for a record and what hangs on it. A part with `columns` gives only
 * those fields of each row (its type still names the whole row: read only what was asked for).
 */
export async function selectTablesAsJson<T extends Record<string, PgTable>>(
  db: Executor,
  parts: { [K in keyof T]: JsonRowsPart<T[K]> },
): Promise<{ [K in keyof T]: T[K]['$inferSelect'][] }> {
  const entries = Object.entries(parts) as [string, JsonRowsPart][];
  const [result] = await queryRows<Record<string, string>>(
    db,
    sql`select ${sql.join(
      entries.map(([key, part]) => sql`(${rowsAsJson(part)}) as ${sql.identifier(key)}`),
      sql`, `,
    )}`,
  );
  return Object.fromEntries(entries.map(([key, part]) => [key, rowsFromJson(part, result![key]!)])) as { [K in keyof T]: T[K]['$inferSelect'][] };
}
