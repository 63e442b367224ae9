import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { can, type Role } from '@/shared/permissions';
import { clientId, clientInput, clientRename, clientUpdate, exclusionInput, exclusionRef } from '@/shared/schemas/people';
import { router } from '@/server/trpc/init';
import { onlyReadable, permitted, serviceContext } from '@/server/trpc/procedures';
import { carerNameFor } from '@/server/records/package-views';
import {
  createClient,
  deleteClient,
  getClient,
  listClients,
  listClientsWithMagService,
  renameClient,
  toggleClientArchive,
  updateClient,
} from './clients.service';
import { type ClientExclusion } from '@/server/records/carer-exclusions';
import { addExclusion, removeExclusion } from './exclusions.service';

/** A client's do-not-match carers the role may read (Finance reads volunteers but not MPs). */
function readableExclusions(role: Role, list: ClientExclusion[]): ClientExclusion[] {
  return list.filter((e) => can(role, e.carerId.startsWith('m') ? 'mps' : 'volunteers', 'read'));
}

const clientRef = byId('c', 'client');

export const clientsRouter = router({
  getAll: permitted('clients', 'read').query(({ ctx }) => listClients(ctx.db, { includeArchived: true })),
  getAllNotArchived: permitted('clients', 'read').query(({ ctx }) => listClients(ctx.db, { includeArchived: false })),
  getAllWithMagService: permitted('clients', 'read').query(({ ctx }) => listClientsWithMagService(ctx.db)),
  getById: permitted('clients', 'read')
    .input(z.strictObject({ id: clientId }))
    .query(async ({ ctx, input }) => {
      const stored = await getClient(ctx.db, input.id);
      // Its packages name their carers, as the Packages list does, where the role may read that kind of carer.
      const requests = stored.requests.map((r) => ({ ...r, packages: r.packages.map((p) => carerNameFor(ctx.user.role, p)) }));
      const client = onlyReadable(ctx.user.role, { ...stored, requests }, { requests: 'requests', magLogs: 'mag' });
      // A MAG log names the MPs who came; Finance may read logs but not MPs.
      return {
        ...client,
        magLogs: client.magLogs?.map((log) => onlyReadable(ctx.user.role, log, { mps: 'mps' })),
        exclusions: readableExclusions(ctx.user.role, stored.exclusions),
      };
    }),
  /** Adds a carer to the client's do-not-match list (or changes its reason); answers the list. */
  addExclusion: permitted('clients', 'update')
    .input(exclusionInput)
    .mutation(async ({ ctx, input }) => readableExclusions(ctx.user.role, await addExclusion(serviceContext(ctx), input))),
  removeExclusion: permitted('clients', 'update')
    .input(exclusionRef)
    .mutation(async ({ ctx, input }) => readableExclusions(ctx.user.role, await removeExclusion(serviceContext(ctx), input))),
  create: permitted('clients', 'create')
    .input(clientInput)
    .mutation(({ ctx, input }) => createClient(serviceContext(ctx), input)),
  update: permitted('clients', 'update')
    .input(clientUpdate)
    .mutation(({ ctx, input }) => updateClient(serviceContext(ctx), input)),
  updateName: permitted('clients', 'update')
    .input(clientRename)
    .mutation(({ ctx, input }) => renameClient(serviceContext(ctx), input)),
  toggleArchive: permitted('clients', 'update')
    .input(clientRef)
    .mutation(({ ctx, input }) => toggleClientArchive(serviceContext(ctx), input)),
  delete: permitted('clients', 'delete')
    .input(clientRef)
    .mutation(({ ctx, input }) => deleteClient(serviceContext(ctx), input)),
});
