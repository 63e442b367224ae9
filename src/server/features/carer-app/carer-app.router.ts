import { carerAppRef } from '@/shared/schemas/carer-app';
import { router } from '@/server/trpc/init';
import { permittedMutation, permittedQuery } from '@/server/trpc/procedures';
import { getCarerAppStatus, inviteCarer, revokeCarerApp } from './carer-app.service';

// The office's side of the carer app: who has it, inviting a carer, ending their access.
export const carerAppRouter = router({
  getStatus: permittedQuery('carerApp', 'read', carerAppRef, getCarerAppStatus),
  invite: permittedMutation('carerApp', 'create', carerAppRef, inviteCarer),
  revoke: permittedMutation('carerApp', 'update', carerAppRef, revokeCarerApp),
});
