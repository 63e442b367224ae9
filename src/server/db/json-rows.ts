import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { builtOnce } from './built-once';
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

/** The part's rows as one JSON array, from a subquery. */
function rowsAsJson(part: JsonRowsPart): SQL {
  const { table, where, orderBy } = part;
  return sql`select coalesce(json_agg(${jsonObject(columnsOf(part))} order by ${sql.join(orderBy, sql`, `)}), '[]')
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
  return rowsAsDrizzleGives({ table, where: undefined, orderBy: [] }, [JSON.parse(text)])[0]!;
}

/** The rows of a part, parsed from JSON, as drizzle gives them: its timestamps made dates. */
function rowsAsDrizzleGives<T extends PgTable>(part: JsonRowsPart<T>, rows: Record<string, unknown>[]): T['$inferSelect'][] {
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
  const [result] = await queryRows<{ rows: string }>(db, sql`select (${rowsAsJson({ table, where, orderBy })})::text as rows`);
  return rowsAsDrizzleGives({ table, where, orderBy }, JSON.parse(result!.rows) as Record<string, unknown>[]);
}

type TablesOf<P> = { [K in keyof P]: P[K] extends JsonRowsPart<infer T> ? T : never };
type RowsOf<T extends Record<string, PgTable>> = { [K in keyof T]: T[K]['$inferSelect'][] };

/** The parts' rows as one JSON text, an object of one array a part: one field to decode and one text to parse. */
function tablesAsJsonQuery(parts: Record<string, JsonRowsPart>): SQL {
  return sql`select json_build_object(${sql.join(
    Object.entries(parts).map(([key, part]) => sql`${sql.raw(`'${key}'`)}, (${rowsAsJson(part)})`),
    sql`, `,
  )})::text as parts`;
}

function rowsOfParts(parts: Record<string, JsonRowsPart>, result: { parts: string }) {
  const rows = JSON.parse(result.parts) as Record<string, Record<string, unknown>[]>;
  return Object.fromEntries(Object.entries(parts).map(([key, part]) => [key, rowsAsDrizzleGives(part, rows[key]!)]));
}

/**
 * The rows of several tables, each as selectRowsAsJson gives them, in one statement: one round trip (and
 * one wait for a pooled connection) for a record and what hangs on it. A part with `columns` gives only
 * those fields of each row (its type still names the whole row: read only what was asked for).
 */
export async function selectTablesAsJson<T extends Record<string, PgTable>>(db: Executor, parts: { [K in keyof T]: JsonRowsPart<T[K]> }): Promise<RowsOf<T>> {
  const [result] = await queryRows<{ parts: string }>(db, tablesAsJsonQuery(parts));
  return rowsOfParts(parts, result!) as RowsOf<T>;
}

/**
 * selectTablesAsJson for parts that differ only in values, built once (builtOnce): drizzle walks every column
 * of every part to build the statement (a tenth of a millisecond for one table's select), which on a record's
 * screen cost more than running the statement. The parts name their values with `sql.placeholder`; each call
 * gives them.
 */
export function tablesAsJsonBuiltOnce<P extends Record<string, JsonRowsPart>, V extends Record<string, unknown>>(
  partsFor: (db: Executor) => P,
): (db: Executor, values: V) => Promise<RowsOf<TablesOf<P>>> {
  let parts: P | undefined;
  const statement = builtOnce<{ parts: string }, V>((db) => tablesAsJsonQuery((parts = partsFor(db))));
  return async (db, values) => {
    const [result] = await statement(db, values);
    return rowsOfParts(parts!, result!) as RowsOf<TablesOf<P>>;
  };
}

/** Fields read as a JSON array: `array` builds it in SQL, `read` puts the keys back on one. */
export interface JsonTuple<R> {
  array: SQL;
  read: (tuple: readonly unknown[]) => R;
}

/**
 * The fields of a row as a JSON array rather than an object: PGlite builds arrays in half the time, which tells
 * over tens of thousands of rows (a week's timesheet). Each key is written beside its SQL, once; the array's
 * order is the fields' order.
 */
export function jsonTuple<R extends Record<string, unknown>>(fields: { [K in keyof R]: SQL | PgColumn }): JsonTuple<R> {
  const keys = Object.keys(fields) as (keyof R)[];
  return {
    array: sql`json_build_array(${sql.join(
      keys.map((key) => sql`${fields[key]}`),
      sql`, `,
    )})`,
    read: (tuple) => {
      const row = {} as R;
      for (let i = 0; i < keys.length; i++) row[keys[i]!] = tuple[i] as R[keyof R];
      return row;
    },
  };
}
