import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { NotFoundPage } from '@/client/app/status-screens';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import type { ListColumn } from '@/client/components/list-screen/types';
import { Badge } from '@/client/components/ui/badge';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useCan } from '@/client/lib/auth';
import { formatDate, formatHours } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { dateColumn } from '@/client/features/requests/care-display';
import { CARE_VIEW_PROCEDURE, type CareView } from '@/client/features/requests/care-view';
import { CareViewToggle } from '@/client/features/requests/care-view-toggle';
import { PackageDetailDialog } from './package-detail-dialog';
import { CreatePackagePage, EditPackagePage } from './package-form';
import { RenewPackagePage } from './package-renew';

type PackageRow = RouterOutputs['packages']['getAll'][number];

const COLUMNS: ListColumn<PackageRow>[] = [
  {
    id: 'name',
    header: 'Package Name',
    value: (p) => p.details.name,
    cell: (p) => (
      <span className="flex items-center gap-2 font-medium">
        {p.details.name}
        {p.archived === 'Y' && <Badge variant="outline">Archived</Badge>}
      </span>
    ),
  },
  { id: 'carerId', header: 'Carer ID', value: (p) => p.carerId },
  dateColumn('start', 'Start', (p) => p.startDate),
  dateColumn('end', 'End', (p) => p.endDate),
  { id: 'weeklyHours', header: 'Weekly Hours', value: (p) => p.details.weeklyHours, cell: (p) => formatHours(p.details.weeklyHours) },
  { id: 'location', header: 'Location', value: (p) => p.details.address.locality },
  { id: 'services', header: 'Services', value: (p) => p.details.services.join(', '), className: 'min-w-48 whitespace-normal' },
];

function PackagesList() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [view, setView] = useState<CareView>('active');
  const [viewing, setViewing] = useState<string | null>(null);
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
      <Route path="create" element={<CreatePackagePage />} />
      <Route path="edit/:id" element={<EditPackagePage />} />
      <Route path="renew/:id" element={<RenewPackagePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
