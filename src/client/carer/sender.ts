import { MAX_VISITS_A_CALL } from '@/shared/carer-app';
import type { MyVisits, Outbox, PhoneVisit, VisitAnswer } from './outbox';

/** The server's side of sending, as the app's API client (or a test's) gives it. */
export interface CarerApi {
  sync(visits: Pick<PhoneVisit, 'id' | 'packageId' | 'date' | 'start' | 'end' | 'note' | 'tellOffice'>[]): Promise<VisitAnswer[]>;
  myVisits(): Promise<MyVisits>;
  /** Asked once the sign-in was refused: whether the office ended the carer's access (else the sign-in lapsed). */
  accessEnded?(): Promise<boolean>;
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
      const answers = await api.sync(
        batch.map(({ id, packageId, date, start, end, note, tellOffice }) => ({ id, packageId, date, start, end, ...(note ? { note } : {}), ...(tellOffice ? { tellOffice } : {}) })),
      );
      await outbox.settle(answers);
      // An answer missing for a visit would send it again for ever: stop, and try again at the next turn.
      if (answers.length < batch.length) return 'offline';
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
