import { TRPCError } from '@trpc/server';
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { todayIn } from '@/shared/dates';
import type { PhoneWellbeingInput } from '@/shared/schemas/wellbeing';
import { PHONE_WELLBEING_REFUSALS } from '@/shared/wellbeing';
import { packages, requests } from '@/server/db/schema/care';
import { wellbeingAnswers } from '@/server/db/schema/wellbeing';
import type { CarerContext } from '@/server/records/service-context';
import { recordWellbeing, type ReviewDue, reviewsDue, wellbeingSettingsRow } from '@/server/records/wellbeing';

/** What became of one asking a phone sent: recorded (now or before), or refused with why, for the carer to tell the office. */
export type PhoneWellbeingAnswer = { id: string } & ({ result: 'recorded' } | { result: 'refused'; reason: string });

/** A client of the carer's due to be asked: for the first time since their care began, or for a review. */
export type WellbeingDue = Pick<ReviewDue, 'clientId' | 'clientName' | 'kind' | 'due'>;

/** The clients a carer may ask, where the charity allows it: those of their care today who are due, overdue first. */
export async function wellbeingDueFor(ctx: CarerContext, clientIds: ReadonlySet<string>): Promise<WellbeingDue[]> {
  if (!(await wellbeingSettingsRow.read(ctx.db)).carersMayAsk) return [];
  return (await reviewsDue(ctx, [...clientIds])).map(({ clientId, clientName, kind, due }) => ({ clientId, clientName, kind, due }));
}

/** Whether the carer gave the client care on the day: a package of theirs, not archived, running then. */
async function givesCare(ctx: CarerContext, clientId: string, day: string): Promise<boolean> {
  const [found] = await ctx.db
    .select({ id: packages.id })
    .from(packages)
    .innerJoin(requests, eq(requests.id, packages.requestId))
    .where(
      and(
        eq(packages.carerId, ctx.carer.carerId),
        eq(requests.clientId, clientId),
        eq(packages.archived, 'N'),
        lte(packages.startDate, day),
        or(isNull(packages.endDate), gte(packages.endDate, day)),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * Answers asked on a carer's phone, each recorded once by the phone's id however often it comes: one already held
 * is answered as recorded whatever has changed since. A new one is taken while the charity lets carers ask, for a
 * client the carer gave care to on the day, asked before any end of their access; otherwise it is refused with why,
 * and the phone tells the carer to tell the office.
 */
export async function recordFromPhone(ctx: CarerContext, { answers }: PhoneWellbeingInput): Promise<PhoneWellbeingAnswer[]> {
  const { carersMayAsk } = await wellbeingSettingsRow.read(ctx.db);
  const endedOn = ctx.endedAt && todayIn(ctx.env.timeZone, ctx.endedAt);
  const results: PhoneWellbeingAnswer[] = [];
  for (const input of answers) {
    const id = input.id!;
    const [held] = await ctx.db.select({ clientId: wellbeingAnswers.clientId }).from(wellbeingAnswers).where(eq(wellbeingAnswers.id, id));
    const refusal =
      held?.clientId === input.clientId
        ? null
        : !carersMayAsk
          ? PHONE_WELLBEING_REFUSALS.notAllowed
          : endedOn && input.askedOn > endedOn
            ? PHONE_WELLBEING_REFUSALS.afterAccessEnded
            : !(await givesCare(ctx, input.clientId, input.askedOn))
              ? PHONE_WELLBEING_REFUSALS.notYourClient
              : null;
    if (refusal) {
      results.push({ id, result: 'refused', reason: refusal });
      continue;
    }
    try {
      await recordWellbeing(ctx, input, ctx.carer.carerId);
      results.push({ id, result: 'recorded' });
    } catch (error) {
      // The office's own rules (an anonymised client, a day ahead): said to the carer, the rest go on.
      if (!(error instanceof TRPCError) || error.code !== 'BAD_REQUEST') throw error;
      results.push({ id, result: 'refused', reason: error.message });
    }
  }
  return results;
}
