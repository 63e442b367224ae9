import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '@/client/components/form/field';
import { LoadState } from '@/client/components/load-state';
import { PageHeader } from '@/client/components/form/form-layout';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import type { RouterInputs, RouterOutputs } from '@/client/lib/api-types';
import { useTRPC } from '@/client/lib/trpc';
import { AuditChanges } from '@/client/components/record/audit-changes';
import { formatDateTime } from '@/shared/dates';

type Filters = Omit<RouterInputs['audit']['list'], 'cursor' | 'limit'>;
const PAGE = 100;

type AuditEntry = RouterOutputs['audit']['list'][number];

function AuditEntries({ rows }: { rows: AuditEntry[] }) {
  if (rows.length === 0) return <p className="rounded-xl border bg-card p-6 text-center text-muted-foreground">No audit entries match</p>;
  return (
    <>
      {/* Narrower than a wide screen, each entry is a card: the changes need the width. */}
      <ol aria-label="Audit entries" className="flex flex-col gap-2 lg:hidden">
        {rows.map((entry) => (
          <li key={entry.id} className="rounded-xl border bg-card p-3 text-sm">
            <p className="[overflow-wrap:anywhere]">
              <span className="font-medium">{entry.procedure}</span> by {entry.actorEmail}
              {entry.actorRole && <span className="text-muted-foreground"> ({entry.actorRole})</span>}
            </p>
            <p className="mb-1 text-xs text-muted-foreground">
              {formatDateTime(entry.at)}
              {entry.recordId && <> · record <span className="font-mono">{entry.recordId}</span></>}
            </p>
            <AuditChanges changes={entry.changes} />
          </li>
        ))}
      </ol>
      <div className="hidden rounded-xl border bg-card lg:block">
        <Table className="table-fixed">
          <TableHeader>
            <TableRow>
              <TableHead className="w-52">When and who</TableHead>
              <TableHead className="w-52">What</TableHead>
              <TableHead>Changes</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((entry) => (
              <TableRow key={entry.id} className="align-top">
                <TableCell className="[overflow-wrap:anywhere]">
                  {formatDateTime(entry.at)}
                  <span className="block text-xs">{entry.actorEmail}</span>
                  {entry.actorRole && <span className="block text-xs text-muted-foreground">{entry.actorRole}</span>}
                </TableCell>
                <TableCell className="[overflow-wrap:anywhere]">
                  {entry.procedure}
                  {entry.recordId && <span className="block font-mono text-xs text-muted-foreground">{entry.recordId}</span>}
                </TableCell>
                <TableCell>
                  <AuditChanges changes={entry.changes} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

/** /audit: the audit trail for Admin and Test, filtered on the server and read a page at a time. */
export default function AuditScreen() {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const entries = useInfiniteQuery(
    trpc.audit.list.infiniteQueryOptions(
      { ...filters, limit: PAGE },
      { getNextPageParam: (last) => (last.length === PAGE ? last[last.length - 1]!.id : undefined) },
    ),
  );
  const set = (key: keyof Filters) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((d) => ({ ...d, [key]: event.target.value || undefined }));

  return (
    <div className="flex flex-col gap-4 p-4 md:p-6">
      <PageHeader title="Audit trail" />
      <form
        className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-3 lg:grid-cols-6"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
        }}
      >
        <Field label="User e-mail">
          <Input value={draft.actorEmail ?? ''} onChange={set('actorEmail')} />
        </Field>
        <Field label="Record ID">
          <Input value={draft.recordId ?? ''} onChange={set('recordId')} />
        </Field>
        <Field label="Procedure">
          <Input value={draft.procedure ?? ''} onChange={set('procedure')} placeholder="e.g. clients.update" />
        </Field>
        <Field label="From">
          <Input type="date" value={draft.from ?? ''} onChange={set('from')} />
        </Field>
        <Field label="To">
          <Input type="date" value={draft.to ?? ''} onChange={set('to')} />
        </Field>
        <div className="flex items-end gap-2">
          <Button type="submit">Apply</Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setDraft({});
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
