import { analyticsRouter } from '@/server/features/analytics/analytics.router';
import { auditRouter } from '@/server/features/audit/audit.router';
import { dataProtectionRouter } from '@/server/features/data-protection/data-protection.router';
import { packagesRouter } from '@/server/features/care/packages.router';
import { requestsRouter } from '@/server/features/care/requests.router';
import { magRouter } from '@/server/features/mag/mag.router';
import { mpsRouter, volunteersRouter } from '@/server/features/people/carers.router';
import { clientsRouter } from '@/server/features/people/clients.router';
import { searchRouter } from '@/server/features/search/search.router';
import { trainingRecordsRouter } from '@/server/features/training-records/training-records.router';
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
  requests: requestsRouter,
  packages: packagesRouter,
  trainingRecords: trainingRecordsRouter,
  mag: magRouter,
  analytics: analyticsRouter,
  audit: auditRouter,
  dataProtection: dataProtectionRouter,
  search: searchRouter,
});

export type AppRouter = typeof appRouter;
