import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type ListPages, ListRoutes } from '@/client/components/status-screens';
import { CARER_KINDS } from '@/client/components/carer-record/carer-kind';
import { type CarerKind, carerKindOf } from '@/shared/carer-kind';
import { CarerTabsPage, editableCarerPath, NameCell, useCarerEditRights } from '@/client/components/carer-record/carer-tabs';
import { EXPIRY_COLUMN_ID, expiryColumn, SOONEST_FIRST } from '@/client/components/carer-record/expiry-badge';
import { useArchivedView } from '@/client/components/list-screen/archive-toggle';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import { nameColumn } from '@/client/components/list-screen/name-column';
import { type ResourceListConfig, useResourceList } from '@/client/components/list-screen/use-resource-list';
import type { RouterOutputs } from '@/browser/api-types';
import { useTRPC } from '@/client/lib/trpc';
import { todayIn } from '@/shared/dates';
import { CreateTrainingRecordPage, EditTrainingRecordPage } from './training-record-form';

type TrainingRecordRow = RouterOutputs['trainingRecords']['getAll'][number];

// The form requires an expiry date, but the spec lets a stored record have none.
const NO_EXPIRY_DATE = 'No expiry date';

/** The list's words and columns; the columns link a name to its carer's form where the role may edit it. */
function trainingRecordsList(today: string, editRights: Record<CarerKind, boolean>): ResourceListConfig<TrainingRecordRow> {
  return {
    title: 'Training Records',
    searchPlaceholder: 'Search training records…',
    errorText: 'Error loading records',
    emptyMessage: 'No training records found',
    getRowLabel: (r) => `${r.details.name}, ${r.details.recordName}`,
    defaultSort: SOONEST_FIRST,
    columns: [
      nameColumn((r) => <NameCell name={r.details.name} archived={r.archived} to={editableCarerPath(r.ownerId, editRights)} />),
      { id: 'recordName', header: 'Training Record', value: (r) => r.details.recordName, card: 'key' },
      {
        ...expiryColumn<TrainingRecordRow>({ id: EXPIRY_COLUMN_ID, header: 'Expiry Date', date: (r) => r.expiryDate, missingText: NO_EXPIRY_DATE, today }),
        card: 'key',
      },
      { id: 'notes', header: 'Notes', value: (r) => r.details.notes, className: 'min-w-48 whitespace-normal' },
    ],
  };
}

/** The edit address of spec §2.3: both values URL-encoded. */
const editPath = (r: TrainingRecordRow) => `/records/edit?id=${encodeURIComponent(r.id)}&ownerId=${encodeURIComponent(r.ownerId)}`;

function TrainingRecordsList() {
  const trpc = useTRPC();
  const archived = useArchivedView();
  const today = todayIn();
  const { mp: canEditMps, volunteer: canEditVolunteers } = useCarerEditRights();
  const config = useMemo(
    () => trainingRecordsList(today, { mp: canEditMps, volunteer: canEditVolunteers }),
    [today, canEditMps, canEditVolunteers],
  );
  // Records are added from an MP's or volunteer's row, so this list has no Add New.
  const list = useResourceList(config, {
    resource: 'trainingRecords',
    editPath,
    query: useQuery(trpc.trainingRecords[archived.procedure].queryOptions()),
    remove: trpc.trainingRecords.delete.mutationOptions(),
    removeInput: (r) => ({ id: r.id, ownerId: r.ownerId, version: r.version }),
  });
  const records = list.props.rows;
  const byKind = useMemo(() => {
    const all = records ?? [];
    return { mp: all.filter((r) => carerKindOf(r.ownerId) === 'mp'), volunteer: all.filter((r) => carerKindOf(r.ownerId) === 'volunteer') };
  }, [records]);

  return (
    <CarerTabsPage
      title="Training Records"
      total={byKind.mp.length + byKind.volunteer.length}
      renderTab={(kind) => {
        const { title, many } = CARER_KINDS[kind];
        return (
          <ListScreen
            {...list.props}
            title={title}
            exportName={`Training Records ${title}`}
            headingLevel={2}
            searchLabel={`Search ${many}' training records`}
            rows={records && byKind[kind]}
            toolbar={archived.toggle}
            actions={list.actions}
          />
        );
      }}
    />
  );
}

/** /records: the list, /records/create?ownerId=… and /records/edit?id=…&ownerId=…. */
const TRAINING_RECORD_PAGES: ListPages = { resource: 'trainingRecords', create: { create: <CreateTrainingRecordPage /> }, update: { edit: <EditTrainingRecordPage /> } };

export default function TrainingRecordsScreen() {
  return <ListRoutes list={<TrainingRecordsList />} pages={TRAINING_RECORD_PAGES} />;
}
