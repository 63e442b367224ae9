import { accountRouter } from '@/server/features/account/account.router';
import { analyticsRouter } from '@/server/features/analytics/analytics.router';
import { auditRouter } from '@/server/features/audit/audit.router';
import { carerAppRouter } from '@/server/features/carer-app/carer-app.router';
import { carersRouter, mpsRouter, volunteersRouter } from '@/server/features/carers/carers.router';
import { complianceRouter } from '@/server/features/compliance/compliance.router';
import { clientsRouter } from '@/server/features/clients/clients.router';
import { deliveriesRouter } from '@/server/features/deliveries/deliveries.router';
import { dataProtectionRouter } from '@/server/features/data-protection/data-protection.router';
import { magRouter } from '@/server/features/mag/mag.router';
import { packagesRouter } from '@/server/features/packages/packages.router';
import { remindersRouter } from '@/server/features/reminders/reminders.router';
import { requestsRouter } from '@/server/features/requests/requests.router';
import { searchRouter } from '@/server/features/search/search.router';
import { staffRouter } from '@/server/features/staff/staff.router';
import { trainingRecordsRouter } from '@/server/features/training-records/training-records.router';
import { availabilityRouter } from '@/server/features/availability/availability.router';
import { fundersRouter } from '@/server/features/funders/funders.router';
import { wellbeingRouter } from '@/server/features/wellbeing/wellbeing.router';
import { plannedVisitsRouter } from '@/server/features/planned-visits/planned-visits.router';
import { visitPlansRouter } from '@/server/features/visit-plans/visit-plans.router';
import { router } from './trpc/init';
import { authedProcedure } from './trpc/procedures';

/** The whole API: each feature's router mounted under its name in spec §7.3. */
export const appRouter = router({
  session: router({
    /** The signed-in user as the server sees them. */
    me: authedProcedure.query(({ ctx }) => ctx.actor),
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
  reminders: remindersRouter,
  account: accountRouter,
  carerApp: carerAppRouter,
  staff: staffRouter,
  deliveries: deliveriesRouter,
  carers: carersRouter,
  compliance: complianceRouter,
  visitPlans: visitPlansRouter,
  plannedVisits: plannedVisitsRouter,
  availability: availabilityRouter,
  wellbeing: wellbeingRouter,
  funders: fundersRouter,
});

export type AppRouter = typeof appRouter;
