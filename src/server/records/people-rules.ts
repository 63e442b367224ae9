import { and, asc, eq, sql } from 'drizzle-orm';
import type { Note } from '@/shared/schemas/common';
import type { Executor } from '@/server/db/client';
import { tablesAsJsonBuiltOnce } from '@/server/db/json-rows';
import type { carers, clients, notes } from '@/server/db/schema/people';
import { loadNotes, noteFromRow, notesPart, type NotesOwner, replaceNotes } from '@/server/records/notes';
import { auditChange, changeRecord, type RecordKind, type RecordRef, type RowOf, saveNextVersion, saveUnchangedSince } from '@/server/records/record-lifecycle';
import { RecentRecords } from '@/server/records/recent-records';
import { checkVersion, refused } from '@/server/records/record-errors';
import type { RecordContext } from '@/server/records/service-context';

// Clients, MPs and volunteers change in the same ways: these are the people's rules on top of the record lifecycle.

/** Names change only through the Edit name dialog (spec §2.7, §5). */
export const NAME_CHANGE_REFUSED = 'The name cannot be changed here. Use Edit name to change it.';

/** When a person counts as archived from: kept while they stay archived, now when newly archived, none when restored. */
export function archivedAtAfter(stored: { archived: string; archivedAt: Date | null }, archived: string): Date | null {
  if (archived !== 'Y') return null;
  return stored.archived === 'Y' ? (stored.archivedAt ?? new Date()) : new Date();
}

type PersonTable = typeof clients | typeof carers;

/** A kind of person: a record kind whose view has the notes, with the router its changes are audited under. */
export interface PersonKind<T extends PersonTable, V, S> extends RecordKind<T, V> {
  /** 'clients', 'mps' or 'volunteers': the audit names each change `<router>.<procedure>`. */
  router: string;
  notesOwner(id: string): NotesOwner;
  /** The person as lists show it (what toggleArchive returns). */
  summary(row: RowOf<T>): S;
  /** The view of the person with the given notes (view() reads them). */
  withNotes(row: RowOf<T>, notes: Note[]): V;
}

/** Whether two lists of notes say the same, in the same order. */
function sameNotes(a: Note[], b: Note[]): boolean {
  return a.length === b.length && a.every((n, i) => n.date === b[i]!.date && n.note === b[i]!.note && n.source === b[i]!.source && n.minutesTaken === b[i]!.minutesTaken);
}

type PersonAndNotes = (db: Executor, values: { id: string }) => Promise<{ person: unknown[]; notes: (typeof notes.$inferSelect)[] }>;
const personAndNotesReads = new WeakMap<object, PersonAndNotes>();

/** A person of the kind and their notes, read in one statement built once for the kind. */
function personAndNotes(kind: PersonKind<PersonTable, unknown, unknown>): PersonAndNotes {
  let read = personAndNotesReads.get(kind);
  if (!read) {
    const id = sql.placeholder('id');
    read = tablesAsJsonBuiltOnce(() => ({
      person: { table: kind.table, where: and(eq(kind.table.id, id), kind.scope), orderBy: [asc(kind.table.id)] },
      // The owner named only for its kind: the id is the placeholder.
      notes: notesPart(kind.notesOwner(''), id),
    }));
    personAndNotesReads.set(kind, read);
  }
  return read;
}

type PersonInput = RecordRef & { archived: string; details: { name: string; notes: Note[] } };

/** The stored columns of an update; a function of the person as stored when some depend on it. */
type PersonColumns<T extends PersonTable> = Partial<T['$inferInsert']> | ((stored: RowOf<T>) => Partial<T['$inferInsert']>);

/** What an update makes of the person as stored: their columns, their notes, and how the audit sees them before. */
function personChange<T extends PersonTable, V>(
  kind: PersonKind<T, V, unknown>,
  input: PersonInput,
  columns: PersonColumns<T>,
  stored: RowOf<T>,
  notesBefore: Note[],
) {
  if (input.details.name !== stored.name) throw refused(NAME_CHANGE_REFUSED);
  const values = { ...(typeof columns === 'function' ? columns(stored) : columns), archivedAt: archivedAtAfter(stored, input.archived) };
  const notesAfter = input.details.notes.map(({ date, note, source, minutesTaken }) => ({ date, note, source, minutesTaken }));
  return { values, notesAfter, notesChanged: !sameNotes(notesBefore, notesAfter), before: kind.withNotes(stored, notesBefore) };
}

/** A person and their notes as read (or just written) at one version. */
interface PersonAsRead<T extends PersonTable> {
  row: RowOf<T>;
  notes: Note[];
}

const recentPeople = new WeakMap<object, RecentRecords<PersonAsRead<PersonTable>>>();

function recentOf<T extends PersonTable>(kind: PersonKind<T, unknown, unknown>): RecentRecords<PersonAsRead<T>> {
  let recent = recentPeople.get(kind);
  if (!recent) recentPeople.set(kind, (recent = new RecentRecords()));
  return recent as unknown as RecentRecords<PersonAsRead<T>>;
}

/** Remembers a person as just read or written, so that the change made to them next need not read them again. */
export function rememberPerson<T extends PersonTable>(db: Executor, kind: PersonKind<T, unknown, unknown>, row: RowOf<T>, notes: Note[]): void {
  recentOf(kind).remember(db, row.id, { row, notes });
}

async function readPerson<T extends PersonTable>(db: Executor, kind: PersonKind<T, unknown, unknown>, id: string): Promise<PersonAsRead<T> | undefined> {
  const found = await personAndNotes(kind)(db, { id });
  const row = found.person[0] as RowOf<T> | undefined;
  return row && { row, notes: found.notes.map(noteFromRow) };
}

/**
 * The change stored with its audit row in one statement, against the person as read, when their notes stay as
 * they were (saveUnchangedSince); undefined when the notes change or the person moved on since.
 */
async function saveAgainst<T extends PersonTable, V>(
  ctx: RecordContext,
  kind: PersonKind<T, V, unknown>,
  input: PersonInput,
  columns: PersonColumns<T>,
  read: PersonAsRead<T>,
): Promise<V | undefined> {
  const change = personChange(kind, input, columns, read.row, read.notes);
  if (change.notesChanged) return undefined;
  const viewOf = (row: RowOf<T>) => kind.withNotes(row, change.notesAfter);
  const saved = await saveUnchangedSince(ctx, kind.table, read.row, change.values, { procedure: `${kind.router}.update`, before: change.before, viewOf });
  if (saved) rememberPerson(ctx.db, kind, saved.row, change.notesAfter);
  return saved?.view;
}

/**
 * Updates every field but the name, which changes only through renamePerson; the notes are replaced when they
 * changed. When the notes stay as they were, the change and its audit row are stored in one statement against
 * the person as this server last read or wrote them (RecentRecords), or else as read afresh (one statement for
 * the person and their notes); when the notes change, or the person changed in between, the change takes the
 * locked course, in a transaction.
 */
export async function updatePerson<T extends PersonTable, V>(ctx: RecordContext, kind: PersonKind<T, V, unknown>, input: PersonInput, columns: PersonColumns<T>): Promise<V> {
  const recent = recentOf(kind).recall(ctx.db, input.id);
  // Remembered at another version than the one the form saw, either may be the older: read afresh.
  if (recent && (input.version === undefined || input.version === recent.row.version)) {
    // Whatever the remembered copy makes of the change (saved, moved on, refused) is checked against the stored person.
    const saved = await saveAgainst(ctx, kind, input, columns, recent).catch(() => undefined);
    if (saved) return saved;
    recentOf(kind).forget(ctx.db, input.id);
  }
  const read = await readPerson(ctx.db, kind, input.id);
  if (read) {
    checkVersion(read.row, input.version);
    const saved = await saveAgainst(ctx, kind, input, columns, read);
    if (saved) return saved;
  }
  let written: PersonAsRead<T> | undefined;
  const after = await changeRecord(ctx, kind, input, async (tx, stored) => {
    const owner = kind.notesOwner(stored.id);
    const change = personChange(kind, input, columns, stored, await loadNotes(tx, owner));
    const row = await saveNextVersion(tx, kind.table, stored, change.values as Partial<T['$inferInsert']>);
    if (change.notesChanged) await replaceNotes(tx, owner, change.notesAfter);
    written = { row, notes: change.notesAfter };
    const view = kind.withNotes(row, change.notesAfter);
    await auditChange(tx, ctx, `${kind.router}.update`, stored.id, change.before, view);
    return view;
  });
  rememberPerson(ctx.db, kind, written!.row, written!.notes);
  return after;
}

/** Renames a person; `carryName` updates the copies of the name other records keep. */
export function renamePerson<T extends PersonTable, V>(
  ctx: RecordContext,
  kind: PersonKind<T, V, unknown>,
  input: RecordRef & { newName: string },
  carryName?: (tx: Executor, name: string) => Promise<void>,
): Promise<V> {
  return changeRecord(ctx, kind, input, async (tx, stored) => {
    const row = await saveNextVersion(tx, kind.table, stored, { name: input.newName } as Partial<T['$inferInsert']>);
    await carryName?.(tx, input.newName);
    await auditChange(tx, ctx, `${kind.router}.updateName`, stored.id, { name: stored.name }, { name: input.newName });
    return kind.view(tx, row);
  });
}

/**
 * Archives a person, or restores an archived one; returns them as lists show them. `onArchive` does, in the same
 * transaction, what else archiving this kind of person ends.
 */
export function togglePersonArchive<T extends PersonTable, S>(
  ctx: RecordContext,
  kind: PersonKind<T, unknown, S>,
  input: RecordRef,
  onArchive?: (tx: Executor, id: string) => Promise<void>,
): Promise<S> {
  return changeRecord(ctx, kind, input, async (tx, stored) => {
    const archived = stored.archived === 'Y' ? 'N' : 'Y';
    const row = await saveNextVersion(tx, kind.table, stored, { archived, archivedAt: archivedAtAfter(stored, archived) } as Partial<T['$inferInsert']>);
    await auditChange(tx, ctx, `${kind.router}.toggleArchive`, stored.id, { archived: stored.archived }, { archived });
    if (archived === 'Y') await onArchive?.(tx, stored.id);
    return kind.summary(row);
  });
}
