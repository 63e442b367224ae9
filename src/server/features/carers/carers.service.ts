import { and, asc, desc, eq, inArray, like } from 'drizzle-orm';
import { CARER_KIND_LABELS, CARER_RESOURCES, type CarerKind } from '@/shared/carer-kind';
import type { Note } from '@/shared/schemas/common';
import type { CarerData } from '@/shared/schemas/people';
import type { Executor } from '@/server/db/client';
import { selectRowsAsJson } from '@/server/db/json-rows';
import { newId } from '@/server/db/ids';
import { packages, requests } from '@/server/db/schema/care';
import { deliveries } from '@/server/db/schema/deliveries';
import { visits } from '@/server/db/schema/visits';
import { trainingRecords } from '@/server/db/schema/training';
import { carers, clients } from '@/server/db/schema/people';
import { type CarerSummary, carerColumns, carerSummaryFromRow } from '@/server/records/people.mappers';
import { packageFromRow, requestFromRow } from '@/server/records/care.mappers';
import { notFound } from '@/server/records/record-errors';
import { onlyReadable } from '@/server/records/role-views';
import { createRecord, deleteUnlessReferenced, type RecordRef } from '@/server/records/record-lifecycle';
import type { RecordContext } from '@/server/records/service-context';
import { trainingRecordFromRow } from '@/server/records/training-records.mappers';
import { complianceOfCarers, getComplianceSettings, withCompliance } from '@/server/records/carer-compliance';
import { exclusionsOfCarer } from '@/server/records/carer-exclusions';
import { recordAudit } from '@/server/records/audit-trail';
import { endCarerAccess } from '@/server/accounts/carer-accounts';
import { loadNotes, replaceNotes, withNotes } from '@/server/records/notes';
import { type PersonKind, rememberPerson, renamePerson, togglePersonArchive, updatePerson } from '@/server/records/people-rules';

// MPs (paid micro-providers) and volunteers: one shape, told apart by the id's first letter.
const KIND = {
  mp: { prefix: 'm', label: CARER_KIND_LABELS.mp, resource: CARER_RESOURCES.mp },
  volunteer: { prefix: 'v', label: CARER_KIND_LABELS.volunteer, resource: CARER_RESOURCES.volunteer },
} as const;

/** What of a carer's record a role may read besides the carer: Finance reads volunteers but not their training records. */
const NESTED = { trainingRecords: 'trainingRecords', packages: 'packages', requests: 'requests', exclusions: 'clients' } as const;

type CarerRow = typeof carers.$inferSelect;

const carerWithNotes = (row: CarerRow, notes: Note[]) => withNotes(carerSummaryFromRow(row), notes);
const fullCarer = async (db: Executor, row: CarerRow) => carerWithNotes(row, await loadNotes(db, { carerId: row.id }));

/** The carers service for one kind; every query is confined to ids of that kind. */
export function carersService(kind: CarerKind) {
  const { prefix, label, resource } = KIND[kind];
  const ofKind = like(carers.id, `${prefix}%`);
  const procedure = (name: string) => `${resource}.${name}`;

  const recordKind: PersonKind<typeof carers, Awaited<ReturnType<typeof fullCarer>>, CarerSummary> = {
    table: carers,
    label,
    scope: ofKind,
    router: resource,
    view: fullCarer,
    withNotes: carerWithNotes,
    summary: carerSummaryFromRow,
    notesOwner: (id) => ({ carerId: id }),
  };

  return {
    /** The carers as lists show them, each with its compliance on `today`. */
    async list({ db, today }: RecordContext, { includeArchived }: { includeArchived: boolean }) {
      const rows = await selectRowsAsJson(db, carers, includeArchived ? ofKind : and(ofKind, eq(carers.archived, 'N')), [desc(carers.createdAt), desc(carers.id)]);
      return withCompliance(db, rows.map(carerSummaryFromRow), today);
    },

    /**
     * A carer with notes, training records, packages, the requests those packages serve, compliance and clients not
     * to be matched with: each part only for a role that may read it.
     */
    async get({ db, actor, today }: RecordContext, { id }: { id: string }) {
      const [row] = await db
        .select()
        .from(carers)
        .where(and(eq(carers.id, id), ofKind));
      if (!row) throw notFound(label);
      const records = await db.select().from(trainingRecords).where(eq(trainingRecords.ownerId, id)).orderBy(asc(trainingRecords.expiryDate));
      const own = await db.select().from(packages).where(eq(packages.carerId, id)).orderBy(desc(packages.startDate));
      const requestIds = [...new Set(own.map((p) => p.requestId))];
      const served = requestIds.length
        ? await db
            .select({ request: requests, clientName: clients.name })
            .from(requests)
            .innerJoin(clients, eq(requests.clientId, clients.id))
            .where(inArray(requests.id, requestIds))
            .orderBy(desc(requests.startDate))
        : [];
      const requestPackages = requestIds.length
        ? await db.select().from(packages).where(inArray(packages.requestId, requestIds))
        : [];
      const compliance = (await complianceOfCarers(db, [row], today)).get(row.id)!;
      const notes = await loadNotes(db, { carerId: row.id });
      // The edit form opened from this view saves against the carer as read here.
      rememberPerson(db, recordKind, row, notes);
      return onlyReadable(actor.role, {
        ...carerWithNotes(row, notes),
        compliance,
        exclusions: await exclusionsOfCarer(db, id),
        trainingRecords: records.map(trainingRecordFromRow),
        packages: own.map(packageFromRow),
        requests: served.map(({ request, clientName }) => ({
          ...requestFromRow(request, clientName),
          packages: requestPackages.filter((p) => p.requestId === request.id).map(packageFromRow),
        })),
      }, NESTED);
    },

    async create(ctx: RecordContext, data: CarerData) {
      const id = newId(prefix);
      const { dbsRecheckYears } = await getComplianceSettings(ctx.db);
      return createRecord(ctx, recordKind, procedure('create'), () => ({ id, ...carerColumns(data, dbsRecheckYears) }), (tx) => replaceNotes(tx, { carerId: id }, data.details.notes));
    },

    /** Updates every field but the name, which changes only through updateName. */
    async update(ctx: RecordContext, input: CarerData & RecordRef) {
      const { dbsRecheckYears } = await getComplianceSettings(ctx.db);
      return updatePerson(ctx, recordKind, input, (stored) => carerColumns(input, dbsRecheckYears, stored));
    },

    /** Renames the carer; their training records carry the name and follow it. */
    rename(ctx: RecordContext, input: RecordRef & { newName: string }) {
      return renamePerson(ctx, recordKind, input, async (tx, name) => {
        await tx.update(trainingRecords).set({ name, updatedAt: new Date() }).where(eq(trainingRecords.ownerId, input.id));
      });
    },

    toggleArchive(ctx: RecordContext, input: RecordRef) {
      return togglePersonArchive(ctx, recordKind, input, async (tx, carerId) => {
        // An archived carer's carer app stops at its next call; restoring them does not give it back unasked.
        if (await endCarerAccess(tx, carerId)) await recordAudit(tx, ctx.actor, 'carerApp.revoke', carerId, { reason: 'archived' });
      });
    },

    /**
     * Deletes a carer with no packages and no care recorded (one with either is archived instead: care stays theirs
     * after their packages go to others), with their training records and notes.
     */
    remove(ctx: RecordContext, input: RecordRef) {
      const careRecorded = `This ${label} has care recorded, so cannot be deleted. Archive them instead.`;
      return deleteUnlessReferenced(ctx, recordKind, input, procedure('delete'), [
        { column: packages.carerId, refusal: `This ${label} has packages, so cannot be deleted. Archive them instead.` },
        { column: deliveries.carerId, refusal: careRecorded },
        { column: visits.carerId, refusal: careRecorded },
      ]);
    },
  };
}
