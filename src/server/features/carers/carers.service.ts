import { and, desc, eq } from 'drizzle-orm';
import type { CarerKind } from '@/shared/carer-kind';
import { ID_LETTERS } from '@/shared/record-kinds';
import type { CarerData } from '@/shared/schemas/people';
import { selectRowsAsJson } from '@/server/db/json-rows';
import { newId } from '@/server/db/ids';
import { packages } from '@/server/db/schema/care';
import { deliveries } from '@/server/db/schema/deliveries';
import { visits } from '@/server/db/schema/visits';
import { trainingRecords } from '@/server/db/schema/training';
import { carers } from '@/server/db/schema/people';
import { carerColumns, carerSummaryFromRow } from '@/server/records/people.mappers';
import { CARER_RECORDS, getCarer } from '@/server/records/carer-record';
import { createRecord, deleteUnlessReferenced, type RecordRef } from '@/server/records/record-lifecycle';
import type { RecordContext } from '@/server/records/service-context';
import { getComplianceSettings, withCompliance } from '@/server/records/carer-compliance';
import { recordAudit } from '@/server/records/audit-trail';
import { endCarerAccess } from '@/server/accounts/carer-accounts';
import { replaceNotes } from '@/server/records/notes';
import { renamePerson, togglePersonArchive, updatePerson } from '@/server/records/people-rules';

/** The carers service for one kind; every query is confined to ids of that kind. */
export function carersService(kind: CarerKind) {
  const recordKind = CARER_RECORDS[kind];
  const { label, scope: ofKind } = recordKind;
  const procedure = (name: string) => `${recordKind.router}.${name}`;

  return {
    /** The carers as lists show them, each with its compliance on `today`. */
    async list({ db, today }: RecordContext, { includeArchived }: { includeArchived: boolean }) {
      const rows = await selectRowsAsJson(db, carers, includeArchived ? ofKind : and(ofKind, eq(carers.archived, 'N')), [desc(carers.createdAt), desc(carers.id)]);
      return withCompliance(db, rows.map(carerSummaryFromRow), today);
    },

    /** The carer's whole record (records/carer-record.ts, which a person's data export reads too). */
    get(ctx: RecordContext, input: { id: string }) {
      return getCarer(ctx, kind, input);
    },

    async create(ctx: RecordContext, data: CarerData) {
      const id = newId(ID_LETTERS[kind]);
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
