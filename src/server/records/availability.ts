// When carers can work (src/shared/availability.ts), as the plans, the week's changes and the suggestions read it; and
// when clients' visits may be given, as planning for less driving reads it.
import { eq, inArray } from 'drizzle-orm';
import { type Availability, inDateOrder, NO_AVAILABILITY } from '@/shared/availability';
import { inWeekOrder, type PlannedWeeklyVisit, plannedVisitWords } from '@/shared/visit-plans';
import type { Executor } from '@/server/db/client';
import { carerAvailability, clientVisitTimes } from '@/server/db/schema/availability';
import { carers, clients } from '@/server/db/schema/people';
import { checkVersion, notFound } from './record-errors';
import { auditChange } from './record-lifecycle';
import type { RecordContext } from './service-context';

export interface AvailabilityRead extends Availability {
  carerId: string;
  version: number;
}

/** The availability of the carers, by carer (none said: no entry). */
export async function availabilityOf(db: Executor, carerIds: readonly string[]): Promise<Map<string, Availability>> {
  if (!carerIds.length) return new Map();
  const rows = await db.select().from(carerAvailability).where(inArray(carerAvailability.carerId, [...carerIds]));
  return new Map(rows.map((row) => [row.carerId, { weekly: row.weekly, timeOff: row.timeOff }]));
}

export async function readAvailability(db: Executor, carerId: string): Promise<AvailabilityRead> {
  const [row] = await db.select().from(carerAvailability).where(eq(carerAvailability.carerId, carerId));
  return { carerId, ...(row ? { weekly: row.weekly, timeOff: row.timeOff } : NO_AVAILABILITY), version: row?.version ?? 0 };
}

/** Replaces a carer's availability (theirs from the phone, or the office's for them) against the version last seen. Audited. */
export function saveAvailability(ctx: Pick<RecordContext, 'db' | 'actor'>, carerId: string, input: Availability & { version?: number }): Promise<AvailabilityRead> {
  return ctx.db.transaction(async (tx) => {
    const [carer] = await tx.select({ id: carers.id }).from(carers).where(eq(carers.id, carerId)).for('update');
    if (!carer) throw notFound('Carer');
    const stored = await readAvailability(tx, carerId);
    checkVersion(stored, input.version);
    const columns = { weekly: inWeekOrder(input.weekly), timeOff: inDateOrder(input.timeOff), version: stored.version + 1, updatedBy: ctx.actor.email, updatedAt: new Date() };
    await tx.insert(carerAvailability).values({ carerId, ...columns }).onConflictDoUpdate({ target: carerAvailability.carerId, set: columns });
    const words = (availability: Availability) => ({ weekly: availability.weekly.map(plannedVisitWords), timeOff: availability.timeOff });
    await auditChange(tx, ctx, 'availability.set', carerId, words(stored), words(columns));
    return { carerId, weekly: columns.weekly, timeOff: columns.timeOff, version: columns.version };
  });
}

export interface ClientVisitTimesRead {
  clientId: string;
  /** None said: visits stay at the times their plan gives. */
  weekly: PlannedWeeklyVisit[];
  version: number;
}

/** The times the clients' visits may be given, by client (none said: no entry). */
export async function clientVisitTimesOf(db: Executor, clientIds: readonly string[]): Promise<Map<string, PlannedWeeklyVisit[]>> {
  if (!clientIds.length) return new Map();
  const rows = await db.select().from(clientVisitTimes).where(inArray(clientVisitTimes.clientId, [...new Set(clientIds)]));
  return new Map(rows.map((row) => [row.clientId, row.weekly]));
}

export async function readClientVisitTimes(db: Executor, clientId: string): Promise<ClientVisitTimesRead> {
  const [row] = await db.select().from(clientVisitTimes).where(eq(clientVisitTimes.clientId, clientId));
  return { clientId, weekly: row?.weekly ?? [], version: row?.version ?? 0 };
}

/** Replaces the times a client's visits may be given, against the version last seen. Audited. */
export function saveClientVisitTimes(ctx: Pick<RecordContext, 'db' | 'actor'>, input: { clientId: string; weekly: PlannedWeeklyVisit[]; version?: number }): Promise<ClientVisitTimesRead> {
  return ctx.db.transaction(async (tx) => {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clientId)).for('update');
    if (!client) throw notFound('Client');
    const stored = await readClientVisitTimes(tx, input.clientId);
    checkVersion(stored, input.version);
    const columns = { weekly: inWeekOrder(input.weekly), version: stored.version + 1, updatedBy: ctx.actor.email, updatedAt: new Date() };
    await tx.insert(clientVisitTimes).values({ clientId: input.clientId, ...columns }).onConflictDoUpdate({ target: clientVisitTimes.clientId, set: columns });
    await auditChange(tx, ctx, 'availability.setClientTimes', input.clientId, stored.weekly.map(plannedVisitWords), columns.weekly.map(plannedVisitWords));
    return { clientId: input.clientId, weekly: columns.weekly, version: columns.version };
  });
}
