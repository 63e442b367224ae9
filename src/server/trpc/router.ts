import { router } from './init';
import { authedProcedure } from './procedures';

export const appRouter = router({
  session: router({
    /** The signed-in user as the server sees them. */
    me: authedProcedure.query(({ ctx }) => ctx.user),
  }),
});

export type AppRouter = typeof appRouter;
