import { MAX_VISITS_A_CALL } from '@/shared/carer-app';
import type { VisitInput } from '@/shared/schemas/carer-app';
import type { ChangeAnswerInput as ChangeAnswer } from '@/shared/schemas/planned-visits';
import type { AvailabilityApi } from './my-availability';
import type { WellbeingInput } from '@/shared/schemas/wellbeing';
import type { AskingAnswer, MyVisits, Outbox, PhoneAsking, PhoneVisit, VisitAnswer, VisitStart } from './outbox';

/** The server's side of sending, as the app's API client (or a test's) gives it. */
export interface CarerApi {
  sync(visits: SentVisit[], starts?: VisitStart[]): Promise<VisitAnswer[]>;
  /** The carer's answer to a change of a planned visit the office offered (needs signal). */
  answerChange?(input: ChangeAnswer): Promise<unknown>;
  /** When the carer can work: read and saved at once (needs signal). */
  availability?: AvailabilityApi;
  myVisits(): Promise<MyVisits>;
  /** Wellbeing answers asked on the phone; after the office ended the carer's access, with the last sign-in held. */
  sendWellbeing?(answers: WellbeingInput[], afterEnd?: boolean): Promise<AskingAnswer[]>;
  /** Asked once the sign-in was refused: whether the office ended the carer's access (else the sign-in lapsed). */
  accessEnded?(): Promise<boolean>;
  /** After the office ended the carer's access: the visits sent with the last sign-in held, for the office to resolve. */
  sendAfterEnd?(visits: SentVisit[]): Promise<VisitAnswer[]>;
}

/** A visit as the phone sends it: given, with its times, or not, with why. */
type SentVisit = VisitInput;

function asSent(visit: PhoneVisit): SentVisit {
  const { id, packageId, date, note, tellOffice } = visit;
  if (visit.withdraw) return { id, withdraw: true };
  const said = { ...(note ? { note } : {}), ...(visit.change ? { change: true as const } : {}), ...(visit.plannedVisitId ? { plannedVisitId: visit.plannedVisitId } : {}) };
  if (visit.start === null) return { id, packageId, date, couldNotVisit: visit.couldNotVisit, ...said };
  return { id, packageId, date, start: visit.start, end: visit.end, ...said, ...(tellOffice ? { tellOffice } : {}) };
}

/**
 * Sends the wellbeing answers waiting on the phone, as the visits are sent: each marked only once the server answered
 * it. 'unanswered' when an answer is missing (to try again later); an empty answer after the end of access: not taken.
 */
async function sendAskings(outbox: Outbox, api: CarerApi, afterEnd = false): Promise<'done' | 'unanswered' | 'not-taken'> {
  if (!api.sendWellbeing) return 'done';
  for (;;) {
    const batch = await outbox.waitingAskings(MAX_VISITS_A_CALL);
    if (batch.length === 0) return 'done';
    const answers = await api.sendWellbeing(
      batch.map((asking) => asking.input),
      afterEnd,
    );
    if (afterEnd && answers.length === 0) return 'not-taken';
    await outbox.settleAskings(answers);
    if (answers.length < batch.length) return 'unanswered';
  }
}

/** How a round of sending ended. */
export type SendOutcome = 'all-sent' | 'offline' | 'sign-in-needed' | 'access-ended';

/** Sorts a failed call: no signal (try later), a sign-in to renew, or the office ended the carer's access. */
export type FailureKind = (error: unknown) => Exclude<SendOutcome, 'all-sent'>;

/**
 * Sends the visits waiting on the phone, oldest first, a call of at most MAX_VISITS_A_CALL at a time, and marks each
 * as the server answered it. A visit is only ever marked after the server's answer, so one lost on the way (the
 * signal went, the app was killed, the server stopped) is still waiting and is sent again; the server records it
 * once by its id. Then the carer's packages and visits are fetched afresh for the screen.
 */
export async function sendWaiting(outbox: Outbox, api: CarerApi, failureKind: FailureKind): Promise<SendOutcome> {
  try {
    for (;;) {
      const batch = await outbox.waiting(MAX_VISITS_A_CALL);
      if (batch.length === 0) break;
      const answers = await api.sync(batch.map(asSent));
      await outbox.settle(answers);
      // An answer missing for a visit would send it again for ever: stop, and try again at the next turn.
      if (answers.length < batch.length) return 'offline';
    }
    if ((await sendAskings(outbox, api)) === 'unanswered') return 'offline';
    // The planned visits started, for the office's Today: kept until the server has them.
    const starts = (await outbox.get('starts')) ?? [];
    if (starts.length) {
      await api.sync([], starts);
      await outbox.set('starts', undefined);
    }
    const fresh = await api.myVisits();
    await outbox.set('myVisits', { ...fresh, fetchedAt: Date.now() });
    await outbox.forgetSent(new Set(fresh.visits.map((v) => v.id)));
    return 'all-sent';
  } catch (error) {
    const kind = failureKind(error);
    if (kind === 'sign-in-needed' && (await api.accessEnded?.().catch(() => false))) return 'access-ended';
    return kind;
  }
}

/** What became of the phone's visits once the carer's access ended: how many reached the office, and which did not, why. */
export interface AfterEnd {
  delivered: number;
  notDelivered: { visit: PhoneVisit; reason: string }[];
  /** Wellbeing answers that did not reach the office, and why. */
  askingsNotDelivered: { asking: PhoneAsking; reason: string }[];
}

/** Why a visit did not reach the office when its phone's last sign-in was not taken (more than 14 days after the end). */
export const NOT_TAKEN_AFTER_END = 'The office no longer takes visits from this phone';

/**
 * After the office ended the carer's access, the visits still on the phone go to the office once more, with the last
 * sign-in the phone held (decision 309): each answered is settled as any other. With no signal the phone keeps them,
 * to try again ('offline'); once the server has answered (or refused the sign-in itself) the carer is told how many
 * reached the office and exactly which did not, and only then is the phone wiped.
 */
export async function sendAfterEnd(outbox: Outbox, api: CarerApi, failureKind: FailureKind): Promise<AfterEnd | 'offline'> {
  const notDelivered: AfterEnd['notDelivered'] = [];
  const askingsNotDelivered: AfterEnd['askingsNotDelivered'] = [];
  try {
    for (;;) {
      const batch = await outbox.waiting(MAX_VISITS_A_CALL);
      if (batch.length === 0) break;
      const answers = (await api.sendAfterEnd?.(batch.map(asSent))) ?? [];
      if (answers.length === 0) {
        notDelivered.push(...batch.map((visit) => ({ visit, reason: NOT_TAKEN_AFTER_END })));
        for (const visit of batch) await outbox.remove(visit.id);
        continue;
      }
      await outbox.settle(answers);
      if (answers.length < batch.length) return 'offline';
    }
    const askings = await sendAskings(outbox, api, true);
    if (askings === 'unanswered') return 'offline';
    if (askings === 'not-taken') for (const asking of await outbox.askings()) if (asking.state === 'waiting') askingsNotDelivered.push({ asking, reason: NOT_TAKEN_AFTER_END });
  } catch (error) {
    if (failureKind(error) === 'offline') return 'offline';
    for (const visit of await outbox.waiting(Number.MAX_SAFE_INTEGER)) notDelivered.push({ visit, reason: NOT_TAKEN_AFTER_END });
    for (const asking of await outbox.waitingAskings(Number.MAX_SAFE_INTEGER)) askingsNotDelivered.push({ asking, reason: NOT_TAKEN_AFTER_END });
  }
  for (const asking of await outbox.askings()) if (asking.state === 'refused') askingsNotDelivered.push({ asking, reason: asking.reason ?? '' });
  // Sent, now or in the round that found the access ended, and not yet in a list the server gave back.
  const held = await outbox.all();
  for (const visit of held) if (visit.state === 'refused') notDelivered.push({ visit, reason: visit.reason ?? '' });
  return { delivered: held.filter((visit) => visit.state === 'sent').length, notDelivered, askingsNotDelivered };
}

/**
 * One round of sending at a time in this app, and across its windows where the browser can say (Web Locks): a
 * second window's round waits, then finds nothing left to send.
 */
export function singleFlight<T>(name: string, run: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  return () => {
    current ??= ((navigator.locks ? navigator.locks.request(name, run) : run()) as Promise<T>).finally(() => (current = undefined));
    return current;
  };
}
