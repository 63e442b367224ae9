import { asc, eq, type Placeholder } from 'drizzle-orm';
import type { Note } from '@/shared/schemas/common';
import type { Executor } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import type { JsonRowsPart } from '@/server/db/json-rows';
import { notes } from '@/server/db/schema/people';

export type NotesOwner = { clientId: string } | { carerId: string };

/** A person as lists show them, with their notes in the details: what a person's record and its edit form read. */
export function withNotes<S extends { details: object }>(summary: S, notes: Note[]): S & { details: S['details'] & { notes: Note[] } } {
  return { ...summary, details: { ...summary.details, notes } };
}

function ownerColumn(owner: NotesOwner) {
  return 'clientId' in owner ? notes.clientId : notes.carerId;
}

function ownerId(owner: NotesOwner) {
  return 'clientId' in owner ? owner.clientId : owner.carerId;
}

export function noteFromRow(row: typeof notes.$inferSelect): Note {
  return { date: row.date, note: row.note, source: row.source as Note['source'], minutesTaken: row.minutesTaken };
}

/**
 * The notes of whoever `id` names (a placeholder in a statement built once), of `owner`'s kind, as a part of
 * selectTablesAsJson, in the order they were written down.
 */
export function notesPart(owner: NotesOwner, id: Placeholder): JsonRowsPart<typeof notes> {
  return { table: notes, where: eq(ownerColumn(owner), id), orderBy: [asc(notes.position)] };
}

/** An owner's notes, in the order they were written down. */
export async function loadNotes(db: Executor, owner: NotesOwner): Promise<Note[]> {
  const rows = await db.select().from(notes).where(eq(ownerColumn(owner), ownerId(owner))).orderBy(asc(notes.position));
  return rows.map(noteFromRow);
}

/** Replaces an owner's notes with the given list (notes have no identity of their own). */
export async function replaceNotes(tx: Executor, owner: NotesOwner, list: Note[]): Promise<void> {
  await tx.delete(notes).where(eq(ownerColumn(owner), ownerId(owner)));
  if (list.length === 0) return;
  await tx.insert(notes).values(
    list.map((n, position) => ({ id: newId('n'), ...owner, position, date: n.date, note: n.note, source: n.source, minutesTaken: n.minutesTaken })),
  );
}

