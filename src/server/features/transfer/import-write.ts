import { and, eq, ne } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '@/server/db/client';
import { packages, requests } from '@/server/db/schema/care';
import { magAttendees, magLogs } from '@/server/db/schema/mag';
import { trainingRecords } from '@/server/db/schema/training';
import { carers, clients, notes } from '@/server/db/schema/people';
import { auditLog } from '@/server/db/schema/audit';
import type { Actor } from '@/server/records/service-context';
import { IMPORT_PROCEDURE } from './import-contract';
import { type Rows } from './import-rows';

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters. */
const PARAMETERS_PER_INSERT = 30_000;

async function insertInChunks(tx: Executor, table: PgTable, list: Record<string, unknown>[]) {
  if (list.length === 0) return;
  const size = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / Object.keys(list[0]!).length));
  for (let i = 0; i < list.length; i += size) await tx.insert(table).values(list.slice(i, i + size) as never);
}

/** Parents before children: people, requests, packages, training records, logs; then notes and attendees. */
const WRITE_ORDER: PgTable[] = [clients, carers, requests, packages, trainingRecords, magLogs];

/** Writes the rows, each record created or updated with its own audit row naming the import and its file. */
export async function writeRows(tx: Executor, rows: Rows, actor: Actor, fileName: string | undefined) {
  for (const table of WRITE_ORDER) await insertInChunks(tx, table, rows.inserts.get(table) ?? []);
  // After the inserts: an updated record may now refer to a new one.
  for (const { table, id, columns } of rows.updates) {
    await tx.update(table).set(columns as never).where(eq(table.id, id));
    // Training records carry their owner's name, and follow a rename as they do through Edit name.
    if (table === carers) await tx.update(trainingRecords).set({ name: columns.name as string, updatedAt: new Date() }).where(and(eq(trainingRecords.ownerId, id), ne(trainingRecords.name, columns.name as string)));
  }
  for (const { owner } of rows.notes) {
    await tx.delete(notes).where('clientId' in owner ? eq(notes.clientId, owner.clientId) : eq(notes.carerId, owner.carerId));
  }
  await insertInChunks(tx, notes, rows.notes.flatMap((n) => n.rows));
  for (const { magLogId } of rows.attendees) await tx.delete(magAttendees).where(eq(magAttendees.magLogId, magLogId));
  await insertInChunks(tx, magAttendees, rows.attendees.flatMap((a) => a.rows));
  await insertInChunks(
    tx,
    auditLog,
    [...rows.audits].map(([recordId, changes]) => ({
      actorEmail: actor.email,
      actorRole: actor.role,
      procedure: IMPORT_PROCEDURE,
      recordId,
      changes: { ...(fileName ? { file: fileName } : {}), ...changes },
    })),
  );
}
