import type pg from 'pg';
import { RepeatedStatements } from './repeated-statements';

// node-postgres sends every statement unnamed, so PostgreSQL parses and plans it on every call: under the
// mixed load, more of the database server's CPU than running the queries. A statement sent a second time
// gets a name instead, and each pooled connection parses and plans it once (node-postgres keeps track).

/** Statements named at most; any other text runs unnamed (a connection keeps what it prepared until it closes). */
const MAX_NAMED = 500;

type QueryConfig = { text?: unknown; name?: unknown };

/** The pool as drizzle should use it: its queries, and those of the clients it lends for transactions, named when repeated. */
export function withNamedStatements(pool: pg.Pool): pg.Pool {
  const names = new Map<string, string>();
  const repeated = new RepeatedStatements();

  function named<C>(config: C): C {
    if (typeof config !== 'object' || config === null) return config;
    const { text, name } = config as QueryConfig;
    if (typeof text !== 'string' || name !== undefined) return config;
    let known = names.get(text);
    if (known === undefined && names.size < MAX_NAMED && repeated.isRepeat(text)) {
      known = `valecare_${names.size + 1}`;
      names.set(text, known);
    }
    return known === undefined ? config : { ...config, name: known };
  }

  function withNamedQueries<T extends pg.Pool | pg.PoolClient>(target: T): T {
    return new Proxy(target, {
      get(own, property) {
        const value: unknown = Reflect.get(own, property, own);
        if (property === 'query') {
          return (config: unknown, ...rest: unknown[]) => {
            const query = value as (...args: unknown[]) => unknown;
            // query(text, values), as PGlite's is called, is query({ text, values }) here.
            if (typeof config === 'string' && rest.length === 1 && Array.isArray(rest[0])) return query.call(own, named({ text: config, values: rest[0] }));
            return query.call(own, named(config), ...rest);
          };
        }
        if (property === 'connect' && own === pool) {
          return (...args: unknown[]) => {
            // The promise form is what drizzle uses for a transaction; the callback form is left as it is.
            if (args.length) return pool.connect(...(args as [never]));
            return pool.connect().then((client) => withNamedQueries(client));
          };
        }
        return typeof value === 'function' ? value.bind(own) : value;
      },
    });
  }

  return withNamedQueries(pool);
}
