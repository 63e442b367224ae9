import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type ListPages, ListRoutes } from '@/client/components/status-screens';
import { dateColumn, REQUEST_STATUS_LABELS, REQUEST_TYPE_LABELS, RequestStatusBadge } from '@/client/components/care/care-display';
import { CARE_VIEW_PROCEDURE, type CareView } from '@/client/components/care/care-view';
import { CareViewToggle } from '@/client/components/care/care-view-toggle';
import { unmetHours } from '@/client/components/care/unmet-hours';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import { RecordName } from '@/client/components/list-screen/record-name';
import type { RowActions } from '@/client/components/list-screen/types';
import { type ResourceListConfig, useResourceList } from '@/client/components/list-screen/use-resource-list';
import type { RouterOutputs } from '@/browser/api-types';
import { useCan } from '@/client/lib/auth';
import { formatDate, formatHours } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { RequestDetailDialog } from './request-detail-dialog';
import { CreateRequestPage, EditRequestPage } from './request-form';
import { RenewRequestPage } from './request-renew';

type RequestRow = RouterOutputs['requests']['getAll'][number];

/** The weekly hours no package covers yet, so staff can sort for the requests that most need a carer. */
const shortBy = (r: RequestRow) => unmetHours({ weeklyHours: r.details.weeklyHours, hoursInService: r.hoursInService });

const REQUESTS_LIST: ResourceListConfig<RequestRow> = {
  title: 'Requests',
  searchPlaceholder: 'Search by client or service…',
  getRowLabel: (r) => `the request of ${r.details.name} from ${formatDate(r.startDate)}`,
  // The newest first: the requests being arranged now are the ones worked on.
  defaultSort: { columnId: 'start', direction: 'desc' },
  columns: [
    { id: 'clientName', header: 'Client Name', value: (r) => r.details.name, className: 'min-w-36', card: 'title', cell: (r) => <RecordName name={r.details.name} archived={r.archived} /> },
    { id: 'type', header: 'Type', value: (r) => REQUEST_TYPE_LABELS[r.requestType] },
    { ...dateColumn('start', 'Start', (r) => r.startDate), card: 'key' },
    { ...dateColumn('end', 'End', (r) => r.endDate), card: 'key' },
    { id: 'weeklyHours', header: 'Weekly Hours', value: (r) => r.details.weeklyHours, cell: (r) => formatHours(r.details.weeklyHours), card: 'key' },
    { id: 'hoursInService', header: 'Hours in Service', value: (r) => r.hoursInService, cell: (r) => formatHours(r.hoursInService), card: 'key' },
    { id: 'shortBy', header: 'Short by', value: shortBy, cell: (r) => formatHours(shortBy(r)), card: 'key' },
    {
      id: 'status',
      header: 'Status',
      value: (r) => REQUEST_STATUS_LABELS[r.details.status],
      cell: (r) => <RequestStatusBadge status={r.details.status} />,
      card: 'key',
    },
  ],
};

/** The edit and renew addresses of spec §2.3: the id in the query string. */
const withId = (path: string, r: RequestRow) => `${path}?id=${encodeURIComponent(r.id)}`;

function RequestsList() {
  const trpc = useTRPC();
  const [view, setView] = useState<CareView>('active');
  const list = useResourceList(REQUESTS_LIST, {
    resource: 'requests',
    path: '/requests',
    editPath: (r) => withId('/requests/edit', r),
    query: useQuery(trpc.requests[CARE_VIEW_PROCEDURE[view]].queryOptions()),
    remove: trpc.requests.delete.mutationOptions(),
  });
  const canAddPackage = useCan('packages', 'create');
  const actions: RowActions<RequestRow> = {
    ...list.actions,
    onView: list.onView,
    onAddPackage: canAddPackage ? (r) => list.goTo('/packages/create', { requestId: r.id }) : undefined,
    onRenew: (r) => list.goTo(withId('/requests/renew', r)),
  };

  return (
    <div className="p-4 md:p-6">
      <ListScreen {...list.props} toolbar={<CareViewToggle view={view} items="requests" onChange={setView} />} actions={actions} />
      <RequestDetailDialog requestId={list.viewing} onClose={list.closeView} />
    </div>
  );
}

/** /requests: the list, create, edit?id=… and renew?id=… */
const REQUEST_PAGES: ListPages = { resource: 'requests', create: { create: <CreateRequestPage /> }, update: { edit: <EditRequestPage />, renew: <RenewRequestPage /> } };

export default function RequestsScreen() {
  return <ListRoutes list={<RequestsList />} pages={REQUEST_PAGES} />;
}
