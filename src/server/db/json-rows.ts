import { getTableColumns, Placeholder, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from './client';

/** The rows of one table for selectRowsAsJson and selectTablesAsJson: those matching `where`, in `orderBy` order. */
export interface JsonRowsPart<T extends PgTable = PgTable> {
  table: T;
  where: SQL | undefined;
  orderBy: SQL[];
  /** Only these columns of the table's rows, by the keys they are read under (every column when left out). */
  columns?: Record<string, PgColumn>;
}

const dialect = new PgDialect();

function columnsOf({ table, columns }: JsonRowsPart): [string, PgColumn][] {
  return Object.entries(columns ?? (getTableColumns(table) as Record<string, PgColumn>));
}

/** A row of the columns as a JSON object, keyed as drizzle keys them. */
function jsonObject(columns: [string, PgColumn][]): SQL {
  // JSON has no exact decimals, so numerics come as their text, as the drivers give them.
  const fields = columns.map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column.columnType === 'PgNumeric' ? sql`${column}::text` : column}`);
  return sql`json_build_object(${sql.join(fields, sql`, `)})`;
}

/** The part's rows as one JSON text (an array), from a subquery. */
function rowsAsJson(part: JsonRowsPart): SQL {
  const { table, where, orderBy } = part;
  return sql`select coalesce(json_agg(${jsonObject(columnsOf(part))} order by ${sql.join(orderBy, sql`, `)}), '[]')::text
      from ${table} ${where ? sql`where ${where}` : sql``}`;
}

const rowTexts = new WeakMap<PgTable, SQL>();

/**
 * A row of the table as one JSON text, for a select list or a `returning` clause; its SQL is built once per
 * table. PGlite decodes one text far quicker than a row's dozens of fields, and drizzle need not walk them.
 */
export function rowAsJson(table: PgTable): SQL {
  let text = rowTexts.get(table);
  if (!text) {
    // No values in it (keys and column names only), so its text stands alone.
    text = sql.raw(`${dialect.sqlToQuery(jsonObject(columnsOf({ table, where: undefined, orderBy: [] }))).sql}::text`);
    rowTexts.set(table, text);
  }
  return text;
}

/** The row a rowAsJson text holds, as drizzle gives it. */
export function rowFromJson<T extends PgTable>(table: T, text: string): T['$inferSelect'] {
  return rowsFromJson({ table, where: undefined, orderBy: [] }, `[${text}]`)[0]!;
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

type TablesOf<P> = { [K in keyof P]: P[K] extends JsonRowsPart<infer T> ? T : never };
type RowsOf<T extends Record<string, PgTable>> = { [K in keyof T]: T[K]['$inferSelect'][] };

function tablesAsJsonQuery(parts: Record<string, JsonRowsPart>): SQL {
  return sql`select ${sql.join(
    Object.entries(parts).map(([key, part]) => sql`(${rowsAsJson(part)}) as ${sql.identifier(key)}`),
    sql`, `,
  )}`;
}

function rowsOfParts(parts: Record<string, JsonRowsPart>, result: Record<string, string>) {
  return Object.fromEntries(Object.entries(parts).map(([key, part]) => [key, rowsFromJson(part, result[key]!)]));
}

/**
 * The rows of several tables, each as selectRowsAsJson gives them, in one statement: one round trip (and
 * one wait for a pooled connection) for a record and what hangs on it. A part with `columns` gives only
 * those fields of each row (its type still names the whole row: read only what was asked for).
 */
export async function selectTablesAsJson<T extends Record<string, PgTable>>(db: Executor, parts: { [K in keyof T]: JsonRowsPart<T[K]> }): Promise<RowsOf<T>> {
  const [result] = await queryRows<Record<string, string>>(db, tablesAsJsonQuery(parts));
  return rowsOfParts(parts, result!) as RowsOf<T>;
}

/**
 * selectTablesAsJson for parts that differ only in values, built once: drizzle walks every column of every
 * part to build the statement (a tenth of a millisecond for one table's select), which on a record's screen
 * cost more than running the statement. The parts name their values with `sql.placeholder`; each call gives them.
 */
export function tablesAsJsonBuiltOnce<P extends Record<string, JsonRowsPart>, V extends Record<string, unknown>>(
  partsFor: (db: Executor) => P,
): (db: Executor, values: V) => Promise<RowsOf<TablesOf<P>>> {
  let built: { parts: P; text: string[]; params: unknown[] } | undefined;
  return async (db, values) => {
    if (!built) {
      const parts = partsFor(db);
      const query = dialect.sqlToQuery(tablesAsJsonQuery(parts));
      // The text between parameters ("$1", "$2", … in order); a placeholder's value is looked up at each call.
      const text = query.sql.split(/\$\d+/);
      if (text.length !== query.params.length + 1) throw new Error('A statement built once must hold no "$" but its parameters');
      built = { parts, text, params: query.params };
    }
    const { parts, text, params } = built;
    const chunks: SQL[] = [sql.raw(text[0]!)];
    params.forEach((param, i) => chunks.push(sql`${param instanceof Placeholder ? values[param.name] : param}`, sql.raw(text[i + 1]!)));
    const [result] = await queryRows<Record<string, string>>(db, sql.join(chunks));
    return rowsOfParts(parts, result!) as RowsOf<TablesOf<P>>;
  };
}
