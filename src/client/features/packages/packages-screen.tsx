import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type ListPages, ListRoutes } from '@/client/components/status-screens';
import { dateColumn } from '@/client/components/care/care-display';
import { CARE_VIEW_PROCEDURE, type CareView } from '@/client/components/care/care-view';
import { CareViewToggle } from '@/client/components/care/care-view-toggle';
import { CarerLabel, carerText } from '@/client/components/care/carer-label';
import { ComplianceBadge } from '@/client/components/carer-record/compliance-badge';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import { RecordName } from '@/client/components/list-screen/record-name';
import { type ResourceListConfig, useResourceList } from '@/client/components/list-screen/use-resource-list';
import type { RouterOutputs } from '@/browser/api-types';
import { formatDate, formatHours } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { FundersDialog } from './funders-dialog';
import { PackageDetailDialog } from './package-detail-dialog';
import { CreatePackagePage, EditPackagePage } from './package-form';
import { PlanVisitsPage } from './package-plan';
import { RenewPackagePage } from './package-renew';

type PackageRow = RouterOutputs['packages']['getAll'][number];

/** The reasons of each package's carer who is not compliant today, for packages not yet ended. */
type LapsedCare = ReadonlyMap<string, string[]>;

/**
 * The carer: name, kind and id, and "Not compliant" with why where the carer has lapsed under care not yet ended
 * (found by searching or filtering "not compliant").
 */
function carerColumn(lapsed: LapsedCare): ResourceListConfig<PackageRow>['columns'][number] {
  const reasonsOf = (p: PackageRow) => lapsed.get(p.id);
  return {
    id: 'carerId',
    header: 'Carer ID',
    value: (p) => (reasonsOf(p) ? `${carerText(p)} Not compliant` : carerText(p)),
    cell: (p) => {
      const reasons = reasonsOf(p);
      return (
        <span className="flex flex-col items-start gap-1">
          <CarerLabel carerId={p.carerId} carerName={p.carerName} />
          {reasons && <ComplianceBadge compliance={{ status: 'Not compliant', reasons }} />}
        </span>
      );
    },
    className: 'min-w-40',
    card: 'key',
  };
}

const PACKAGES_LIST: ResourceListConfig<PackageRow> = {
  title: 'Packages',
  searchPlaceholder: 'Search by client, carer, service…',
  getRowLabel: (p) => `the package ${p.details.name} from ${formatDate(p.startDate)}`,
  // The newest first: the packages being arranged now are the ones worked on.
  defaultSort: { columnId: 'start', direction: 'desc' },
  columns: [
    { id: 'name', header: 'Package Name', value: (p) => p.details.name, card: 'title', cell: (p) => <RecordName name={p.details.name} archived={p.archived} /> },
    carerColumn(new Map()),
    { ...dateColumn('start', 'Start', (p) => p.startDate), card: 'key' },
    { ...dateColumn('end', 'End', (p) => p.endDate), card: 'key' },
    { id: 'weeklyHours', header: 'Weekly Hours', value: (p) => p.details.weeklyHours, cell: (p) => formatHours(p.details.weeklyHours), card: 'key' },
    { id: 'location', header: 'Location', value: (p) => p.details.address.locality, card: 'key' },
    { id: 'services', header: 'Services', value: (p) => p.details.services.join(', '), className: 'min-w-48 whitespace-normal', card: 'key' },
  ],
};

function PackagesList() {
  const trpc = useTRPC();
  const [view, setView] = useState<CareView>('active');
  const lapsedCarers = useQuery(trpc.packages.notCompliantOnLiveCare.queryOptions()).data;
  const config = useMemo(() => {
    const lapsed: LapsedCare = new Map((lapsedCarers ?? []).flatMap((carer) => carer.care.map((care) => [care.packageId, carer.reasons] as const)));
    return lapsed.size ? { ...PACKAGES_LIST, columns: PACKAGES_LIST.columns.map((c) => (c.id === 'carerId' ? carerColumn(lapsed) : c)) } : PACKAGES_LIST;
  }, [lapsedCarers]);
  const list = useResourceList(config, {
    resource: 'packages',
    path: '/packages',
    query: useQuery(trpc.packages[CARE_VIEW_PROCEDURE[view]].queryOptions()),
    remove: trpc.packages.delete.mutationOptions(),
  });
  const toolbar = (
    <>
      <CareViewToggle view={view} items="packages" onChange={setView} />
      <FundersDialog />
    </>
  );

  return (
    <div className="p-4 md:p-6">
      <ListScreen {...list.props} toolbar={toolbar} actions={{ ...list.actions, onView: list.onView, onPlanVisits: (p) => list.goTo(`/packages/plan/${p.id}`), onRenew: (p) => list.goTo(`/packages/renew/${p.id}`) }} />
      <PackageDetailDialog packageId={list.viewing} onClose={list.closeView} />
    </div>
  );
}

/** /packages: the list, create (a request may come as navigation state), edit/{id}, plan/{id} and renew/{id}. */
const PACKAGE_PAGES: ListPages = {
  resource: 'packages',
  create: { create: <CreatePackagePage /> },
  update: { 'edit/:id': <EditPackagePage />, 'plan/:id': <PlanVisitsPage />, 'renew/:id': <RenewPackagePage /> },
};

export default function PackagesScreen() {
  return <ListRoutes list={<PackagesList />} pages={PACKAGE_PAGES} />;
}
