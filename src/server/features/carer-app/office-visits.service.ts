import { and, asc, desc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { CouldNotVisit } from '@/shared/carer-app';
import type { VisitRef, VisitsOfInput } from '@/shared/schemas/carer-app';
import { packages, requests } from '@/server/db/schema/care';
import { visits, type VisitAsSent, type VisitTold } from '@/server/db/schema/visits';
import { carers, clients } from '@/server/db/schema/people';
import { recordAudit } from '@/server/records/audit-trail';
import { forbidden, notFound, refused } from '@/server/records/record-errors';
import { carerNameFor, mayReadCarer } from '@/server/records/role-views';
import type { ServiceContext } from '@/server/records/service-context';

// The carers' visits as the office reads them: on a client's or a carer's record, and what carers marked for it.

/** A query of visits (`.from(visits).$dynamic()`) joined to each one's carer and its package's client. */
export function withPeople<T extends PgSelect>(query: T) {
  return query
    .innerJoin(carers, eq(carers.id, visits.carerId))
    .innerJoin(packages, eq(packages.id, visits.packageId))
    .innerJoin(requests, eq(requests.id, packages.requestId))
    .innerJoin(clients, eq(clients.id, requests.clientId));
}

/** A visit as the carer told it (VisitTold), as stored: the columns the office's lists read. */
export const VISIT_TOLD = {
  date: visits.date,
  start: visits.startTime,
  end: visits.endTime,
  couldNotVisit: sql<CouldNotVisit | null>`${visits.couldNotVisit}`,
  note: visits.note,
};

/**
 * A carer's word for the office, not yet seen: a visit whose note they marked "The office needs to know", or a visit
 * that did not happen ("Couldn't visit"), with its note if any.
 */
export interface FromCarer extends VisitTold {
  visitId: string;
  carerId: string;
  carerName: string;
  clientName: string;
  recordedAt: string;
}

/** What carers marked for the office, and visits that did not happen, nobody has marked seen, oldest first: the Dashboard's "From carers". */
export async function fromCarers({ db }: ServiceContext): Promise<{ visits: FromCarer[] }> {
  const rows = await withPeople(
    db
      .select({
        visitId: visits.id,
        carerId: visits.carerId,
        carerName: carers.name,
        clientName: clients.name,
        ...VISIT_TOLD,
        recordedAt: visits.recordedAt,
      })
      .from(visits)
      .$dynamic(),
  )
    // An anonymised client's notes are emptied: nothing is left to hear.
    // One the carer withdrew is theirs to have taken back: it is on the records, not on the first screen.
    .where(
      and(
        or(and(eq(visits.tellOffice, true), sql`${visits.note} <> ''`), isNotNull(visits.couldNotVisit)),
        isNull(visits.seenAt),
        isNull(clients.anonymisedAt),
        ne(visits.status, 'withdrawn'),
      ),
    )
    .orderBy(asc(visits.recordedAt), asc(visits.id));
  return { visits: rows.map((row) => ({ ...row, recordedAt: row.recordedAt.toISOString() })) };
}

/** Marks a carer's word for the office seen, by whom and when: it leaves "From carers". Audited. */
export async function markSeen({ db, actor }: ServiceContext, { visitId }: VisitRef): Promise<{ visitId: string; seenAt: string; seenBy: string }> {
  return db.transaction(async (tx) => {
    const [visit] = await tx.select().from(visits).where(eq(visits.id, visitId)).for('update');
    if (!visit || !(visit.tellOffice || visit.couldNotVisit)) throw notFound('Note for the office');
    if (visit.seenAt) throw refused(`${visit.seenBy} marked this seen already`);
    const seenAt = new Date();
    await tx.update(visits).set({ seenAt, seenBy: actor.email }).where(eq(visits.id, visitId));
    await recordAudit(tx, actor, 'carerApp.markSeen', visitId, { seenAt: seenAt.toISOString() });
    return { visitId, seenAt: seenAt.toISOString(), seenBy: actor.email };
  });
}

/** A visit on a client's or a carer's record: who, when, and what the carer said. */
export interface OfficeVisit extends VisitTold {
  id: string;
  carerId: string;
  /** Empty for a role that may not read that kind of carer (Finance: MPs). */
  carerName: string;
  clientId: string;
  clientName: string;
  tellOffice: boolean;
  seenBy: string | null;
  seenAt: string | null;
  /** Recorded as delivered care, waiting in Visits to resolve, turned down, or withdrawn by the carer. */
  status: 'recorded' | 'toResolve' | 'turnedDown' | 'withdrawn';
  /** When the carer last changed or withdrew it, and what they first sent, once they changed it. */
  changedAt: string | null;
  original: VisitAsSent | null;
}

/** How many of a record's visits are shown, newest first. */
export const VISITS_ON_A_RECORD = 100;

/** The newest visits of a client or of a carer, newest first, with the carer's notes. */
export async function visitsOf({ db, actor }: ServiceContext, of: VisitsOfInput): Promise<{ visits: OfficeVisit[]; more: boolean }> {
  if ('carerId' in of && !mayReadCarer(actor.role, of.carerId)) throw forbidden(actor.role, 'read', 'mps');
  const rows = await withPeople(
    db
      .select({
        id: visits.id,
        carerId: visits.carerId,
        carerName: carers.name,
        clientId: clients.id,
        clientName: clients.name,
        ...VISIT_TOLD,
        tellOffice: visits.tellOffice,
        seenBy: visits.seenBy,
        seenAt: visits.seenAt,
        status: sql<OfficeVisit['status']>`${visits.status}`,
        changedAt: visits.changedAt,
        original: visits.original,
      })
      .from(visits)
      .$dynamic(),
  )
    .where('clientId' in of ? eq(clients.id, of.clientId) : eq(visits.carerId, of.carerId))
    .orderBy(desc(visits.date), desc(visits.startTime), desc(visits.id))
    .limit(VISITS_ON_A_RECORD + 1);
  return {
    visits: rows
      .slice(0, VISITS_ON_A_RECORD)
      .map((row) => carerNameFor(actor.role, { ...row, seenAt: row.seenAt?.toISOString() ?? null, changedAt: row.changedAt?.toISOString() ?? null })),
    more: rows.length > VISITS_ON_A_RECORD,
  };
}
