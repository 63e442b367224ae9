import { is, Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from './client';

const dialect = new PgDialect();

/** A parameter's value for the driver: a placeholder's from `values`, mapped as its column maps it (null as null). */
function valueOf(param: unknown, values: Record<string, unknown>): unknown {
  if (is(param, Placeholder)) return values[param.name];
  if (is(param, Param) && is(param.value, Placeholder)) {
    const value = values[param.value.name];
    return value === null || value === undefined ? null : param.encoder.mapToDriverValue(value);
  }
  return param;
}

/** The driver a database was opened on (client.ts): PGlite, or node-postgres's pool, both taking a text and its values. */
type Driver = { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * A statement drizzle builds once, its values named by `sql.placeholder` (as drizzle's prepared statements
 * name them, a value of a column mapped as the column maps it): each call only fills them in. drizzle walks
 * every column of every table a statement names to build it, and every part of it again to send it, which
 * for a statement about one record costs more than running it: outside a transaction the statement goes to
 * the driver as it was built (PGlite's prepared statements and node-postgres's named ones take it from there).
 * Answers the statement's rows.
 */
export function builtOnce<Row, V extends Record<string, unknown>>(build: (db: Executor) => SQL): (db: Executor, values: V) => Promise<Row[]> {
  let built: { sql: string; text: string[]; params: unknown[] } | undefined;
  return async (db, values) => {
    if (!built) {
      const query = dialect.sqlToQuery(build(db));
      // The text between parameters ("$1", "$2", … in order).
      const text = query.sql.split(/\$\d+/);
      if (text.length !== query.params.length + 1) throw new Error('A statement built once must hold no "$" but its parameters');
      built = { sql: query.sql, text, params: query.params };
    }
    const params = built.params.map((param) => valueOf(param, values));
    const driver = (db as { $client?: Driver }).$client;
    if (driver) return (await driver.query(built.sql, params)).rows as Row[];
    // In a transaction: through drizzle, which sends it on the transaction's connection.
    const { text } = built;
    const chunks: SQL[] = [sql.raw(text[0]!)];
    params.forEach((value, i) => chunks.push(sql`${sql.param(value)}`, sql.raw(text[i + 1]!)));
    return queryRows<Row>(db, sql.join(chunks));
  };
}
