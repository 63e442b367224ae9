import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { clientId, clientInput, clientRename, clientUpdate, exclusionInput, exclusionRef } from '@/shared/schemas/people';
import { router } from '@/server/trpc/init';
import { permitted } from '@/server/trpc/procedures';
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
import { addExclusion, removeExclusion } from './exclusions.service';

const clientRef = byId('c', 'client');

export const clientsRouter = router({
  getAll: permitted('clients', 'read').query(({ ctx }) => listClients(ctx, { includeArchived: true })),
  getAllNotArchived: permitted('clients', 'read').query(({ ctx }) => listClients(ctx, { includeArchived: false })),
  getAllWithMagService: permitted('clients', 'read').query(({ ctx }) => listClientsWithMagService(ctx)),
  getById: permitted('clients', 'read')
    .input(z.strictObject({ id: clientId }))
    .query(({ ctx, input }) => getClient(ctx, input)),
  /** Adds a carer to the client's do-not-match list (or changes its reason); answers the list. */
  addExclusion: permitted('clients', 'update')
    .input(exclusionInput)
    .mutation(({ ctx, input }) => addExclusion(ctx, input)),
  removeExclusion: permitted('clients', 'update')
    .input(exclusionRef)
    .mutation(({ ctx, input }) => removeExclusion(ctx, input)),
  create: permitted('clients', 'create')
    .input(clientInput)
    .mutation(({ ctx, input }) => createClient(ctx, input)),
  update: permitted('clients', 'update')
    .input(clientUpdate)
    .mutation(({ ctx, input }) => updateClient(ctx, input)),
  updateName: permitted('clients', 'update')
    .input(clientRename)
    .mutation(({ ctx, input }) => renameClient(ctx, input)),
  toggleArchive: permitted('clients', 'update')
    .input(clientRef)
    .mutation(({ ctx, input }) => toggleClientArchive(ctx, input)),
  delete: permitted('clients', 'delete')
    .input(clientRef)
    .mutation(({ ctx, input }) => deleteClient(ctx, input)),
});
