import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { visitDays } from '@/shared/carer-app';
import type { ResolveInput } from '@/shared/schemas/carer-app';
import { packages, requests } from '@/server/db/schema/care';
import { closedMonths } from '@/server/db/schema/deliveries';
import { visits, type VisitTold } from '@/server/db/schema/visits';
import { carers, clients } from '@/server/db/schema/people';
import { recordAudit } from '@/server/records/audit-trail';
import { keepDayFromVisits } from '@/server/records/delivery-entries';
import { notFound, refused } from '@/server/records/record-errors';
import type { ServiceContext } from '@/server/records/service-context';
import { VISIT_TOLD, withPeople } from './office-visits.service';
import { overlapOf, packageOf, packageRefusal } from './visit-rules';

/** A package the office may record a waiting visit on instead: the same client's, with the same carer. */
export interface OtherPackage {
  id: string;
  name: string;
  startDate: string;
  endDate: string | null;
}

/** A visit a carer sent that waits for the office: who, for whom, when, what they said and why it waits. */
export interface VisitToResolve extends VisitTold {
  id: string;
  carerId: string;
  carerName: string;
  clientId: string;
  clientName: string;
  packageId: string;
  reason: string;
  recordedAt: string;
  /** The client's other packages with this carer, to record the visit on one of them. */
  otherPackages: OtherPackage[];
}

/** Visits to resolve, oldest first: the carers' visits the office has not yet recorded or turned down. */
export async function visitsToResolve({ db }: ServiceContext): Promise<{ visits: VisitToResolve[] }> {
  const waiting = await withPeople(
    db
      .select({
        id: visits.id,
        carerId: visits.carerId,
        carerName: carers.name,
        clientId: clients.id,
        clientName: clients.name,
        packageId: visits.packageId,
        ...VISIT_TOLD,
        reason: visits.reason,
        recordedAt: visits.recordedAt,
      })
      .from(visits)
      .$dynamic(),
  )
    .where(eq(visits.status, 'toResolve'))
    .orderBy(asc(visits.recordedAt), asc(visits.id));
  const clientIds = [...new Set(waiting.map((v) => v.clientId))];
  const theirs = clientIds.length
    ? await db
        .select({ id: packages.id, name: packages.name, startDate: packages.startDate, endDate: packages.endDate, carerId: packages.carerId, clientId: requests.clientId })
        .from(packages)
        .innerJoin(requests, eq(requests.id, packages.requestId))
        .where(and(inArray(requests.clientId, clientIds), eq(packages.archived, 'N')))
        .orderBy(asc(packages.startDate))
    : [];
  return {
    visits: waiting.map((v) => ({
      ...v,
      reason: v.reason ?? '',
      recordedAt: v.recordedAt.toISOString(),
      otherPackages: theirs
        .filter((p) => p.clientId === v.clientId && p.carerId === v.carerId && p.id !== v.packageId)
        .map(({ id, name, startDate, endDate }) => ({ id, name, startDate, endDate })),
    })),
  };
}

/**
 * The office resolves a waiting visit (Admin, Coordinator): records it on another package of the same client and
 * carer, records it on its own package after all (the office may, where a phone may not: a closed package, far back,
 * a package given to another carer since; with a reason), or turns it down with a reason the carer reads on the phone.
 * Recorded, it must still fall within its package's dates, in an open month, overlapping none of the carer's visits;
 * its day's care is the visit's carer's, whoever has the package now (decision 311). Audited.
 */
export async function resolveVisit(ctx: ServiceContext, input: ResolveInput): Promise<{ id: string; status: 'recorded' | 'turnedDown' }> {
  const { db, actor } = ctx;
  return db.transaction(async (tx) => {
    // A month closed while this waits is seen, as when a phone's visits arrive.
    await tx.execute(sql`lock table ${closedMonths} in share mode`);
    const [visit] = await tx.select().from(visits).where(eq(visits.id, input.visitId)).for('update');
    if (!visit) throw notFound('Visit');
    if (visit.status !== 'toResolve') throw refused(`${visit.resolvedBy ?? 'Someone'} resolved this visit already`);
    const resolved = { resolvedAt: new Date(), resolvedBy: actor.email };
    if (input.action === 'turnDown') {
      await tx.update(visits).set({ status: 'turnedDown', resolution: input.reason, ...resolved }).where(eq(visits.id, visit.id));
      await recordAudit(tx, actor, 'carerApp.resolve', visit.id, { action: input.action, reason: input.reason });
      return { id: visit.id, status: 'turnedDown' as const };
    }
    const packageId = input.action === 'recordOnPackage' ? input.packageId : visit.packageId;
    const was = await packageOf(tx, visit.packageId);
    const pkg = packageId === visit.packageId ? was : await packageOf(tx, packageId);
    const times = { packageId, date: visit.date, start: visit.startTime, end: visit.endTime };
    if (!pkg || !was || pkg.clientId !== was.clientId) throw refused('Choose a package of the same client');
    // Another package of the client is one of this carer's own; their own package may have gone to someone else since.
    if (packageId !== visit.packageId && pkg.carerId !== visit.carerId) throw refused('Choose a package of this carer’s');
    const why = (await packageRefusal(tx, times, pkg)) ?? (await overlapOf(tx, visit.carerId, times, visit.id));
    if (why) throw refused(why);
    await tx
      .update(visits)
      .set({ status: 'recorded', packageId, resolution: input.action === 'recordAnyway' ? input.reason : 'Recorded on another package', ...resolved })
      .where(eq(visits.id, visit.id));
    for (const date of visitDays(times)) await keepDayFromVisits(tx, packageId, visit.carerId, date);
    await recordAudit(tx, actor, 'carerApp.resolve', visit.id, {
      action: input.action,
      ...(input.action === 'recordAnyway' ? { reason: input.reason } : { packageId: { from: visit.packageId, to: packageId } }),
    });
    return { id: visit.id, status: 'recorded' as const };
  });
}

