import { mpsRouter, volunteersRouter } from '@/server/features/people/carers.router';
import { clientsRouter } from '@/server/features/people/clients.router';
import { router } from './init';
import { authedProcedure } from './procedures';

export const appRouter = router({
  session: router({
    /** The signed-in user as the server sees them. */
    me: authedProcedure.query(({ ctx }) => ctx.user),
  }),
  clients: clientsRouter,
  mps: mpsRouter,
  volunteers: volunteersRouter,
});

export type AppRouter = typeof appRouter;
