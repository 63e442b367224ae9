import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { NotFoundPage, permittedRoute } from '@/client/app/status-screens';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import { nameColumn } from '@/client/components/list-screen/name-column';
import type { ListColumn, SortState } from '@/client/components/list-screen/types';
import { useViewParam } from '@/client/components/list-screen/use-view-param';
import { Badge } from '@/client/components/ui/badge';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useCan } from '@/client/lib/auth';
import { formatDate } from '@/client/lib/format';
import { OWN_SUCCESS_TOAST } from '@/client/lib/query-client';
import { ArchiveToggle, toggleArchiveWithUndo } from '@/client/components/list-screen/archive-toggle';
import { CarerDetailDialog } from './carer-detail-dialog';
import { CreateCarerPage, EditCarerPage } from './carer-form';
import { CARER_KINDS, type CarerKind } from '@/client/components/carer/carer-kind';
import { useCarerApi } from '@/client/components/carer/use-carer-api';
import { useSavedRowId } from '@/client/components/list-screen/saved-row';

type CarerRow = RouterOutputs['mps']['getAll'][number];

const COLUMNS: ListColumn<CarerRow>[] = [
  nameColumn((c) => (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
      {c.details.name}
      {c.anonymised ? <Badge variant="secondary">Anonymised</Badge> : c.archived === 'Y' && <Badge variant="outline">Archived</Badge>}
    </span>
  )),
  { id: 'dateOfBirth', header: 'Date of Birth', value: (c) => (c.anonymised ? c.dateOfBirth.slice(0, 4) : formatDate(c.dateOfBirth, 'Unknown')), sortValue: (c) => c.dateOfBirth || null, className: 'whitespace-nowrap' },
  { id: 'postCode', header: 'Post Code', value: (c) => c.details.address.postCode, card: 'key' },
  { id: 'services', header: 'Services', value: (c) => c.details.services.join(', '), className: 'min-w-48 whitespace-normal', card: 'key' },
  { id: 'dbsExpiry', header: 'DBS Expiry', value: (c) => formatDate(c.dbsExpiry, 'No DBS'), sortValue: (c) => c.dbsExpiry || null, className: 'whitespace-nowrap', card: 'key' },
  { id: 'capacity', header: 'Capacity', value: (c) => c.details.capacity },
];

const BY_SURNAME: SortState = { columnId: 'name', direction: 'asc' };

function CarersList({ kind }: { kind: CarerKind }) {
  const savedRowId = useSavedRowId();
  const api = useCarerApi(kind);
  const words = CARER_KINDS[kind];
  const navigate = useNavigate();
  const [showArchived, setShowArchived] = useState(false);
  const [viewing, setViewing] = useViewParam();
  const carers = useQuery(showArchived ? api.getAll.queryOptions() : api.getAllNotArchived.queryOptions());
  const toggleArchive = useMutation(api.toggleArchive.mutationOptions(OWN_SUCCESS_TOAST));
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
        savedRowId={savedRowId}
        title={words.title}
        searchLabel={`Search ${words.many}`}
        searchPlaceholder="Search by name, post code…"
        rows={carers.data}
        columns={COLUMNS}
        getRowId={(c) => c.id}
        getRowLabel={(c) => c.details.name}
        permissions={permissions}
        isLoading={carers.isPending}
        error={carers.isError ? words.listError : undefined}
        emptyMessage={words.emptyList}
        defaultSort={BY_SURNAME}
        onAddNew={() => void navigate(`${words.path}/create`)}
        toolbar={<ArchiveToggle showArchived={showArchived} onToggle={() => setShowArchived((s) => !s)} />}
        actions={{
          onView: (c) => setViewing(c.id),
          onEdit: (c) => void navigate(`${words.path}/edit/${c.id}`),
          onAddTraining: canAddTraining ? (c) => void navigate(`/records/create?${words.recordQuery(c.id)}`) : undefined,
          onArchive: (c) => void toggleArchiveWithUndo(words.one, toggleArchive.mutateAsync, { id: c.id, version: c.version }),
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
  const { resource } = CARER_KINDS[kind];
  return (
    <Routes>
      <Route index element={<CarersList kind={kind} />} />
      {permittedRoute('create', resource, 'create', <CreateCarerPage kind={kind} />)}
      {permittedRoute('edit/:id', resource, 'update', <EditCarerPage kind={kind} />)}
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
