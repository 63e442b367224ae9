import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { CHANGE_ANSWER_MESSAGES, plannedVisitSlot } from '@/shared/planned-visits';
import type { ChangeAnswerInput } from '@/shared/schemas/planned-visits';
import { packages } from '@/server/db/schema/care';
import { visitChanges } from '@/server/db/schema/visit-plans';
import { recordAudit } from '@/server/records/audit-trail';
import { type ChangeRead, changeRead, visitChangeOf } from '@/server/records/planned-visits';
import type { CarerContext } from '@/server/records/service-context';

/**
 * The carer accepts or declines a change of one week's visit offered to them (the carer who is to give it), as the
 * version they saw: a change made again meanwhile is answered afresh. Audited.
 */
export function answerChange({ db, actor, carer }: CarerContext, input: ChangeAnswerInput): Promise<{ id: string; change: ChangeRead }> {
  const slot = plannedVisitSlot(input.plannedVisitId)!;
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ change: visitChanges, packageCarerId: packages.carerId })
      .from(visitChanges)
      .innerJoin(packages, eq(packages.id, visitChanges.packageId))
      .where(and(eq(visitChanges.packageId, slot.packageId), eq(visitChanges.slotDate, slot.date), eq(visitChanges.slotStart, slot.start)))
      .for('update', { of: visitChanges });
    if (!found || (found.change.carerId ?? found.packageCarerId) !== carer.carerId) throw new TRPCError({ code: 'NOT_FOUND', message: CHANGE_ANSWER_MESSAGES.notYours });
    if (found.change.version !== input.version) throw new TRPCError({ code: 'CONFLICT', message: CHANGE_ANSWER_MESSAGES.changedAgain });
    const answer = input.answer === 'accept' ? 'accepted' : 'declined';
    const [saved] = await tx.update(visitChanges).set({ answer, answeredAt: new Date() }).where(eq(visitChanges.id, found.change.id)).returning();
    await recordAudit(tx, actor, 'carerApp.answerChange', input.plannedVisitId, { answer, version: input.version });
    return { id: input.plannedVisitId, change: changeRead(visitChangeOf(saved!))! };
  });
}
