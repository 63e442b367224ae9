import { useQuery } from '@tanstack/react-query';
import { type ListPages, ListRoutes } from '@/client/components/status-screens';
import { useArchiveAction, useArchivedView } from '@/client/components/list-screen/archive-toggle';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import { RecordName } from '@/client/components/list-screen/record-name';
import { nameColumn } from '@/client/components/list-screen/name-column';
import type { RowActions } from '@/client/components/list-screen/types';
import { type ResourceListConfig, useResourceList } from '@/client/components/list-screen/use-resource-list';
import type { RouterOutputs } from '@/browser/api-types';
import { useCan } from '@/client/lib/auth';
import { formatDate } from '@/client/lib/format';
import { OWN_SUCCESS_TOAST } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { ATTENDANCE_ALLOWANCE_LABELS } from '@/shared/constants';
import { deprivationCategory } from '@/shared/deprivation';
import { ClientDetailDialog } from './client-detail-dialog';
import { CreateClientPage, EditClientPage } from './client-form';

type ClientRow = RouterOutputs['clients']['getAll'][number];

const CLIENTS_LIST: ResourceListConfig<ClientRow> = {
  title: 'Clients',
  searchPlaceholder: 'Search by name, post code…',
  getRowLabel: (c) => c.details.name,
  defaultSort: { columnId: 'name', direction: 'asc' },
  columns: [
    { id: 'customId', header: 'Client ID', value: (c) => c.details.customId, card: 'key' },
    nameColumn((c) => <RecordName name={c.details.name} archived={c.archived} anonymised={c.anonymised} />),
    { id: 'dateOfBirth', header: 'Date of Birth', value: (c) => (c.anonymised ? c.dateOfBirth.slice(0, 4) : formatDate(c.dateOfBirth, 'Unknown')), sortValue: (c) => c.dateOfBirth || null, className: 'whitespace-nowrap', card: 'key' },
    { id: 'postCode', header: 'Post Code', value: (c) => c.details.address.postCode, card: 'key' },
    { id: 'services', header: 'Services', value: (c) => c.details.services.join(', '), className: 'min-w-48 whitespace-normal', card: 'key' },
    { id: 'hasAA', header: 'Has AA?', value: (c) => ATTENDANCE_ALLOWANCE_LABELS[c.details.attendanceAllowance] },
    { id: 'deprivation', header: 'Deprivation', value: (c) => deprivationCategory(c.details.address.deprivation) },
  ],
};

function ClientsList() {
  const trpc = useTRPC();
  const archived = useArchivedView();
  const list = useResourceList(CLIENTS_LIST, {
    resource: 'clients',
    path: '/clients',
    query: useQuery(trpc.clients[archived.procedure].queryOptions()),
    remove: trpc.clients.delete.mutationOptions(),
  });
  const archiveAction = useArchiveAction('Client', trpc.clients.toggleArchive.mutationOptions(OWN_SUCCESS_TOAST));
  // Adding a request is a request-create permission, shown through the create gate of the list.
  const canAddRequest = useCan('requests', 'create');
  const actions: RowActions<ClientRow> = {
    ...list.actions,
    ...archiveAction,
    onView: list.onView,
    onAddRequest: canAddRequest ? (c) => list.goTo(`/requests/create?clientId=${encodeURIComponent(c.id)}`) : undefined,
  };

  return (
    <div className="p-4 md:p-6">
      <ListScreen {...list.props} toolbar={archived.toggle} actions={actions} />
      <ClientDetailDialog clientId={list.viewing} onClose={list.closeView} />
    </div>
  );
}

/** /clients: the list, /clients/create and /clients/edit/{id}. */
const CLIENT_PAGES: ListPages = { resource: 'clients', create: { create: <CreateClientPage /> }, update: { 'edit/:id': <EditClientPage /> } };

export default function ClientsScreen() {
  return <ListRoutes list={<ClientsList />} pages={CLIENT_PAGES} />;
}
