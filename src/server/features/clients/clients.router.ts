import { z } from 'zod';
import { byId } from '@/shared/schemas/common';
import { clientId, clientInput, clientRename, clientUpdate, exclusionInput, exclusionRef } from '@/shared/schemas/people';
import { keyInformationInput, keyInformationRef } from '@/shared/schemas/key-information';
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
import { getKeyInformation, setKeyInformation } from './key-information.service';

const clientRef = byId(clientId);

export const clientsRouter = router({
  getAll: permitted('clients', 'read').query(({ ctx }) => listClients(ctx, { includeArchived: true })),
  getAllNotArchived: permitted('clients', 'read').query(({ ctx }) => listClients(ctx, { includeArchived: false })),
  getAllWithMagService: permitted('clients', 'read').query(({ ctx }) => listClientsWithMagService(ctx)),
  getById: permittedQuery('clients', 'read', z.strictObject({ id: clientId }), getClient),
  /** Adds a carer to the client's do-not-match list (or changes its reason); answers the list. */
  addExclusion: permittedMutation('clients', 'update', exclusionInput, addExclusion),
  removeExclusion: permittedMutation('clients', 'update', exclusionRef, removeExclusion),
  /** What a carer needs at the door: access notes, allergies and risks, an emergency contact, and whether a key safe code is held. */
  getKeyInformation: permittedQuery('clients', 'read', keyInformationRef, getKeyInformation),
  setKeyInformation: permittedMutation('clients', 'update', keyInformationInput, setKeyInformation),
  create: permittedMutation('clients', 'create', clientInput, createClient),
  update: permittedMutation('clients', 'update', clientUpdate, updateClient),
  updateName: permittedMutation('clients', 'update', clientRename, renameClient),
  toggleArchive: permittedMutation('clients', 'update', clientRef, toggleClientArchive),
  delete: permittedMutation('clients', 'delete', clientRef, deleteClient),
});
