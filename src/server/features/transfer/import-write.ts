import { and, eq, ne } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '@/server/db/client';
import { packages, requests } from '@/server/db/schema/care';
import { magAttendees, magLogs } from '@/server/db/schema/mag';
import { trainingRecords } from '@/server/db/schema/training';
import { carers, clients, notes } from '@/server/db/schema/people';
import { auditLog } from '@/server/db/schema/audit';
import type { Actor } from '@/server/records/service-context';
import { IMPORT_PROCEDURE, ImportStoppedError } from './import-contract';
import { type Rows } from './import-rows';
import { letOthersIn } from './slices';

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters. */
const PARAMETERS_PER_INSERT = 30_000;

async function insertInChunks(tx: Executor, table: PgTable, list: Record<string, unknown>[]) {
  if (list.length === 0) return;
  const size = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / Object.keys(list[0]!).length));
  for (let i = 0; i < list.length; i += size) await tx.insert(table).values(list.slice(i, i + size) as never);
}

/** Parents before children: people, requests, packages, training records, logs. */
const WRITE_ORDER: PgTable[] = [clients, carers, requests, packages, trainingRecords, magLogs];

/**
 * Records written in one transaction, with their notes, attendees and audit rows: a few tenths of a second on the
 * embedded database, which answers everyone else between two (decision 305).
 */
export const RECORDS_PER_BATCH = 100;

const ownerOf = (owner: { clientId: string } | { carerId: string }) => ('clientId' in owner ? owner.clientId : owner.carerId);

/**
 * Writes the rows a batch of records at a time, each batch in a transaction of its own, handing the event loop back
 * between them; each record created or updated has its own audit row, naming the import and its file, written with
 * it. `written` is told the records written so far. A batch that fails ends the import with ImportStoppedError: the
 * batches before it stay written.
 */
export async function writeRows(db: Database, rows: Rows, actor: Actor, fileName: string | undefined, written: (count: number, total: number) => void = () => {}) {
  const notesOf = new Map(rows.notes.map((n) => [ownerOf(n.owner), n]));
  const attendeesOf = new Map(rows.attendees.map((a) => [a.magLogId, a]));
  /** A record's notes or attendees (replacing those stored, for a record updated), and its audit row. */
  const withTheirs = async (tx: Executor, ids: string[], replacing: boolean) => {
    const own = ids.flatMap((id) => notesOf.get(id) ?? []);
    const attending = ids.flatMap((id) => attendeesOf.get(id) ?? []);
    if (replacing) {
      for (const { owner } of own) await tx.delete(notes).where('clientId' in owner ? eq(notes.clientId, owner.clientId) : eq(notes.carerId, owner.carerId));
      for (const { magLogId } of attending) await tx.delete(magAttendees).where(eq(magAttendees.magLogId, magLogId));
    }
    await insertInChunks(tx, notes, own.flatMap((n) => n.rows));
    await insertInChunks(tx, magAttendees, attending.flatMap((a) => a.rows));
    const audited = ids.flatMap((recordId) => {
      const changes = rows.audits.get(recordId);
      return changes ? [{ actorEmail: actor.email, actorRole: actor.role, procedure: IMPORT_PROCEDURE, recordId, changes: { ...(fileName ? { file: fileName } : {}), ...changes } }] : [];
    });
    await insertInChunks(tx, auditLog, audited);
  };

  const inserts = WRITE_ORDER.flatMap((table) => (rows.inserts.get(table) ?? []).map((row) => ({ table, row })));
  const total = inserts.length + rows.updates.length;
  let done = 0;
  const inBatches = async <T>(list: T[], write: (tx: Executor, batch: T[]) => Promise<void>) => {
    for (let i = 0; i < list.length; i += RECORDS_PER_BATCH) {
      const batch = list.slice(i, i + RECORDS_PER_BATCH);
      try {
        await db.transaction((tx) => write(tx, batch));
      } catch (error) {
        throw new ImportStoppedError(done, total, error);
      }
      written((done += batch.length), total);
      await letOthersIn();
    }
  };

  await inBatches(inserts, async (tx, batch) => {
    for (const table of WRITE_ORDER) await insertInChunks(tx, table, batch.filter((b) => b.table === table).map((b) => b.row));
    await withTheirs(tx, batch.map((b) => b.row.id as string), false);
  });
  // After the inserts: an updated record may now refer to a new one.
  await inBatches(rows.updates, async (tx, batch) => {
    for (const { table, id, columns } of batch) {
      await tx.update(table).set(columns as never).where(eq(table.id, id));
      // Training records carry their owner's name, and follow a rename as they do through Edit name.
      if (table === carers) await tx.update(trainingRecords).set({ name: columns.name as string, updatedAt: new Date() }).where(and(eq(trainingRecords.ownerId, id), ne(trainingRecords.name, columns.name as string)));
    }
    await withTheirs(tx, batch.map((u) => u.id), true);
  });
}
