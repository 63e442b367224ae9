import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { NotFoundPage, permittedRoute } from '@/client/app/status-screens';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import { nameColumn } from '@/client/components/list-screen/name-column';
import type { ListColumn } from '@/client/components/list-screen/types';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useCan } from '@/client/lib/auth';
import { useTRPC } from '@/client/lib/trpc';
import { CARER_KINDS, type CarerKind } from '@/client/components/carer/carer-kind';
import { carerKindOf } from '@/client/components/carer/carer-kind';
import { CarerTabsPage, editableCarerPath, NameCell, useCarerEditRights } from '@/client/components/carer/carer-tabs';
import { EXPIRY_COLUMN_ID, expiryColumn, SOONEST_FIRST } from '@/client/components/carer/expiry-badge';
import { ArchiveToggle } from '@/client/components/list-screen/archive-toggle';
import { todayIn } from '@/shared/dates';
import { CreateTrainingRecordPage, EditTrainingRecordPage } from './training-record-form';
import { useSavedRowId } from '@/client/components/list-screen/saved-row';

type TrainingRecordRow = RouterOutputs['trainingRecords']['getAll'][number];

// The form requires an expiry date, but the spec lets a stored record have none.
const NO_EXPIRY_DATE = 'No expiry date';

function trainingRecordColumns(today: string, editRights: Record<CarerKind, boolean>): ListColumn<TrainingRecordRow>[] {
  return [
    nameColumn((r) => <NameCell name={r.details.name} archived={r.archived} to={editableCarerPath(r.ownerId, editRights)} />),
    { id: 'recordName', header: 'Training Record', value: (r) => r.details.recordName, card: 'key' },
    {
      ...expiryColumn<TrainingRecordRow>({ id: EXPIRY_COLUMN_ID, header: 'Expiry Date', date: (r) => r.expiryDate, missingText: NO_EXPIRY_DATE, today }),
      card: 'key',
    },
    { id: 'notes', header: 'Notes', value: (r) => r.details.notes, className: 'min-w-48 whitespace-normal' },
  ];
}

/** The edit address of spec §2.3: both values URL-encoded. */
const editPath = (r: TrainingRecordRow) => `/records/edit?id=${encodeURIComponent(r.id)}&ownerId=${encodeURIComponent(r.ownerId)}`;

function TrainingRecordsList() {
  const savedRowId = useSavedRowId();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [showArchived, setShowArchived] = useState(false);
  const records = useQuery(showArchived ? trpc.trainingRecords.getAll.queryOptions() : trpc.trainingRecords.getAllNotArchived.queryOptions());
  const remove = useMutation(trpc.trainingRecords.delete.mutationOptions());
  // Records are added from an MP's or volunteer's row, so this list has no Add New.
  const permissions = {
    create: false,
    update: useCan('trainingRecords', 'update'),
    delete: useCan('trainingRecords', 'delete'),
  };
  const today = todayIn();
  const { mp: canEditMps, volunteer: canEditVolunteers } = useCarerEditRights();
  const columns = useMemo(
    () => trainingRecordColumns(today, { mp: canEditMps, volunteer: canEditVolunteers }),
    [today, canEditMps, canEditVolunteers],
  );
  const archiveToggle = <ArchiveToggle showArchived={showArchived} onToggle={() => setShowArchived((s) => !s)} />;
  const byKind = useMemo(() => {
    const all = records.data ?? [];
    return { mp: all.filter((r) => carerKindOf(r.ownerId) === 'mp'), volunteer: all.filter((r) => carerKindOf(r.ownerId) === 'volunteer') };
  }, [records.data]);

  return (
    <CarerTabsPage
      title="Training Records"
      total={byKind.mp.length + byKind.volunteer.length}
      renderTab={(kind) => {
        const { title, many } = CARER_KINDS[kind];
        return (
          <ListScreen
            savedRowId={savedRowId}
            title={title}
            headingLevel={2}
            searchLabel={`Search ${many}' training records`}
            searchPlaceholder="Search training records…"
            rows={records.data && byKind[kind]}
            columns={columns}
            getRowId={(r) => r.id}
            getRowLabel={(r) => `${r.details.name}, ${r.details.recordName}`}
            permissions={permissions}
            isLoading={records.isPending}
            error={records.isError ? 'Error loading records' : undefined}
            emptyMessage="No training records found"
            defaultSort={SOONEST_FIRST}
            toolbar={archiveToggle}
            actions={{
              onEdit: (r) => void navigate(editPath(r)),
              onDelete: (r) => remove.mutateAsync({ id: r.id, ownerId: r.ownerId, version: r.version }),
            }}
          />
        );
      }}
    />
  );
}

/** /records: the list, /records/create?ownerId=… and /records/edit?id=…&ownerId=…. */
export default function TrainingRecordsScreen() {
  return (
    <Routes>
      <Route index element={<TrainingRecordsList />} />
      {permittedRoute('create', 'trainingRecords', 'create', <CreateTrainingRecordPage />)}
      {permittedRoute('edit', 'trainingRecords', 'update', <EditTrainingRecordPage />)}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
