import { useMutation, useQuery } from '@tanstack/react-query';
import { Route, Routes, useNavigate } from 'react-router';
import { NotFoundPage, permittedRoute } from '@/client/app/status-screens';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import type { ListColumn, SortState } from '@/client/components/list-screen/types';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useCan } from '@/client/lib/auth';
import { formatDate } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { magTotalAttendees } from '@/shared/mag';
import { CreateMagLogPage, EditMagLogPage } from './mag-form';
import { useSavedRowId } from '@/client/components/list-screen/saved-row';

type MagLogRow = RouterOutputs['mag']['getAll'][number];

const COLUMNS: ListColumn<MagLogRow>[] = [
  { id: 'date', header: 'Date', value: (log) => formatDate(log.date), sortValue: (log) => log.date, className: 'whitespace-nowrap', card: 'title' },
  { id: 'totalAttendees', header: 'Total Attendees', value: (log) => magTotalAttendees(log.details), card: 'key' },
  { id: 'notes', header: 'Notes', value: (log) => log.details.notes, className: 'min-w-48 whitespace-normal', card: 'key' },
];

const NEWEST_FIRST: SortState = { columnId: 'date', direction: 'desc' };

function MagLogsList() {
  const savedRowId = useSavedRowId();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const logs = useQuery(trpc.mag.getAll.queryOptions());
  const remove = useMutation(trpc.mag.delete.mutationOptions());
  const permissions = {
    create: useCan('mag', 'create'),
    update: useCan('mag', 'update'),
    delete: useCan('mag', 'delete'),
  };

  return (
    <div className="p-4 md:p-6">
      <ListScreen
        savedRowId={savedRowId}
        title="MAG Logs"
        searchPlaceholder="Search MAG logs…"
        rows={logs.data}
        columns={COLUMNS}
        getRowId={(log) => log.id}
        getRowLabel={(log) => `MAG session on ${formatDate(log.date)}`}
        permissions={permissions}
        isLoading={logs.isPending}
        // The spec's words for this list's load failure (§8), odd as they are.
        error={logs.isError ? 'Error loading MP' : undefined}
        emptyMessage="No MAG logs found"
        defaultSort={NEWEST_FIRST}
        onAddNew={() => void navigate('/mag/new')}
        actions={{
          onEdit: (log) => void navigate(`/mag/edit/${log.id}`),
          onDelete: (log) => remove.mutateAsync({ id: log.id, version: log.version }),
        }}
      />
    </div>
  );
}

/** /mag: the list, /mag/new and /mag/edit/{id}. */
export default function MagScreen() {
  return (
    <Routes>
      <Route index element={<MagLogsList />} />
      {permittedRoute('new', 'mag', 'create', <CreateMagLogPage />)}
      {permittedRoute('edit/:id', 'mag', 'update', <EditMagLogPage />)}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
