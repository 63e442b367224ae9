import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { renewalDates, renewalRefusal } from '@/shared/care';
import type { EndDate } from '@/shared/dates';
import { type Executor, queryRows } from '@/server/db/client';
import { builtOnce } from '@/server/db/built-once';
import { rowAsJson, rowFromJson } from '@/server/db/json-rows';
import { auditRowWhere, diffRecords, recordAudit } from '@/server/records/audit-trail';
import { checkVersion, notFound, refused } from '@/server/records/record-errors';
import type { RecordContext } from '@/server/records/service-context';

// Every change to a stored record follows one course, kept here: in one transaction, lock the row, refuse an
// unknown id or a stale version, check the record's own rules, store the next version, and audit what differs.

/** A table of versioned records (recordColumns): each row has an id, a version and when it last changed. */
export type RecordTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn; updatedAt: AnyPgColumn };
export type RowOf<T extends RecordTable> = T['$inferSelect'] & { id: string; version: number };
type ColumnsOf<T extends RecordTable> = Partial<T['$inferInsert']>;

/** One kind of record: where it is kept, what a missing one is called, and how it looks in the audit trail. */
export interface RecordKind<T extends RecordTable, V> {
  table: T;
  /** Names the record in "… not found". */
  label: string;
  /** Confines lookups to rows of this kind (carers of one kind, a training record of its owner). */
  scope?: SQL;
  /** The record as its audit rows compare it. */
  view(tx: Executor, row: RowOf<T>): V | Promise<V>;
}

/** The record a change is for, and the version the caller last saw (when it sent one). */
export interface RecordRef {
  id: string;
  version?: number;
}

/** Locks the record until the transaction ends; refuses an unknown id and a change made against an older version. */
export async function lockForChange<T extends RecordTable>(tx: Executor, kind: Pick<RecordKind<T, unknown>, 'table' | 'label' | 'scope'>, ref: RecordRef): Promise<RowOf<T>> {
  const { table } = kind;
  const [found] = await queryRows<{ row: string | null }>(
    tx,
    sql`select (select ${rowAsJson(table)} from ${table} where ${and(eq(table.id, ref.id), kind.scope)} for update) as row`,
  );
  if (!found?.row) throw notFound(kind.label);
  const stored = rowFromJson(table, found.row) as RowOf<T>;
  checkVersion(stored, ref.version);
  return stored;
}

/** Stores the next version of a locked record: the changed columns, the version one up, changed now. */
export async function saveNextVersion<T extends RecordTable>(tx: Executor, table: T, stored: RowOf<T>, columns: ColumnsOf<T>): Promise<RowOf<T>> {
  const [saved] = await tx
    .update(table as PgTable)
    .set({ ...columns, version: stored.version + 1, updatedAt: new Date() } as never)
    .where(eq(table.id, stored.id))
    .returning({ row: rowAsJson(table) });
  return rowFromJson(table, saved!.row as string) as RowOf<T>;
}

/**
 * Whether the database stores each of the values as sent, so that the row after a change can be known
 * before it is written: text, flags, dates in ISO form, whole numbers, decimals within their scale, fixed
 * width text of its width, times to the millisecond. Anything else it might round, pad or reorder.
 */
const columnsByTable = new WeakMap<RecordTable, Record<string, PgColumn>>();

function storedAsSent(table: RecordTable, columns: Record<string, unknown>): boolean {
  let byKey = columnsByTable.get(table);
  if (!byKey) columnsByTable.set(table, (byKey = getTableColumns(table) as Record<string, PgColumn>));
  return Object.entries(columns).every(([key, value]) => {
    const column = byKey[key];
    if (!column) return false;
    if (value === null) return true;
    switch (column.columnType) {
      case 'PgText':
        return typeof value === 'string';
      case 'PgBoolean':
        return typeof value === 'boolean';
      case 'PgChar':
        return typeof value === 'string' && value.length === (column as PgColumn & { length?: number }).length;
      case 'PgDateString':
        return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
      case 'PgTimestamp':
        return value instanceof Date;
      case 'PgInteger':
        return Number.isInteger(value);
      case 'PgNumericNumber': {
        const scale = (column as PgColumn & { scale?: number }).scale ?? 0;
        return typeof value === 'number' && Number(value.toFixed(scale)) === value;
      }
      case 'PgArray':
        return Array.isArray(value) && value.every((item) => typeof item === 'string') && (column as PgColumn & { baseColumn: PgColumn }).baseColumn.columnType === 'PgText';
      default:
        return false;
    }
  });
}

type SaveUnchanged = (db: Executor, values: Record<string, unknown>) => Promise<{ id: string }[]>;
const saveUnchangedStatements = new WeakMap<RecordTable, Map<string, SaveUnchanged>>();

/**
 * The statement of saveUnchangedSince for a table and the columns it sets, built once (builtOnce): every value
 * a placeholder, the columns' by their keys, the rest by the names below.
 */
function saveUnchangedStatement(table: RecordTable, keys: string[]): SaveUnchanged {
  let byKeys = saveUnchangedStatements.get(table);
  if (!byKeys) saveUnchangedStatements.set(table, (byKeys = new Map()));
  const signature = keys.join(',');
  let statement = byKeys.get(signature);
  if (!statement) {
    statement = builtOnce((db) => {
      const update = db
        .update(table as PgTable)
        .set(Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as never)
        .where(and(eq(table.id, sql.placeholder('savedId')), eq(table.version, sql.placeholder('readVersion'))))
        .returning({ id: table.id });
      const audited = auditRowWhere(
        { email: sql.placeholder('actorEmail'), role: sql.placeholder('actorRole') },
        sql.placeholder('procedure'),
        sql.placeholder('savedId'),
        sql.placeholder('changes'),
        sql`exists (select from saved)`,
      );
      return sql`with saved as (${update.getSQL()}), audited as (${audited}) select id from saved`;
    });
    byKeys.set(signature, statement);
  }
  return statement;
}

/**
 * Stores the next version of a record read without a lock, and its audit row, in one statement that does
 * both or neither: only while the row is still at the version read. A change takes two round trips this way
 * (read, then this) rather than six (begin, lock, read, update, audit, commit), or one where the record as
 * read is known already (recent-records.ts). The audit row is worked out before the statement, from the row as
 * it will be stored, so this is done only when every value is stored as sent (storedAsSent). Returns the row
 * and the view after, or undefined when it was not done (or the row changed or went meanwhile): the caller then
 * takes the locked course.
 */
export async function saveUnchangedSince<T extends RecordTable, V>(
  ctx: Pick<RecordContext, 'db' | 'actor'>,
  table: T,
  stored: RowOf<T>,
  columns: ColumnsOf<T>,
  audit: { procedure: string; before: V; viewOf: (row: RowOf<T>) => V },
): Promise<{ row: RowOf<T>; view: V } | undefined> {
  // drizzle leaves out of an update's `set` a column given as undefined; so does this.
  const values = Object.fromEntries(Object.entries({ ...columns, version: stored.version + 1, updatedAt: new Date() }).filter(([, value]) => value !== undefined));
  if (!storedAsSent(table, values)) return undefined;
  const next = { ...stored, ...values } as RowOf<T>;
  const keys = Object.keys(values).sort();
  const [saved] = await saveUnchangedStatement(table, keys)(ctx.db, {
    ...values,
    savedId: stored.id,
    readVersion: stored.version,
    actorEmail: ctx.actor.email,
    actorRole: ctx.actor.role,
    procedure: audit.procedure,
    changes: JSON.stringify(diffRecords(audit.before, audit.viewOf(next))),
  });
  // Every value was stored as sent and the rest of the row is as read (its version says so): the row is `next`.
  return saved ? { row: next, view: audit.viewOf(next) } : undefined;
}

/** Appends the audit row of a change: the fields that differ between the record before and after it. */
export async function auditChange(tx: Executor, ctx: Pick<RecordContext, 'actor'>, procedure: string, id: string, before: unknown, after: unknown): Promise<void> {
  await recordAudit(tx, ctx.actor, procedure, id, diffRecords(before, after));
}

/**
 * Creates a record in a transaction that also audits it: inserts `columns` (id included), lets `afterInsert`
 * store what hangs on it, and returns its view.
 */
export function createRecord<T extends RecordTable, V>(
  ctx: RecordContext,
  kind: RecordKind<T, V>,
  procedure: string,
  columns: (tx: Executor) => ColumnsOf<T> | Promise<ColumnsOf<T>>,
  afterInsert?: (tx: Executor, row: RowOf<T>) => Promise<void>,
): Promise<V> {
  return ctx.db.transaction(async (tx) => {
    const [row] = (await tx
      .insert(kind.table as PgTable)
      .values((await columns(tx)) as never)
      .returning()) as RowOf<T>[];
    await afterInsert?.(tx, row!);
    const created = await kind.view(tx, row!);
    await auditChange(tx, ctx, procedure, row!.id, {}, created);
    return created;
  });
}

/** Runs `change` on the locked record, in one transaction; `change` checks its rules and audits what it does. */
export function changeRecord<T extends RecordTable, R>(ctx: RecordContext, kind: RecordKind<T, unknown>, ref: RecordRef, change: (tx: Executor, stored: RowOf<T>) => Promise<R>): Promise<R> {
  return ctx.db.transaction(async (tx) => change(tx, await lockForChange(tx, kind, ref)));
}

/**
 * Updates a record: `save` checks the record's rules and stores its next version (saveNextVersion), and the
 * change is audited as the difference between its views before and after. Returns the view after.
 */
export function updateRecord<T extends RecordTable, V>(
  ctx: RecordContext,
  kind: RecordKind<T, V>,
  ref: RecordRef,
  procedure: string,
  save: (tx: Executor, stored: RowOf<T>) => Promise<RowOf<T>>,
): Promise<V> {
  return changeRecord(ctx, kind, ref, async (tx, stored) => {
    const before = await kind.view(tx, stored);
    const after = await kind.view(tx, await save(tx, stored));
    await auditChange(tx, ctx, procedure, stored.id, before, after);
    return after;
  });
}

/** A column of another table that refers to the record, and what to say when a row still does. */
export interface Reference {
  column: AnyPgColumn;
  refusal: string;
}

/** Deletes a record (what hangs on it goes by cascade), refused while a row still refers to it (the first refusal that applies). */
export function deleteUnlessReferenced<T extends RecordTable>(
  ctx: RecordContext,
  kind: RecordKind<T, unknown>,
  ref: RecordRef,
  procedure: string,
  referencedBy: Reference | Reference[] = [],
): Promise<{ id: string }> {
  return changeRecord(ctx, kind, ref, async (tx, stored) => {
    for (const reference of [referencedBy].flat()) {
      const [referring] = await tx.select({ id: reference.column }).from(reference.column.table).where(eq(reference.column, stored.id)).limit(1);
      if (referring) throw refused(reference.refusal);
    }
    const before = await kind.view(tx, stored);
    await tx.delete(kind.table as PgTable).where(eq(kind.table.id, stored.id));
    await auditChange(tx, ctx, procedure, stored.id, before, {});
    return { id: stored.id };
  });
}

/** A table of items that renew (requests, packages): each runs from a start date to an end date, open when null. */
type RenewableTable = RecordTable & { endDate: AnyPgColumn };
type RenewableView = { id: string; archived: 'Y' | 'N'; startDate: string; endDate: EndDate };

export interface Renewal<T extends RenewableTable> {
  /** "request" or "package", as the refusals name it. */
  what: 'request' | 'package';
  /** The dates edited on the renew screen, when they were. */
  oldEndDate?: string;
  newStartDate?: string;
  /** What a renewal keeps, the value a whole record sent as the new item has there, and the refusal when they differ. */
  keeps: { field: keyof RowOf<T> & string; sent: unknown; refusal: string }[];
  /** The successor's columns, its new id included. */
  successor(newStartDate: string): ColumnsOf<T> | Promise<ColumnsOf<T>>;
}

/**
 * Renews a locked item (inside changeRecord, so both happen in one transaction): ends it on the renewal date
 * and starts its successor, auditing both.
 */
export async function renewItem<T extends RenewableTable, V extends RenewableView>(
  tx: Executor,
  ctx: RecordContext,
  kind: RecordKind<T, V>,
  stored: RowOf<T>,
  procedure: string,
  renewal: Renewal<T>,
): Promise<{ oldRecord: V; newRecord: V; dates: { renewalDate: string; newStartDate: string } }> {
  for (const { field, sent, refusal } of renewal.keeps) {
    if (sent !== undefined && sent !== stored[field]) throw refused(refusal);
  }
  const before = await kind.view(tx, stored);
  const dates = renewalDates({ oldEndDate: renewal.oldEndDate, newStartDate: renewal.newStartDate }, ctx.today);
  const refusal = renewalRefusal(renewal.what, before, dates, ctx.today);
  if (refusal) throw refused(refusal);

  const ended = await saveNextVersion(tx, kind.table, stored, { endDate: dates.renewalDate } as ColumnsOf<T>);
  const [started] = await tx
    .insert(kind.table as PgTable)
    .values((await renewal.successor(dates.newStartDate)) as never)
    .returning();
  const oldRecord = await kind.view(tx, ended);
  const newRecord = await kind.view(tx, started as RowOf<T>);
  await auditChange(tx, ctx, procedure, stored.id, before, oldRecord);
  await auditChange(tx, ctx, procedure, newRecord.id, {}, newRecord);
  return { oldRecord, newRecord, dates };
}
