import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { NotFoundPage, permittedRoute } from '@/client/app/status-screens';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import type { ListColumn, SortState } from '@/client/components/list-screen/types';
import { useViewParam } from '@/client/components/list-screen/use-view-param';
import { Badge } from '@/client/components/ui/badge';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useCan } from '@/client/lib/auth';
import { formatDate, formatHours } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { dateColumn, REQUEST_STATUS_LABELS, REQUEST_TYPE_LABELS, RequestStatusBadge } from '@/client/components/care/care-display';
import { CARE_VIEW_PROCEDURE, type CareView } from '@/client/components/care/care-view';
import { CareViewToggle } from '@/client/components/care/care-view-toggle';
import { RequestDetailDialog } from './request-detail-dialog';
import { CreateRequestPage, EditRequestPage } from './request-form';
import { RenewRequestPage } from './request-renew';
import { unmetHours } from '@/client/components/care/unmet-hours';
import { useSavedRowId } from '@/client/components/list-screen/saved-row';

type RequestRow = RouterOutputs['requests']['getAll'][number];

/** The weekly hours no package covers yet, so staff can sort for the requests that most need a carer. */
const shortBy = (r: RequestRow) => unmetHours({ weeklyHours: r.details.weeklyHours, hoursInService: r.hoursInService });

const COLUMNS: ListColumn<RequestRow>[] = [
  {
    id: 'clientName',
    header: 'Client Name',
    value: (r) => r.details.name,
    className: 'min-w-36',
    card: 'title',
    cell: (r) => (
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
        {r.details.name}
        {r.archived === 'Y' && <Badge variant="outline">Archived</Badge>}
      </span>
    ),
  },
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
];

/** The newest first: the requests being arranged now are the ones worked on. */
const NEWEST_FIRST: SortState = { columnId: 'start', direction: 'desc' };

function RequestsList() {
  const savedRowId = useSavedRowId();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [view, setView] = useState<CareView>('active');
  const [viewing, setViewing] = useViewParam();
  const requests = useQuery(trpc.requests[CARE_VIEW_PROCEDURE[view]].queryOptions());
  const remove = useMutation(trpc.requests.delete.mutationOptions());
  const permissions = {
    create: useCan('requests', 'create'),
    update: useCan('requests', 'update'),
    delete: useCan('requests', 'delete'),
  };
  const canAddPackage = useCan('packages', 'create');
  const withId = (path: string, r: RequestRow) => `${path}?id=${encodeURIComponent(r.id)}`;

  return (
    <div className="p-4 md:p-6">
      <ListScreen
        savedRowId={savedRowId}
        title="Requests"
        searchPlaceholder="Search by client or service…"
        rows={requests.data}
        columns={COLUMNS}
        getRowId={(r) => r.id}
        getRowLabel={(r) => `the request of ${r.details.name} from ${formatDate(r.startDate)}`}
        permissions={permissions}
        isLoading={requests.isPending}
        error={requests.isError ? 'Error loading requests' : undefined}
        emptyMessage="No requests found"
        defaultSort={NEWEST_FIRST}
        onAddNew={() => void navigate('/requests/create')}
        toolbar={<CareViewToggle view={view} items="requests" onChange={setView} />}
        actions={{
          onView: (r) => setViewing(r.id),
          onEdit: (r) => void navigate(withId('/requests/edit', r)),
          onAddPackage: canAddPackage ? (r) => void navigate('/packages/create', { state: { requestId: r.id } }) : undefined,
          onRenew: (r) => void navigate(withId('/requests/renew', r)),
          onDelete: (r) => remove.mutateAsync({ id: r.id, version: r.version }),
        }}
      />
      <RequestDetailDialog requestId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/** /requests: the list, create, edit?id=… and renew?id=… */
export default function RequestsScreen() {
  return (
    <Routes>
      <Route index element={<RequestsList />} />
      {permittedRoute('create', 'requests', 'create', <CreateRequestPage />)}
      {permittedRoute('edit', 'requests', 'update', <EditRequestPage />)}
      {permittedRoute('renew', 'requests', 'update', <RenewRequestPage />)}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
