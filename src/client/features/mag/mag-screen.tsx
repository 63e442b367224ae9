import { useQuery } from '@tanstack/react-query';
import { type ListPages, ListRoutes } from '@/client/components/status-screens';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import { type ResourceListConfig, useResourceList } from '@/client/components/list-screen/use-resource-list';
import type { RouterOutputs } from '@/browser/api-types';
import { formatDate } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { magTotalAttendees } from '@/shared/mag';
import { CreateMagLogPage, EditMagLogPage } from './mag-form';

type MagLogRow = RouterOutputs['mag']['getAll'][number];

const MAG_LOGS_LIST: ResourceListConfig<MagLogRow> = {
  title: 'MAG Logs',
  searchPlaceholder: 'Search MAG logs…',
  // The spec's words for this list's load failure (§8), odd as they are.
  errorText: 'Error loading MP',
  emptyMessage: 'No MAG logs found',
  getRowLabel: (log) => `MAG session on ${formatDate(log.date)}`,
  defaultSort: { columnId: 'date', direction: 'desc' },
  columns: [
    { id: 'date', header: 'Date', value: (log) => formatDate(log.date), sortValue: (log) => log.date, className: 'whitespace-nowrap', card: 'title' },
    { id: 'totalAttendees', header: 'Total Attendees', value: (log) => magTotalAttendees(log.details), card: 'key' },
    { id: 'notes', header: 'Notes', value: (log) => log.details.notes, className: 'min-w-48 whitespace-normal', card: 'key' },
  ],
};

function MagLogsList() {
  const trpc = useTRPC();
  const list = useResourceList(MAG_LOGS_LIST, {
    resource: 'mag',
    path: '/mag',
    addPath: '/mag/new',
    query: useQuery(trpc.mag.getAll.queryOptions()),
    remove: trpc.mag.delete.mutationOptions(),
  });

  return (
    <div className="p-4 md:p-6">
      <ListScreen {...list.props} actions={list.actions} />
    </div>
  );
}

/** /mag: the list, /mag/new and /mag/edit/{id}. */
const MAG_LOG_PAGES: ListPages = { resource: 'mag', create: { new: <CreateMagLogPage /> }, update: { 'edit/:id': <EditMagLogPage /> } };

export default function MagScreen() {
  return <ListRoutes list={<MagLogsList />} pages={MAG_LOG_PAGES} />;
}
