import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import type { ListColumn } from '@/client/components/list-screen/types';
import { Badge } from '@/client/components/ui/badge';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useCan } from '@/client/lib/auth';
import { formatDate } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { NotFoundPage } from '@/client/app/status-screens';
import { ArchiveToggle } from '@/client/features/people/archive-toggle';
import { deprivationCategory } from '@/shared/deprivation';
import { ClientDetailDialog } from './client-detail-dialog';
import { CreateClientPage, EditClientPage } from './client-form';

type ClientRow = RouterOutputs['clients']['getAll'][number];

const HAS_AA: Record<ClientRow['details']['attendanceAllowance'], string> = {
  no: 'No',
  pending: 'Pending',
  Low: 'Yes (Low)',
  High: 'Yes (High)',
};

const COLUMNS: ListColumn<ClientRow>[] = [
  { id: 'customId', header: 'Client ID', value: (c) => c.details.customId },
  {
    id: 'name',
    header: 'Name',
    value: (c) => c.details.name,
    cell: (c) => (
      <span className="flex items-center gap-2 font-medium">
        {c.details.name}
        {c.anonymised ? <Badge variant="secondary">Anonymised</Badge> : c.archived === 'Y' && <Badge variant="outline">Archived</Badge>}
      </span>
    ),
  },
  { id: 'dateOfBirth', header: 'Date of Birth', value: (c) => (c.anonymised ? c.dateOfBirth.slice(0, 4) : formatDate(c.dateOfBirth, 'Unknown')), sortValue: (c) => c.dateOfBirth || null },
  { id: 'postCode', header: 'Post Code', value: (c) => c.details.address.postCode },
  { id: 'services', header: 'Services', value: (c) => c.details.services.join(', '), className: 'min-w-48 whitespace-normal' },
  { id: 'hasAA', header: 'Has AA?', value: (c) => HAS_AA[c.details.attendanceAllowance] },
  { id: 'deprivation', header: 'Deprivation', value: (c) => deprivationCategory(c.details.address.deprivation) },
];

function ClientsList() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [showArchived, setShowArchived] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const clients = useQuery(showArchived ? trpc.clients.getAll.queryOptions() : trpc.clients.getAllNotArchived.queryOptions());
  const toggleArchive = useMutation(trpc.clients.toggleArchive.mutationOptions());
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
        title="Clients"
        searchPlaceholder="Search clients by name, post code, service…"
        rows={clients.data}
        columns={COLUMNS}
        getRowId={(c) => c.id}
        getRowLabel={(c) => c.details.name}
        permissions={permissions}
        isLoading={clients.isPending}
        error={clients.isError ? 'Error loading clients' : undefined}
        emptyMessage="No clients found"
        onAddNew={() => void navigate('/clients/create')}
        toolbar={<ArchiveToggle showArchived={showArchived} onToggle={() => setShowArchived((s) => !s)} />}
        actions={{
          onView: (c) => setViewing(c.id),
          onEdit: (c) => void navigate(`/clients/edit/${c.id}`),
          onAddRequest: canAddRequest ? (c) => void navigate(`/requests/create?clientId=${encodeURIComponent(c.id)}`) : undefined,
          onArchive: (c) => toggleArchive.mutate({ id: c.id, version: c.version }),
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
      <Route path="create" element={<CreateClientPage />} />
      <Route path="edit/:id" element={<EditClientPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
