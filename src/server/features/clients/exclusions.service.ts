import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { carerExclusions } from '@/server/db/schema/assignment';
import { carers, clients } from '@/server/db/schema/people';
import { recordAudit } from '@/server/records/audit-trail';
import { notFound } from '@/server/records/record-errors';
import type { ServiceContext } from '@/server/records/service-context';

// Carers not to be matched with a client ("do not match"), and why. One relation, seen from either side:
// a client's list names the carers, a carer's list ("does not work with") names the clients.

function exclusionFields(row: typeof carerExclusions.$inferSelect) {
  return { reason: row.reason, createdAt: row.createdAt.toISOString(), createdBy: row.createdBy };
}

/** The carers a client is not to be matched with, by name. */
export async function exclusionsOfClient(db: Executor, clientId: string) {
  const rows = await db
    .select({ exclusion: carerExclusions, carerName: carers.name })
    .from(carerExclusions)
    .innerJoin(carers, eq(carerExclusions.carerId, carers.id))
    .where(eq(carerExclusions.clientId, clientId))
    .orderBy(asc(carers.name));
  return rows.map(({ exclusion, carerName }) => ({ carerId: exclusion.carerId, carerName, ...exclusionFields(exclusion) }));
}
export type ClientExclusion = Awaited<ReturnType<typeof exclusionsOfClient>>[number];

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

/** Adds a carer to a client's "do not match" list, or changes the reason of one already there; audited on the client. */
export async function addExclusion(ctx: ServiceContext, input: { clientId: string; carerId: string; reason: string }) {
  return ctx.db.transaction(async (tx) => {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clientId));
    if (!client) throw notFound('Client');
    const [carer] = await tx.select({ id: carers.id }).from(carers).where(eq(carers.id, input.carerId));
    if (!carer) throw notFound('Carer');
    const before = await exclusionOf(tx, input.clientId, input.carerId);
    await tx
      .insert(carerExclusions)
      .values({ ...input, createdBy: ctx.actor.email })
      .onConflictDoUpdate({ target: [carerExclusions.clientId, carerExclusions.carerId], set: { reason: input.reason } });
    await recordAudit(tx, ctx.actor, 'clients.addExclusion', input.clientId, {
      [`exclusions.${input.carerId}`]: { from: before?.reason ?? null, to: input.reason },
    });
    return exclusionsOfClient(tx, input.clientId);
  });
}

/** Takes a carer off a client's "do not match" list; audited on the client. */
export async function removeExclusion(ctx: ServiceContext, input: { clientId: string; carerId: string }) {
  return ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(carerExclusions)
      .where(and(eq(carerExclusions.clientId, input.clientId), eq(carerExclusions.carerId, input.carerId)))
      .returning();
    if (!removed) throw new TRPCError({ code: 'NOT_FOUND', message: 'That carer is not on the client’s do-not-match list' });
    await recordAudit(tx, ctx.actor, 'clients.removeExclusion', input.clientId, { [`exclusions.${input.carerId}`]: { from: removed.reason, to: null } });
    return exclusionsOfClient(tx, input.clientId);
  });
}
