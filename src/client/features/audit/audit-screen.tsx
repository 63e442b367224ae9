import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '@/client/components/form/field';
import { LoadState } from '@/client/components/load-state';
import { PageHeader } from '@/client/components/form/form-layout';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { type DataColumn, DataTable } from '@/client/components/data-table';
import type { RouterInputs, RouterOutputs } from '@/browser/api-types';
import { useTRPC } from '@/client/lib/trpc';
import { AuditChanges } from '@/client/components/record/audit-changes';
import { auditTitle } from '@/client/components/record/audit-title';
import { formatDateTime } from '@/shared/dates';

type Filters = Omit<RouterInputs['audit']['list'], 'cursor' | 'limit'>;
const PAGE = 100;

type AuditEntry = RouterOutputs['audit']['list'][number];

/** The filters as typed, an empty box for a filter not set. */
type TypedFilters = Record<'actor' | 'recordName' | 'recordId' | 'procedure' | 'from' | 'to', string>;

const NO_FILTERS: TypedFilters = { actor: '', recordName: '', recordId: '', procedure: '', from: '', to: '' };

/** The filters typed, those left empty left out. */
function givenFilters(typed: TypedFilters): Filters {
  return Object.fromEntries(Object.entries(typed).filter(([, value]) => value !== '')) as Filters;
}

const COLUMNS: DataColumn<AuditEntry>[] = [
  {
    header: 'When and who',
    className: 'w-52 [overflow-wrap:anywhere]',
    cell: (entry) => (
      <>
        {formatDateTime(entry.at)}
        {entry.actorName && <span className="block text-xs font-medium">{entry.actorName}</span>}
        <span className="block text-xs">{entry.actorEmail}</span>
        {entry.actorRole && <span className="block text-xs text-muted-foreground">{entry.actorRole}</span>}
      </>
    ),
  },
  {
    header: 'What',
    className: 'w-52 [overflow-wrap:anywhere]',
    cell: (entry) => (
      <>
        {auditTitle(entry)}
        {entry.recordId && <span className="block font-mono text-xs text-muted-foreground">{entry.recordId}</span>}
      </>
    ),
  },
  { header: 'Changes', cell: (entry) => <AuditChanges changes={entry.changes} /> },
];

/** An entry on a screen narrower than a wide one: who did what first, as a sentence, and the changes below. */
function AuditCard({ entry }: { entry: AuditEntry }) {
  return (
    <div className="text-sm">
      <p className="[overflow-wrap:anywhere]">
        <span className="font-medium">{auditTitle(entry)}</span> by {entry.actorName ?? entry.actorEmail}
        {entry.actorRole && <span className="text-muted-foreground"> ({entry.actorRole})</span>}
      </p>
      <p className="mb-1 text-xs text-muted-foreground">
        {formatDateTime(entry.at)}
        {entry.recordId && <> · record <span className="font-mono">{entry.recordId}</span></>}
      </p>
      <AuditChanges changes={entry.changes} />
    </div>
  );
}

function AuditEntries({ rows }: { rows: AuditEntry[] }) {
  // The changes need the width: below a wide screen, each entry is a card.
  return (
    <DataTable label="Audit entries" rows={rows} columns={COLUMNS} rowKey={(entry) => entry.id} emptyText="No audit entries match" card={(entry) => <AuditCard entry={entry} />} tableFrom="lg" fixed />
  );
}

/** /audit: the audit trail for Admin and Test, filtered on the server and read a page at a time. */
export default function AuditScreen() {
  const trpc = useTRPC();
  const draft = useForm<TypedFilters>({ defaultValues: NO_FILTERS });
  const [filters, setFilters] = useState<Filters>({});
  const entries = useInfiniteQuery(
    trpc.audit.list.infiniteQueryOptions(
      { ...filters, limit: PAGE },
      { getNextPageParam: (last) => (last.length === PAGE ? last[last.length - 1]!.id : undefined) },
    ),
  );
  const apply = draft.handleSubmit((typed) => setFilters(givenFilters(typed)));

  return (
    <div className="flex flex-col gap-4 p-4 md:p-6">
      <PageHeader title="Audit trail" />
      <form
        className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-7"
        onSubmit={(event) => void apply(event)}
      >
        <Field label="Who (name or e-mail)">
          <Input {...draft.register('actor')} />
        </Field>
        <Field label="Record name">
          <Input {...draft.register('recordName')} />
        </Field>
        <Field label="Record ID">
          <Input {...draft.register('recordId')} />
        </Field>
        <Field label="Procedure">
          <Input placeholder="e.g. clients.update" {...draft.register('procedure')} />
        </Field>
        <Field label="From">
          <Input type="date" {...draft.register('from')} />
        </Field>
        <Field label="To">
          <Input type="date" {...draft.register('to')} />
        </Field>
        <div className="flex items-end gap-2">
          <Button type="submit">Apply</Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              draft.reset(NO_FILTERS);
              setFilters({});
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      <LoadState query={entries} errorText="Error loading the audit trail" className="m-0">
        {(data) => <AuditEntries rows={data.pages.flat()} />}
      </LoadState>
      {entries.hasNextPage && (
        <Button variant="outline" className="self-center" disabled={entries.isFetchingNextPage} onClick={() => void entries.fetchNextPage()}>
          {entries.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
