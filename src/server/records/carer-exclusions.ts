import { and, asc, eq } from 'drizzle-orm';
import type { Role } from '@/shared/permissions';
import type { Executor } from '@/server/db/client';
import { carerExclusions } from '@/server/db/schema/exclusions';
import { carers, clients } from '@/server/db/schema/people';
import { mayReadCarer } from './role-views';

// Carers not to be matched with a client ("do not match"), and why. One relation, seen from either side:
// a client's list names the carers, a carer's list ("does not work with") names the clients.

function exclusionFields(row: typeof carerExclusions.$inferSelect) {
  return { reason: row.reason, createdAt: row.createdAt.toISOString(), createdBy: row.createdBy };
}

/** A carer a client is not to be matched with, named. */
export function clientExclusionFromRow(exclusion: typeof carerExclusions.$inferSelect, carerName: string) {
  return { carerId: exclusion.carerId, carerName, ...exclusionFields(exclusion) };
}
export type ClientExclusion = ReturnType<typeof clientExclusionFromRow>;

const byName = new Intl.Collator('en-GB');

/** A client's exclusions by their carers' names (then ids, so the order is always the same). */
export function inNameOrder(exclusions: ClientExclusion[]): ClientExclusion[] {
  return exclusions.sort((a, b) => byName.compare(a.carerName, b.carerName) || (a.carerId < b.carerId ? -1 : 1));
}

/** A client's do-not-match carers the role may read (Finance reads volunteers but not MPs). */
export function readableExclusions(role: Role, list: ClientExclusion[]): ClientExclusion[] {
  return list.filter((exclusion) => mayReadCarer(role, exclusion.carerId));
}

/** The carers a client is not to be matched with, by name. */
export async function exclusionsOfClient(db: Executor, clientId: string): Promise<ClientExclusion[]> {
  const rows = await db
    .select({ exclusion: carerExclusions, carerName: carers.name })
    .from(carerExclusions)
    .innerJoin(carers, eq(carerExclusions.carerId, carers.id))
    .where(eq(carerExclusions.clientId, clientId));
  return inNameOrder(rows.map(({ exclusion, carerName }) => clientExclusionFromRow(exclusion, carerName)));
}

/** The clients a carer is not to be matched with, by name. */
export async function exclusionsOfCarer(db: Executor, carerId: string) {
  const rows = await db
    .select({ exclusion: carerExclusions, clientName: clients.name })
    .from(carerExclusions)
    .innerJoin(clients, eq(carerExclusions.clientId, clients.id))
    .where(eq(carerExclusions.carerId, carerId))
    .orderBy(asc(clients.name));
  return rows.map(({ exclusion, clientName }) => ({ clientId: exclusion.clientId, clientName, ...exclusionFields(exclusion) }));
}

/** The reason a carer is not to be matched with a client, or null. */
export async function exclusionOf(db: Executor, clientId: string, carerId: string): Promise<{ reason: string } | null> {
  const [row] = await db
    .select({ reason: carerExclusions.reason })
    .from(carerExclusions)
    .where(and(eq(carerExclusions.clientId, clientId), eq(carerExclusions.carerId, carerId)));
  return row ?? null;
}
