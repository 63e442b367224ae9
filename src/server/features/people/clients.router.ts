import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { clientId, clientInput, clientRename, clientUpdate } from '@/shared/schemas/people';
import { router } from '@/server/trpc/init';
import { onlyReadable, permitted, serviceContext } from '@/server/trpc/procedures';
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

const clientRef = byId('c', 'client');

export const clientsRouter = router({
  getAll: permitted('clients', 'read').query(({ ctx }) => listClients(ctx.db, { includeArchived: true })),
  getAllNotArchived: permitted('clients', 'read').query(({ ctx }) => listClients(ctx.db, { includeArchived: false })),
  getAllWithMagService: permitted('clients', 'read').query(({ ctx }) => listClientsWithMagService(ctx.db)),
  getById: permitted('clients', 'read')
    .input(z.strictObject({ id: clientId }))
    .query(async ({ ctx, input }) => {
      const client = onlyReadable(ctx.user.role, await getClient(ctx.db, input.id), { requests: 'requests', magLogs: 'mag' });
      // A MAG log names the MPs who came; Finance may read logs but not MPs.
      return { ...client, magLogs: client.magLogs?.map((log) => onlyReadable(ctx.user.role, log, { mps: 'mps' })) };
    }),
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
