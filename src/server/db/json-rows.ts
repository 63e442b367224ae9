import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from './client';

/**
 * The rows `db.select().from(table).where(where).orderBy(...orderBy)` gives, read as one JSON text.
 * PGlite decodes every field of every row in JavaScript, which for a list of thousands of rows takes
 * several times longer than building and parsing one JSON value; both drivers answer alike.
 */
export async function selectRowsAsJson<T extends PgTable>(db: Executor, table: T, where: SQL | undefined, orderBy: SQL[]): Promise<T['$inferSelect'][]> {
  const columns = Object.entries(getTableColumns(table));
  // JSON has no exact decimals, so numerics come as their text, as the drivers give them.
  const fields = columns.map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column.columnType === 'PgNumeric' ? sql`${column}::text` : column}`);
  const [result] = await queryRows<{ rows: string }>(
    db,
    sql`select coalesce(json_agg(json_build_object(${sql.join(fields, sql`, `)}) order by ${sql.join(orderBy, sql`, `)}), '[]')::text as rows
      from ${table} ${where ? sql`where ${where}` : sql``}`,
  );
  const rows = JSON.parse(result!.rows) as Record<string, unknown>[];
  const timestamps = columns.filter(([, column]) => column.columnType === 'PgTimestamp').map(([key]) => key);
  for (const row of rows) {
    for (const key of timestamps) if (row[key] !== null) row[key] = new Date(row[key] as string);
  }
  return rows as T['$inferSelect'][];
}
