import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ListRoutes } from '@/client/components/status-screens';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import { nameColumn } from '@/client/components/list-screen/name-column';
import type { ListColumn, ListPermissions } from '@/client/components/list-screen/types';
import { useTRPC } from '@/client/lib/trpc';
import { CARER_KINDS } from '@/client/components/carer-record/carer-kind';
import { type CarerKind } from '@/shared/carer-kind';
import { useArchivedView } from '@/client/components/list-screen/archive-toggle';
import { todayIn } from '@/shared/dates';
import { CARER_EXPIRIES, type CarerExpiry, type CarerRow } from '@/client/components/carer-record/carer-expiries';
import { CarerTabsPage, editableCarerPath, NameCell, useCarerEditRights } from '@/client/components/carer-record/carer-tabs';
import { complianceColumn } from '@/client/components/carer-record/compliance-badge';
import { EXPIRY_COLUMN_ID, expiryColumn, SOONEST_FIRST } from '@/client/components/carer-record/expiry-badge';

// Dates are changed on the MP or volunteer form; these screens only watch them.
const WATCH_ONLY: ListPermissions = { create: false, update: false, delete: false };

function carerExpiryColumns(expiry: CarerExpiry, today: string, editRights: Record<CarerKind, boolean>): ListColumn<CarerRow>[] {
  const words = CARER_EXPIRIES[expiry];
  return [
    nameColumn((c) => <NameCell name={c.details.name} archived={c.archived} to={editableCarerPath(c.id, editRights)} />),
    { id: 'id', header: 'Carer ID', value: (c) => c.id, card: 'key' },
    { ...expiryColumn<CarerRow>({ id: EXPIRY_COLUMN_ID, header: words.header, date: words.date, missingText: words.missingText, today }), card: 'first' },
    complianceColumn<CarerRow>(),
  ];
}

/** /dbs or /public-liability: every MP and volunteer with the one expiry date, expired first when sorted by it. */
function CarerExpiryList({ expiry }: { expiry: CarerExpiry }) {
  const trpc = useTRPC();
  const words = CARER_EXPIRIES[expiry];
  const archived = useArchivedView();
  const lists = {
    mp: useQuery(trpc.mps[archived.procedure].queryOptions()),
    volunteer: useQuery(trpc.volunteers[archived.procedure].queryOptions()),
  };
  const today = todayIn();
  const { mp: canEditMps, volunteer: canEditVolunteers } = useCarerEditRights();
  const columns = useMemo(
    () => carerExpiryColumns(expiry, today, { mp: canEditMps, volunteer: canEditVolunteers }),
    [expiry, today, canEditMps, canEditVolunteers],
  );

  return (
    <CarerTabsPage
      title={words.title}
      total={(lists.mp.data?.length ?? 0) + (lists.volunteer.data?.length ?? 0)}
      renderTab={(kind) => {
        const list = lists[kind];
        const { title, many, emptyList } = CARER_KINDS[kind];
        return (
          <ListScreen
            title={title}
            exportName={`${words.title} ${title}`}
            headingLevel={2}
            searchLabel={`Search ${many}`}
            searchPlaceholder="Search by name or carer ID…"
            rows={list.data}
            columns={columns}
            getRowId={(c) => c.id}
            getRowLabel={(c) => c.details.name}
            permissions={WATCH_ONLY}
            isLoading={list.isPending}
            error={list.isError ? words.loadError : undefined}
            emptyMessage={emptyList}
            defaultSort={SOONEST_FIRST}
            toolbar={archived.toggle}
          />
        );
      }}
    />
  );
}

function CarerExpiryScreen({ expiry }: { expiry: CarerExpiry }) {
  return <ListRoutes list={<CarerExpiryList expiry={expiry} />} />;
}

export function DbsScreen() {
  return <CarerExpiryScreen expiry="dbs" />;
}

export function PublicLiabilityScreen() {
  return <CarerExpiryScreen expiry="publicLiability" />;
}
