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
import { dateColumn } from '@/client/components/care/care-display';
import { CARE_VIEW_PROCEDURE, type CareView } from '@/client/components/care/care-view';
import { CareViewToggle } from '@/client/components/care/care-view-toggle';
import { CarerLabel, carerText } from '@/client/components/care/carer-label';
import { PackageDetailDialog } from './package-detail-dialog';
import { CreatePackagePage, EditPackagePage } from './package-form';
import { RenewPackagePage } from './package-renew';
import { useSavedRowId } from '@/client/components/list-screen/saved-row';

type PackageRow = RouterOutputs['packages']['getAll'][number];

const COLUMNS: ListColumn<PackageRow>[] = [
  {
    id: 'name',
    header: 'Package Name',
    value: (p) => p.details.name,
    card: 'title',
    cell: (p) => (
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
        {p.details.name}
        {p.archived === 'Y' && <Badge variant="outline">Archived</Badge>}
      </span>
    ),
  },
  { id: 'carerId', header: 'Carer ID', value: carerText, cell: (p) => <CarerLabel carerId={p.carerId} carerName={p.carerName} />, className: 'min-w-40', card: 'key' },
  { ...dateColumn('start', 'Start', (p) => p.startDate), card: 'key' },
  { ...dateColumn('end', 'End', (p) => p.endDate), card: 'key' },
  { id: 'weeklyHours', header: 'Weekly Hours', value: (p) => p.details.weeklyHours, cell: (p) => formatHours(p.details.weeklyHours), card: 'key' },
  { id: 'location', header: 'Location', value: (p) => p.details.address.locality, card: 'key' },
  { id: 'services', header: 'Services', value: (p) => p.details.services.join(', '), className: 'min-w-48 whitespace-normal', card: 'key' },
];

const NEWEST_FIRST: SortState = { columnId: 'start', direction: 'desc' };

function PackagesList() {
  const savedRowId = useSavedRowId();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [view, setView] = useState<CareView>('active');
  const [viewing, setViewing] = useViewParam();
  const packages = useQuery(trpc.packages[CARE_VIEW_PROCEDURE[view]].queryOptions());
  const remove = useMutation(trpc.packages.delete.mutationOptions());
  const permissions = {
    create: useCan('packages', 'create'),
    update: useCan('packages', 'update'),
    delete: useCan('packages', 'delete'),
  };

  return (
    <div className="p-4 md:p-6">
      <ListScreen
        savedRowId={savedRowId}
        title="Packages"
        searchPlaceholder="Search by client, carer, service…"
        rows={packages.data}
        columns={COLUMNS}
        getRowId={(p) => p.id}
        getRowLabel={(p) => `the package ${p.details.name} from ${formatDate(p.startDate)}`}
        permissions={permissions}
        isLoading={packages.isPending}
        error={packages.isError ? 'Error loading packages' : undefined}
        emptyMessage="No packages found"
        defaultSort={NEWEST_FIRST}
        onAddNew={() => void navigate('/packages/create')}
        toolbar={<CareViewToggle view={view} items="packages" onChange={setView} />}
        actions={{
          onView: (p) => setViewing(p.id),
          onEdit: (p) => void navigate(`/packages/edit/${p.id}`),
          onRenew: (p) => void navigate(`/packages/renew/${p.id}`),
          onDelete: (p) => remove.mutateAsync({ id: p.id, version: p.version }),
        }}
      />
      <PackageDetailDialog packageId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/** /packages: the list, create (a request may come as navigation state), edit/{id} and renew/{id}. */
export default function PackagesScreen() {
  return (
    <Routes>
      <Route index element={<PackagesList />} />
      {permittedRoute('create', 'packages', 'create', <CreatePackagePage />)}
      {permittedRoute('edit/:id', 'packages', 'update', <EditPackagePage />)}
      {permittedRoute('renew/:id', 'packages', 'update', <RenewPackagePage />)}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
