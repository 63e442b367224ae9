import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { CARER_KIND_LABELS, CARER_RESOURCES, type CarerKind } from '@/shared/carer-kind';
import type { Note } from '@/shared/schemas/common';
import type { Executor } from '@/server/db/client';
import { idsOfKind } from '@/server/db/ids';
import { packages, requests } from '@/server/db/schema/care';
import { trainingRecords } from '@/server/db/schema/training';
import { carers, clients } from '@/server/db/schema/people';
import { type CarerSummary, carerSummaryFromRow } from './people.mappers';
import { packageFromRow, requestFromRow } from './care.mappers';
import { notFound } from './record-errors';
import { onlyReadable } from './role-views';
import type { RecordContext } from './service-context';
import { trainingRecordFromRow } from './training-records.mappers';
import { complianceOfCarers } from './carer-compliance';
import { exclusionsOfCarer } from './carer-exclusions';
import { loadNotes, withNotes } from './notes';
import { placesOf } from './travel';
import { type PersonKind, rememberPerson } from './people-rules';

// A carer's whole record, as the carers' screen and a person's data export both read it.

/** What of a carer's record a role may read besides the carer: Finance reads volunteers but not their training records. */
const NESTED = { trainingRecords: 'trainingRecords', packages: 'packages', requests: 'requests', exclusions: 'clients' } as const;

type CarerRow = typeof carers.$inferSelect;

const carerWithNotes = (row: CarerRow, notes: Note[]) => withNotes(carerSummaryFromRow(row), notes);
const fullCarer = async (db: Executor, row: CarerRow) => carerWithNotes(row, await loadNotes(db, { carerId: row.id }));

export type CarerRecordKind = PersonKind<typeof carers, Awaited<ReturnType<typeof fullCarer>>, CarerSummary>;

/** MPs (paid micro-providers) and volunteers: one shape, told apart by the id's first letter. */
function recordKindOf(kind: CarerKind): CarerRecordKind {
  return {
    table: carers,
    label: CARER_KIND_LABELS[kind],
    scope: idsOfKind(carers.id, kind),
    router: CARER_RESOURCES[kind],
    view: fullCarer,
    withNotes: carerWithNotes,
    summary: carerSummaryFromRow,
    notesOwner: (id) => ({ carerId: id }),
  };
}

/** MPs and volunteers as kinds of person, every query confined to ids of the kind: one each, as a person read is remembered by its kind. */
export const CARER_RECORDS: Record<CarerKind, CarerRecordKind> = { mp: recordKindOf('mp'), volunteer: recordKindOf('volunteer') };

/**
 * A carer of the kind with notes, training records, packages, the requests those packages serve, compliance and
 * clients not to be matched with: each part only for a role that may read it.
 */
export async function getCarer({ db, actor, today }: RecordContext, kind: CarerKind, { id }: { id: string }) {
  const recordKind = CARER_RECORDS[kind];
  const [row] = await db
    .select()
    .from(carers)
    .where(and(eq(carers.id, id), recordKind.scope));
  if (!row) throw notFound(recordKind.label);
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
    /** The post code has coordinates, so the carer's travel is estimated. */
    onMap: (await placesOf(db, [row.postCode])).size > 0,
    compliance,
    exclusions: await exclusionsOfCarer(db, id),
    trainingRecords: records.map(trainingRecordFromRow),
    packages: own.map(packageFromRow),
    requests: served.map(({ request, clientName }) => ({
      ...requestFromRow(request, clientName),
      packages: requestPackages.filter((p) => p.requestId === request.id).map(packageFromRow),
    })),
  }, NESTED);
}
