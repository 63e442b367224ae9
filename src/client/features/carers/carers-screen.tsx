import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { NotFoundPage } from '@/client/app/status-screens';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import type { ListColumn } from '@/client/components/list-screen/types';
import { Badge } from '@/client/components/ui/badge';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useCan } from '@/client/lib/auth';
import { formatDate } from '@/client/lib/format';
import { ArchiveToggle } from '@/client/features/people/archive-toggle';
import { CarerDetailDialog } from './carer-detail-dialog';
import { CreateCarerPage, EditCarerPage } from './carer-form';
import { CARER_KINDS, type CarerKind } from './carer-kind';
import { useCarerApi } from './use-carer-api';

type CarerRow = RouterOutputs['mps']['getAll'][number];

const COLUMNS: ListColumn<CarerRow>[] = [
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
  { id: 'dbsExpiry', header: 'DBS Expiry', value: (c) => formatDate(c.dbsExpiry, 'No DBS'), sortValue: (c) => c.dbsExpiry || null },
  { id: 'capacity', header: 'Capacity', value: (c) => c.details.capacity },
];

function CarersList({ kind }: { kind: CarerKind }) {
  const api = useCarerApi(kind);
  const words = CARER_KINDS[kind];
  const navigate = useNavigate();
  const [showArchived, setShowArchived] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const carers = useQuery(showArchived ? api.getAll.queryOptions() : api.getAllNotArchived.queryOptions());
  const toggleArchive = useMutation(api.toggleArchive.mutationOptions());
  const remove = useMutation(api.delete.mutationOptions());
  const permissions = {
    create: useCan(words.resource, 'create'),
    update: useCan(words.resource, 'update'),
    delete: useCan(words.resource, 'delete'),
  };
  const canAddTraining = useCan('trainingRecords', 'create');

  return (
    <div className="p-4 md:p-6">
      <ListScreen
        title={words.title}
        searchLabel={`Search ${words.title}`}
        searchPlaceholder={`Search ${words.title} by name, post code, service…`}
        rows={carers.data}
        columns={COLUMNS}
        getRowId={(c) => c.id}
        getRowLabel={(c) => c.details.name}
        permissions={permissions}
        isLoading={carers.isPending}
        error={carers.isError ? words.listError : undefined}
        emptyMessage={words.emptyList}
        onAddNew={() => void navigate(`${words.path}/create`)}
        toolbar={<ArchiveToggle showArchived={showArchived} onToggle={() => setShowArchived((s) => !s)} />}
        actions={{
          onView: (c) => setViewing(c.id),
          onEdit: (c) => void navigate(`${words.path}/edit/${c.id}`),
          onAddTraining: canAddTraining ? (c) => void navigate(`/records/create?${words.recordQuery(c.id)}`) : undefined,
          onArchive: (c) => toggleArchive.mutate({ id: c.id, version: c.version }),
          isArchived: (c) => c.archived === 'Y',
          onDelete: (c) => remove.mutateAsync({ id: c.id, version: c.version }),
        }}
      />
      <CarerDetailDialog kind={kind} carerId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/** /mps or /volunteers: the list, create and edit/{id}. */
export function CarersScreen({ kind }: { kind: CarerKind }) {
  return (
    <Routes>
      <Route index element={<CarersList kind={kind} />} />
      <Route path="create" element={<CreateCarerPage kind={kind} />} />
      <Route path="edit/:id" element={<EditCarerPage kind={kind} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function MpsScreen() {
  return <CarersScreen kind="mp" />;
}

export function VolunteersScreen() {
  return <CarersScreen kind="volunteer" />;
}
