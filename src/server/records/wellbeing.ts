import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { addDays } from '@/shared/dates';
import { DEFAULT_REVIEW_WEEKS, type LonelyAnswer, WELLBEING_MESSAGES, WELLBEING_QUESTIONS, type WellbeingQuestion } from '@/shared/wellbeing';
import { type WellbeingInput, type WellbeingSettings, wellbeingSettingsInput } from '@/shared/schemas/wellbeing';
import type { Executor } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { packages, requests } from '@/server/db/schema/care';
import { clients } from '@/server/db/schema/people';
import { wellbeingAnswers, wellbeingSettings } from '@/server/db/schema/wellbeing';
import { recordAudit } from '@/server/records/audit-trail';
import { carerNamesOf } from '@/server/records/carer-names';
import { notFound, refused } from '@/server/records/record-errors';
import type { RecordContext, ServiceContext } from '@/server/records/service-context';
import { settingsRow } from '@/server/records/settings-row';

// A client's wellbeing answers, recorded by the office and by carers' phones alike, and who is due to be asked.

const DEFAULTS: WellbeingSettings = { reviewWeeks: DEFAULT_REVIEW_WEEKS, carersMayAsk: false };
export const wellbeingSettingsRow = settingsRow(wellbeingSettings, wellbeingSettingsInput, DEFAULTS);

/** One asking as the office reads it: the scores and answers, what was declined, and who asked. */
export interface WellbeingAnswers {
  id: string;
  askedOn: string;
  lifeSatisfaction: number | null;
  worthwhile: number | null;
  happy: number | null;
  anxious: number | null;
  lonely: LonelyAnswer | null;
  mattersMost: string;
  declined: WellbeingQuestion[];
  /** The carer who asked from their phone; null when the office recorded it. */
  askedBy: string | null;
  recordedAt: Date;
}

/** The client, who must exist and not be anonymised (their answers went with them). */
async function clientToAsk(db: Executor, clientId: string) {
  const [client] = await db.select({ id: clients.id, anonymisedAt: clients.anonymisedAt }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw notFound('Client');
  if (client.anonymisedAt) throw refused('This client has been anonymised: nothing more is recorded about them.');
}

/**
 * Records one asking. Sent again with the same id (a phone that lost the answer), the answers already held are
 * answered and nothing is written twice. The audit trail says who recorded which questions on what day, not the
 * scores: the answers are about health, and stay in their own table.
 */
export async function recordWellbeing(ctx: RecordContext, input: WellbeingInput, carerId: string | null = null): Promise<WellbeingAnswers> {
  if (input.askedOn > ctx.today) throw refused(WELLBEING_MESSAGES.askedAhead);
  return ctx.db.transaction(async (tx) => {
    await clientToAsk(tx, input.clientId);
    const id = input.id ?? newId('w');
    const [saved] = await tx
      .insert(wellbeingAnswers)
      .values({
        id,
        clientId: input.clientId,
        askedOn: input.askedOn,
        lifeSatisfaction: input.lifeSatisfaction ?? null,
        worthwhile: input.worthwhile ?? null,
        happy: input.happy ?? null,
        anxious: input.anxious ?? null,
        lonely: input.lonely ?? null,
        mattersMost: input.mattersMost,
        declined: WELLBEING_QUESTIONS.filter((question) => input.declined.includes(question)),
        carerId,
      })
      .onConflictDoNothing()
      .returning();
    if (!saved) {
      const [held] = await tx.select().from(wellbeingAnswers).where(eq(wellbeingAnswers.id, id));
      // The same id for another client is not a resend: refused, and nothing changes.
      if (!held || held.clientId !== input.clientId) throw refused('These answers could not be recorded: send them again.');
      return (await answersOf(tx, [held]))[0]!;
    }
    const answered = WELLBEING_QUESTIONS.filter((question) => input[question] !== undefined);
    await recordAudit(tx, ctx.actor, 'wellbeing.record', input.clientId, { askedOn: input.askedOn, answered, declined: saved.declined, fromPhone: carerId !== null });
    return (await answersOf(tx, [saved]))[0]!;
  });
}

export async function answersOf(db: Executor, rows: (typeof wellbeingAnswers.$inferSelect)[]): Promise<WellbeingAnswers[]> {
  const names = await carerNamesOf(db, rows.flatMap((row) => (row.carerId ? [row.carerId] : [])));
  return rows.map((row) => ({
    id: row.id,
    askedOn: row.askedOn,
    lifeSatisfaction: row.lifeSatisfaction,
    worthwhile: row.worthwhile,
    happy: row.happy,
    anxious: row.anxious,
    lonely: row.lonely as LonelyAnswer | null,
    mattersMost: row.mattersMost,
    declined: row.declined,
    askedBy: row.carerId ? (names.get(row.carerId) ?? null) : null,
    recordedAt: row.recordedAt,
  }));
}

/** A client to ask: for the first time since their care began, or for a review. */
export interface ReviewDue {
  clientId: string;
  clientName: string;
  kind: 'first' | 'review';
  /** The day it falls due: when care began, or the last asking and the review weeks on. */
  due: string;
  lastAskedOn: string | null;
}

/** How far ahead the list looks: the office plans the coming fortnight's askings. */
export const DUE_AHEAD_DAYS = 14;

/**
 * The clients in care today (a package running, neither client nor package archived) who are due to be asked within
 * the next fortnight or are overdue: those never asked since their care began, and those whose last asking is the
 * review weeks old. Overdue first. `among`, when given, keeps to those clients (a carer's own), asked of the database.
 */
export async function reviewsDue({ db, today }: Pick<ServiceContext, 'db' | 'today'>, among?: readonly string[]): Promise<ReviewDue[]> {
  if (among?.length === 0) return [];
  const { reviewWeeks } = await wellbeingSettingsRow.read(db);
  const inCare = await db
    .select({ clientId: clients.id, clientName: clients.name, careFrom: sql<string>`min(${packages.startDate})::text` })
    .from(packages)
    .innerJoin(requests, eq(requests.id, packages.requestId))
    .innerJoin(clients, eq(clients.id, requests.clientId))
    .where(
      and(
        eq(packages.archived, 'N'),
        eq(clients.archived, 'N'),
        isNull(clients.anonymisedAt),
        lte(packages.startDate, today),
        or(isNull(packages.endDate), gte(packages.endDate, today)),
        among ? inArray(clients.id, [...among]) : undefined,
      ),
    )
    .groupBy(clients.id, clients.name)
    .orderBy(asc(clients.name));
  if (!inCare.length) return [];
  const last = new Map(
    (
      await db
        .select({ clientId: wellbeingAnswers.clientId, askedOn: sql<string>`max(${wellbeingAnswers.askedOn})::text` })
        .from(wellbeingAnswers)
        .where(inArray(wellbeingAnswers.clientId, inCare.map((row) => row.clientId)))
        .groupBy(wellbeingAnswers.clientId)
    ).map((row) => [row.clientId, row.askedOn]),
  );
  const horizon = addDays(today, DUE_AHEAD_DAYS);
  return inCare
    .map(({ clientId, clientName, careFrom }): ReviewDue => {
      const lastAskedOn = last.get(clientId) ?? null;
      // Answers from before this spell of care (an earlier one) do not stand for its start.
      if (!lastAskedOn || lastAskedOn < careFrom) return { clientId, clientName, kind: 'first', due: careFrom, lastAskedOn };
      return { clientId, clientName, kind: 'review', due: addDays(lastAskedOn, reviewWeeks * 7), lastAskedOn };
    })
    .filter((item) => item.due <= horizon)
    .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.clientName.localeCompare(b.clientName)));
}
