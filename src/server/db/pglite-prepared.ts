import { type messages, parse, type PGlite, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { RepeatedStatements } from './repeated-statements';

// PGlite's query() parses and plans every statement afresh and crosses into WebAssembly six times to do it.
// Planning is most of a short query's cost there (a client's record: 1.5 ms of CPU a call, 0.4 ms once
// prepared). So a statement the server sends a second time is prepared under a name, once, and each later
// call binds and runs it in one crossing: the same messages node-postgres sends for a named statement.

const { serialize } = protocol;

/** Statements kept prepared at most, unless told otherwise; the one used longest ago is closed to make room. */
const MAX_PREPARED = 300;

interface Prepared {
  name: string;
  /** The type of each parameter, as PostgreSQL inferred it: the values are written as it expects. */
  paramTypes: number[];
}

function joined(messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((size, m) => size + m.length, 0));
  let offset = 0;
  for (const m of messages) {
    out.set(m, offset);
    offset += m.length;
  }
  return out;
}

type Parser = (value: string, typeId: number) => unknown;

/**
 * The result of one bound statement, as PGlite's parseResults gives it. That function first copies PGlite's
 * 318 type parsers into a new object whenever the caller names parsers of its own (drizzle always does):
 * 56 µs of a call and garbage, on every query. Here each column's parser is looked up once instead.
 */
function resultOf<T>(backend: messages.BackendMessage[], defaults: Record<number, Parser>, options: QueryOptions | undefined): Results<T> {
  const own = options?.parsers as Record<number, Parser> | undefined;
  const asArrays = options?.rowMode === 'array';
  const result: Results<T> = { rows: [], fields: [], affectedRows: 0 };
  let parsers: (Parser | undefined)[] = [];
  for (const message of backend) {
    if (message.name === 'rowDescription') {
      result.fields = (message as messages.RowDescriptionMessage).fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }));
      parsers = result.fields.map(({ dataTypeID }) => own?.[dataTypeID] ?? defaults[dataTypeID]);
    } else if (message.name === 'dataRow') {
      const values = (message as messages.DataRowMessage).fields.map((value, i) => {
        const parser = parsers[i];
        return value === null || !parser ? value : parser(value, result.fields[i]!.dataTypeID);
      });
      if (asArrays) {
        result.rows.push(values as T);
      } else {
        const row: Record<string, unknown> = {};
        result.fields.forEach(({ name }, i) => (row[name] = values[i]));
        result.rows.push(row as T);
      }
    } else if (message.name === 'commandComplete') {
      // "SELECT 2", "UPDATE 3", "INSERT 0 5": the count comes last.
      const tag = (message as messages.CommandCompleteMessage).text.split(' ');
      const count = Number.parseInt(tag[tag.length - 1]!, 10);
      result.command = tag[0];
      if (!Number.isNaN(count)) result.rowCount = count;
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(tag[0]!)) result.affectedRows = count;
    }
  }
  return result;
}

/** The statements of one PGlite instance that are prepared, by text, the most recently used last. */
class PreparedStatements {
  private readonly prepared = new Map<string, Prepared>();
  private readonly repeated = new RepeatedStatements();
  private nextId = 0;

  constructor(
    private readonly pglite: PGlite,
    private readonly maxPrepared: number,
  ) {}

  /** Whether the text is worth preparing: sent before, and with nothing query() handles that binding does not. */
  shouldPrepare(text: string, options: QueryOptions | undefined): boolean {
    if (options?.blob || options?.paramTypes || options?.onNotice) return false;
    return this.prepared.has(text) || this.repeated.isRepeat(text);
  }

  /** Runs the text as a prepared statement. Call inside PGlite's query lock, as query() itself does. */
  async run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = this.prepared.get(text) ?? (await this.prepare(text));
    // Most recently used last, so the first is the one to close when room is needed.
    this.prepared.delete(text);
    this.prepared.set(text, statement);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const write = this.pglite.serializers[statement.paramTypes[i]!];
      return write ? write(value) : String(value);
    });
    const backend = await this.pglite.execProtocolStream(
      joined([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    return resultOf<T>(backend, this.pglite.parsers, options);
  }

  private async prepare(text: string): Promise<Prepared> {
    const messages: Uint8Array[] = [];
    if (this.prepared.size >= this.maxPrepared) {
      const [oldestText, oldest] = this.prepared.entries().next().value!;
      this.prepared.delete(oldestText);
      messages.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    const name = `valecare_${++this.nextId}`;
    messages.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
    // A statement that does not parse throws here and is not kept; query() would have refused it alike.
    const described = await this.pglite.execProtocolStream(joined(messages), { syncToFs: false });
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    this.prepared.set(text, statement);
    return statement;
  }
}

/**
 * The PGlite instance as drizzle should use it: query() (in and out of transactions) runs a statement sent
 * before as a prepared one; everything else is PGlite's own. Prepared statements outlive a rolled-back
 * transaction (PostgreSQL does not undo them), so the cache stays true whatever a transaction does.
 */
export function withPreparedStatements(pglite: PGlite, { maxPrepared = MAX_PREPARED } = {}): PGlite {
  const statements = new PreparedStatements(pglite, maxPrepared);

  // Outside a transaction, as PGlite's own query(): after any open transaction, then written to disk.
  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (pglite.closed || !statements.shouldPrepare(text, options)) return pglite.query<T>(text, params, options);
    return pglite._runExclusiveTransaction(async () => {
      const result = await pglite._runExclusiveQuery(() => statements.run<T>(text, params, options));
      await pglite.syncToFs();
      return result;
    });
  }

  // Inside one, as the transaction's own query(): in turn with its other statements.
  function inTransaction(tx: Transaction): Transaction {
    return new Proxy(tx, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver);
        return async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
          if (target.closed || !statements.shouldPrepare(text, options)) return target.query<T>(text, params, options);
          return pglite._runExclusiveQuery(() => statements.run<T>(text, params, options));
        };
      },
    });
  }

  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') {
        return <T>(callback: (tx: Transaction) => Promise<T>) => target.transaction((tx) => callback(inTransaction(tx)));
      }
      // PGlite's methods use its private fields, so they must run on the instance itself.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
