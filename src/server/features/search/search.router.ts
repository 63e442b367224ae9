import { searchQuery } from '@/shared/schemas/search';
import { router } from '@/server/trpc/init';
import { staffProcedure } from '@/server/trpc/procedures';
import { searchRecords } from './search.service';

/** Open to every signed-in role: each kind of record is searched only where the role may read it. */
export const searchRouter = router({
  find: staffProcedure.input(searchQuery).query(({ ctx, input }) => searchRecords(ctx, input)),
});
