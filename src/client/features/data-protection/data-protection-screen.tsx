import { useMutation, useQuery } from '@tanstack/react-query';
import { ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { Button } from '@/client/components/ui/button';
import { type DataColumn, DataTable } from '@/client/components/data-table';
import type { RouterOutputs } from '@/browser/api-types';
import { useCan } from '@/client/lib/auth';
import { formatDate } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { AnonymiseDialog, ReviewList } from '@/client/components/record/data-protection-tab';

type Candidate = RouterOutputs['dataProtection']['retentionReview'][number];
type Anonymised = RouterOutputs['dataProtection']['anonymise'];

const KIND: Record<Candidate['kind'], string> = { client: 'Client', mp: 'MP', volunteer: 'Volunteer' };

const COLUMNS: DataColumn<Candidate>[] = [
  { header: 'Name', card: 'title', className: 'font-medium', cell: (person) => person.name },
  { header: 'Type', cell: (person) => KIND[person.kind] },
  { header: 'Care ended or archived', cell: (person) => formatDate(person.since) },
];

/**
 * /data-protection: the retention review. People whose care ended, or carers archived, longer ago than
 * the retention period, with anonymisation one by one or in bulk (with progress).
 */
export default function DataProtectionScreen() {
  const trpc = useTRPC();
  const canErase = useCan('dataProtection', 'update');
  const review = useQuery(trpc.dataProtection.retentionReview.queryOptions());
  const anonymise = useMutation(trpc.dataProtection.anonymise.mutationOptions());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState<Candidate[] | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [toReview, setToReview] = useState<Anonymised[]>([]);
  const rows = review.data ?? [];

  const run = async (people: Candidate[]) => {
    setProgress({ done: 0, total: people.length });
    const done: Anonymised[] = [];
    for (const [index, person] of people.entries()) {
      try {
        done.push(await anonymise.mutateAsync({ personId: person.personId }));
      } catch {
        // Shown as a toast; the others still go ahead.
      }
      setProgress({ done: index + 1, total: people.length });
    }
    setSelected(new Set());
    setConfirming(null);
    setProgress(null);
    setToReview(done.filter((result) => result.toReview.length > 0));
  };

  return (
    <div className="flex flex-col gap-4 p-4 md:p-6">
      <PageHeader title="Data protection">
        {canErase && (
          <Button variant="destructive" disabled={selected.size === 0} onClick={() => setConfirming(rows.filter((r) => selected.has(r.personId)))}>
            <ShieldOff aria-hidden /> Anonymise selected ({selected.size})
          </Button>
        )}
      </PageHeader>
      <p className="max-w-prose text-sm text-muted-foreground">
        People whose care ended, and carers archived, longer ago than the retention period. Anonymise them once there is no reason to keep
        what identifies them; reports keep their hours.
      </p>
      {progress && (
        <div role="status" aria-live="polite" className="flex flex-col gap-1">
          <p className="text-sm">
            Anonymising {progress.done} of {progress.total}…
          </p>
          <progress className="h-2 w-full accent-primary" max={progress.total} value={progress.done} />
        </div>
      )}
      {toReview.map((result) => (
        <section key={result.personId} aria-label={`Left to check for ${result.name}`} className="flex flex-col gap-2 text-sm">
          <h2 className="font-semibold">{result.name}</h2>
          <ReviewList items={result.toReview} />
        </section>
      ))}
      <LoadState query={review} errorText="Error loading the retention review" className="m-0">
        {() => (
          <DataTable
            label="People past the retention period"
            rows={rows}
            columns={canErase ? [...COLUMNS, { header: 'Actions', card: 'actions', className: 'w-32', cell: (person) => <Button size="sm" variant="outline" onClick={() => setConfirming([person])}>Anonymise</Button> }] : COLUMNS}
            rowKey={(person) => person.personId}
            emptyText="Nobody is past the retention period"
            {...(canErase ? { selection: { selected, onChange: setSelected, rowLabel: (person: Candidate) => `Select ${person.name}` } } : {})}
          />
        )}
      </LoadState>
      {confirming && (
        <AnonymiseDialog
          names={confirming.map((p) => p.name)}
          open
          onCancel={() => setConfirming(null)}
          busy={progress !== null}
          onConfirm={() => void run(confirming)}
        />
      )}
    </div>
  );
}
