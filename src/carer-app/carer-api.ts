import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@/server/app-router';
import { ACCESS_ENDED } from '@/shared/carer-app';
import { type CarerAuth, SignInNeededError } from './carer-auth';
import type { CarerApi, FailureKind } from './sender';

const codeOf = (error: unknown) => (error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined);

/**
 * The carer's two calls, each with a fresh ID token: one the server refuses is renewed once and the call made again
 * (the server ends a session the moment the office changes the account, so a stored token may be refused early).
 */
export function carerApi(auth: CarerAuth): CarerApi {
  let force = false;
  const client = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: '/trpc',
        headers: async () => {
          const token = await auth.idToken({ force });
          force = false;
          return { authorization: `Bearer ${token}` };
        },
      }),
    ],
  });
  const withRenewal = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (codeOf(error) !== 'UNAUTHORIZED') throw error;
      force = true;
      return call();
    }
  };
  const unsigned = createTRPCClient<AppRouter>({ links: [httpLink({ url: '/trpc' })] });
  return {
    sync: (visits, starts) => withRenewal(() => client.carerApp.sync.mutate({ visits, ...(starts?.length ? { starts } : {}) })),
    answerChange: (input) => withRenewal(() => client.carerApp.answerChange.mutate(input)),
    availability: {
      read: () => withRenewal(() => client.carerApp.myAvailability.query()),
      save: (input) => withRenewal(() => client.carerApp.setMyAvailability.mutate(input)),
    },
    myVisits: () => withRenewal(() => client.carerApp.myVisits.query()),
    async accessEnded() {
      const idToken = await auth.lastIdToken();
      return idToken ? (await unsigned.carerApp.accessState.mutate({ idToken })).ended : false;
    },
    sendAfterEnd: (visits) => withLastSignIn((lastSignIn) => lastSignIn.carerApp.sync.mutate({ visits })),
    sendWellbeing: (answers, afterEnd) =>
      afterEnd
        ? withLastSignIn((lastSignIn) => lastSignIn.carerApp.sendWellbeing.mutate({ answers }))
        : withRenewal(() => client.carerApp.sendWellbeing.mutate({ answers })),
  };

  /** A call with the last sign-in the phone held, after the office ended the carer's access; [] once it is refused. */
  async function withLastSignIn<T>(call: (lastSignIn: typeof unsigned) => Promise<T[]>): Promise<T[]> {
    const idToken = await auth.lastIdToken();
    if (!idToken) return [];
    const lastSignIn = createTRPCClient<AppRouter>({ links: [httpLink({ url: '/trpc', headers: { authorization: `Bearer ${idToken}` } })] });
    try {
      return await call(lastSignIn);
    } catch (error) {
      // Refused its sign-in (too long after the end): nothing more will be taken from this phone.
      if (codeOf(error) === 'UNAUTHORIZED' || codeOf(error) === 'FORBIDDEN') return [];
      throw error;
    }
  }
}

/** Why sending stopped: the office ended the access, a sign-in is needed, or (anything else) no signal for now. */
export const failureKind: FailureKind = (error) => {
  const cause = error instanceof TRPCClientError ? (error.cause ?? error) : error;
  if (cause instanceof SignInNeededError || codeOf(error) === 'UNAUTHORIZED') return 'sign-in-needed';
  if (codeOf(error) === 'FORBIDDEN' && error instanceof Error && error.message === ACCESS_ENDED) return 'access-ended';
  return 'offline';
};
