import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import { nameColumn } from '@/client/components/list-screen/name-column';
import type { ListColumn, SortState } from '@/client/components/list-screen/types';
import { useViewParam } from '@/client/components/list-screen/use-view-param';
import { Badge } from '@/client/components/ui/badge';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useCan } from '@/client/lib/auth';
import { formatDate } from '@/client/lib/format';
import { OWN_SUCCESS_TOAST } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { NotFoundPage, permittedRoute } from '@/client/app/status-screens';
import { ArchiveToggle, toggleArchiveWithUndo } from '@/client/components/list-screen/archive-toggle';
import { ATTENDANCE_ALLOWANCE_LABELS } from '@/shared/constants';
import { deprivationCategory } from '@/shared/deprivation';
import { ClientDetailDialog } from './client-detail-dialog';
import { CreateClientPage, EditClientPage } from './client-form';
import { useSavedRowId } from '@/client/components/list-screen/saved-row';

type ClientRow = RouterOutputs['clients']['getAll'][number];

const COLUMNS: ListColumn<ClientRow>[] = [
  { id: 'customId', header: 'Client ID', value: (c) => c.details.customId, card: 'key' },
  nameColumn((c) => (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
      {c.details.name}
      {c.anonymised ? <Badge variant="secondary">Anonymised</Badge> : c.archived === 'Y' && <Badge variant="outline">Archived</Badge>}
    </span>
  )),
  { id: 'dateOfBirth', header: 'Date of Birth', value: (c) => (c.anonymised ? c.dateOfBirth.slice(0, 4) : formatDate(c.dateOfBirth, 'Unknown')), sortValue: (c) => c.dateOfBirth || null, className: 'whitespace-nowrap', card: 'key' },
  { id: 'postCode', header: 'Post Code', value: (c) => c.details.address.postCode, card: 'key' },
  { id: 'services', header: 'Services', value: (c) => c.details.services.join(', '), className: 'min-w-48 whitespace-normal', card: 'key' },
  { id: 'hasAA', header: 'Has AA?', value: (c) => ATTENDANCE_ALLOWANCE_LABELS[c.details.attendanceAllowance] },
  { id: 'deprivation', header: 'Deprivation', value: (c) => deprivationCategory(c.details.address.deprivation) },
];

const BY_SURNAME: SortState = { columnId: 'name', direction: 'asc' };

function ClientsList() {
  const savedRowId = useSavedRowId();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [showArchived, setShowArchived] = useState(false);
  const [viewing, setViewing] = useViewParam();
  const clients = useQuery(showArchived ? trpc.clients.getAll.queryOptions() : trpc.clients.getAllNotArchived.queryOptions());
  const toggleArchive = useMutation(trpc.clients.toggleArchive.mutationOptions(OWN_SUCCESS_TOAST));
  const remove = useMutation(trpc.clients.delete.mutationOptions());
  const permissions = {
    create: useCan('clients', 'create'),
    update: useCan('clients', 'update'),
    delete: useCan('clients', 'delete'),
  };
  // Adding a request is a request-create permission, shown through the create gate of the list.
  const canAddRequest = useCan('requests', 'create');

  return (
    <div className="p-4 md:p-6">
      <ListScreen
        savedRowId={savedRowId}
        title="Clients"
        searchPlaceholder="Search by name, post code…"
        rows={clients.data}
        columns={COLUMNS}
        getRowId={(c) => c.id}
        getRowLabel={(c) => c.details.name}
        permissions={permissions}
        isLoading={clients.isPending}
        error={clients.isError ? 'Error loading clients' : undefined}
        emptyMessage="No clients found"
        defaultSort={BY_SURNAME}
        onAddNew={() => void navigate('/clients/create')}
        toolbar={<ArchiveToggle showArchived={showArchived} onToggle={() => setShowArchived((s) => !s)} />}
        actions={{
          onView: (c) => setViewing(c.id),
          onEdit: (c) => void navigate(`/clients/edit/${c.id}`),
          onAddRequest: canAddRequest ? (c) => void navigate(`/requests/create?clientId=${encodeURIComponent(c.id)}`) : undefined,
          onArchive: (c) => void toggleArchiveWithUndo('Client', toggleArchive.mutateAsync, { id: c.id, version: c.version }),
          isArchived: (c) => c.archived === 'Y',
          onDelete: (c) => remove.mutateAsync({ id: c.id, version: c.version }),
        }}
      />
      <ClientDetailDialog clientId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/** /clients: the list, /clients/create and /clients/edit/{id}. */
export default function ClientsScreen() {
  return (
    <Routes>
      <Route index element={<ClientsList />} />
      {permittedRoute('create', 'clients', 'create', <CreateClientPage />)}
      {permittedRoute('edit/:id', 'clients', 'update', <EditClientPage />)}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
