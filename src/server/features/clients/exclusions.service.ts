import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { carerExclusions } from '@/server/db/schema/exclusions';
import { carers, clients } from '@/server/db/schema/people';
import { recordAudit } from '@/server/records/audit-trail';
import { exclusionOf, exclusionsOfClient, readableExclusions } from '@/server/records/carer-exclusions';
import { notFound } from '@/server/records/record-errors';
import type { RecordContext } from '@/server/records/service-context';

/**
 * Adds a carer to a client's "do not match" list, or changes the reason of one already there; audited on the client.
 * Answers the list as the role may read it.
 */
export async function addExclusion(ctx: RecordContext, input: { clientId: string; carerId: string; reason: string }) {
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
    return readableExclusions(ctx.actor.role, await exclusionsOfClient(tx, input.clientId));
  });
}

/** Takes a carer off a client's "do not match" list; audited on the client. */
export async function removeExclusion(ctx: RecordContext, input: { clientId: string; carerId: string }) {
  return ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(carerExclusions)
      .where(and(eq(carerExclusions.clientId, input.clientId), eq(carerExclusions.carerId, input.carerId)))
      .returning();
    if (!removed) throw new TRPCError({ code: 'NOT_FOUND', message: 'That carer is not on the client’s do-not-match list' });
    await recordAudit(tx, ctx.actor, 'clients.removeExclusion', input.clientId, { [`exclusions.${input.carerId}`]: { from: removed.reason, to: null } });
    return readableExclusions(ctx.actor.role, await exclusionsOfClient(tx, input.clientId));
  });
}
