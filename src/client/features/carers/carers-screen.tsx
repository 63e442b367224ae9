import { useQuery } from '@tanstack/react-query';
import { ListRoutes } from '@/client/components/status-screens';
import { complianceColumn } from '@/client/components/carer-record/compliance-badge';
import { CARER_KINDS } from '@/client/components/carer-record/carer-kind';
import { type CarerKind } from '@/shared/carer-kind';
import { useCarerApi } from '@/client/components/carer-record/use-carer-api';
import { useArchiveAction, useArchivedView } from '@/client/components/list-screen/archive-toggle';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import { RecordName } from '@/client/components/list-screen/record-name';
import { nameColumn } from '@/client/components/list-screen/name-column';
import type { ListColumn, RowActions } from '@/client/components/list-screen/types';
import { type ResourceListConfig, useResourceList } from '@/client/components/list-screen/use-resource-list';
import type { RouterOutputs } from '@/browser/api-types';
import { useCan } from '@/client/lib/auth';
import { formatDate } from '@/client/lib/format';
import { OWN_SUCCESS_TOAST } from '@/client/lib/query-client';
import { CarerDetailDialog } from './carer-detail-dialog';
import { CreateCarerPage, EditCarerPage } from './carer-form';

type CarerRow = RouterOutputs['mps']['getAll'][number];

const COLUMNS: ListColumn<CarerRow>[] = [
  nameColumn((c) => <RecordName name={c.details.name} archived={c.archived} anonymised={c.anonymised} />),
  { id: 'dateOfBirth', header: 'Date of Birth', value: (c) => (c.anonymised ? c.dateOfBirth.slice(0, 4) : formatDate(c.dateOfBirth, 'Unknown')), sortValue: (c) => c.dateOfBirth || null, className: 'whitespace-nowrap' },
  { id: 'postCode', header: 'Post Code', value: (c) => c.details.address.postCode, card: 'key' },
  { id: 'services', header: 'Services', value: (c) => c.details.services.join(', '), className: 'min-w-48 whitespace-normal', card: 'key' },
  { id: 'dbsExpiry', header: 'DBS Expiry', value: (c) => formatDate(c.dbsExpiry, 'No DBS'), sortValue: (c) => c.dbsExpiry || null, className: 'whitespace-nowrap', card: 'key' },
  complianceColumn<CarerRow>(),
  { id: 'capacity', header: 'Capacity', value: (c) => c.details.capacity },
];

/** The MPs or volunteers list, in the kind's own words. */
function carersList(kind: CarerKind): ResourceListConfig<CarerRow> {
  const words = CARER_KINDS[kind];
  return {
    title: words.title,
    searchLabel: `Search ${words.many}`,
    searchPlaceholder: 'Search by name, post code…',
    errorText: words.listError,
    emptyMessage: words.emptyList,
    getRowLabel: (c) => c.details.name,
    defaultSort: { columnId: 'name', direction: 'asc' },
    columns: COLUMNS,
  };
}

const CARERS_LISTS: Record<CarerKind, ResourceListConfig<CarerRow>> = { mp: carersList('mp'), volunteer: carersList('volunteer') };

function CarersList({ kind }: { kind: CarerKind }) {
  const api = useCarerApi(kind);
  const words = CARER_KINDS[kind];
  const archived = useArchivedView();
  const list = useResourceList(CARERS_LISTS[kind], {
    resource: words.resource,
    path: words.path,
    query: useQuery(api[archived.procedure].queryOptions()),
    remove: api.delete.mutationOptions(),
  });
  const archiveAction = useArchiveAction(words.one, api.toggleArchive.mutationOptions(OWN_SUCCESS_TOAST));
  const canAddTraining = useCan('trainingRecords', 'create');
  const actions: RowActions<CarerRow> = {
    ...list.actions,
    ...archiveAction,
    onView: list.onView,
    onAddTraining: canAddTraining ? (c) => list.goTo(`/records/create?${words.recordQuery(c.id)}`) : undefined,
  };

  return (
    <div className="p-4 md:p-6">
      <ListScreen {...list.props} toolbar={archived.toggle} actions={actions} />
      <CarerDetailDialog kind={kind} carerId={list.viewing} onClose={list.closeView} />
    </div>
  );
}

/** /mps or /volunteers: the list, create and edit/{id}. */
export function CarersScreen({ kind }: { kind: CarerKind }) {
  const { resource } = CARER_KINDS[kind];
  return (
    <ListRoutes
      list={<CarersList kind={kind} />}
      pages={{ resource, create: { create: <CreateCarerPage kind={kind} /> }, update: { 'edit/:id': <EditCarerPage kind={kind} /> } }}
    />
  );
}

export function MpsScreen() {
  return <CarersScreen kind="mp" />;
}

export function VolunteersScreen() {
  return <CarersScreen kind="volunteer" />;
}
