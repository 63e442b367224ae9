import { anonymiseInput, personRef } from '@/shared/schemas/data-protection';
import { router } from '@/server/trpc/init';
import { permitted, permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import { anonymisePerson } from './anonymise.service';
import { exportPerson } from './person-export.service';
import { retentionReview } from './retention.service';

export const dataProtectionRouter = router({
  /** A subject access export; a query in form, but it is audited, as disclosure is an act worth recording. */
  exportPerson: permittedQuery('dataProtection', 'read', personRef, exportPerson),
  anonymise: permittedMutation('dataProtection', 'update', anonymiseInput, anonymisePerson),
  retentionReview: permitted('dataProtection', 'read').query(({ ctx }) => retentionReview(ctx)),
});
