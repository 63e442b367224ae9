import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { clientId, clientInput, clientRename, clientUpdate, exclusionInput, exclusionRef } from '@/shared/schemas/people';
import { router } from '@/server/trpc/init';
import { permitted, permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import { getClient } from '@/server/records/client-record';
import {
  createClient,
  deleteClient,
  listClients,
  listClientsWithMagService,
  renameClient,
  toggleClientArchive,
  updateClient,
} from './clients.service';
import { addExclusion, removeExclusion } from './exclusions.service';

const clientRef = byId(clientId);

export const clientsRouter = router({
  getAll: permitted('clients', 'read').query(({ ctx }) => listClients(ctx, { includeArchived: true })),
  getAllNotArchived: permitted('clients', 'read').query(({ ctx }) => listClients(ctx, { includeArchived: false })),
  getAllWithMagService: permitted('clients', 'read').query(({ ctx }) => listClientsWithMagService(ctx)),
  getById: permittedQuery('clients', 'read', z.strictObject({ id: clientId }), getClient),
  /** Adds a carer to the client's do-not-match list (or changes its reason); answers the list. */
  addExclusion: permittedMutation('clients', 'update', exclusionInput, addExclusion),
  removeExclusion: permittedMutation('clients', 'update', exclusionRef, removeExclusion),
  create: permittedMutation('clients', 'create', clientInput, createClient),
  update: permittedMutation('clients', 'update', clientUpdate, updateClient),
  updateName: permittedMutation('clients', 'update', clientRename, renameClient),
  toggleArchive: permittedMutation('clients', 'update', clientRef, toggleClientArchive),
  delete: permittedMutation('clients', 'delete', clientRef, deleteClient),
});
