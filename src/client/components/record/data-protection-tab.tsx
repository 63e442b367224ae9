import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, FileText, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import type { DetailTab } from '@/client/components/record/detail-tab';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { Button } from '@/client/components/ui/button';
import type { RouterOutputs } from '@/browser/api-types';
import { useCan } from '@/client/lib/auth';
import { downloadFile } from '@/client/lib/download-file';
import { useTRPC } from '@/client/lib/trpc';
import { RECORD_WORDS, type RecordKindName, recordKindOf } from '@/shared/record-kinds';
import { subjectAccessHtml } from './subject-access';

type ReviewItem = RouterOutputs['dataProtection']['anonymise']['toReview'][number];

/** Where each kind of record to check opens: its list with its view open, or a MAG log's page. */
const PAGES: Partial<Record<RecordKindName, (id: string) => string>> = {
  client: (id) => `/clients?view=${id}`,
  mp: (id) => `/mps?view=${id}`,
  volunteer: (id) => `/volunteers?view=${id}`,
  request: (id) => `/requests?view=${id}`,
  package: (id) => `/packages?view=${id}`,
  magLog: (id) => `/mag/edit/${id}`,
};

/** The words and page of the record an id names; a client's for an id of any other kind. */
function recordToCheck(id: string): { label: string; path: string } {
  const kind = recordKindOf(id);
  const shown = kind && PAGES[kind] ? kind : 'client';
  return { label: RECORD_WORDS[shown].label, path: PAGES[shown]!(id) };
}

/**
 * What anonymising could not decide: other people's records whose text may still mean the person. Links open
 * in a new tab, so the list stays while the Admin works through it; it is not kept anywhere once closed.
 */
export function ReviewList({ items }: { items: ReviewItem[] }) {
  if (items.length === 0) return <p role="status">Other people's records no longer name them. Nothing is left to check.</p>;
  return (
    <div role="status" className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <h4 className="font-semibold">Check {items.length === 1 ? 'this record' : `these ${items.length} records`}</h4>
      <p className="text-amber-900">
        The words shown may mean this person or someone else. Open each record and change the text if it means them. This list is shown
        only now.
      </p>
      <ul className="flex flex-col gap-1">
        {items.map((item, index) => {
          const record = recordToCheck(item.recordId);
          return (
            <li key={index} className="break-words">
              <a href={record.path} target="_blank" rel="noreferrer" className="font-medium underline underline-offset-4">
                {record.label} {item.recordId}
              </a>
              , {item.field}: “{item.mention}”
            </li>
          );
        })}
      </ul>
    </div>
  );
}

interface Person {
  id: string;
  version: number;
  name: string;
  anonymised: boolean;
}

/** Confirms an erasure, naming the person and saying what happens; only its buttons close it. */
export function AnonymiseDialog({
  names,
  open,
  onCancel,
  onConfirm,
  busy,
}: {
  names: string[];
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  const who = names.length === 1 ? names[0]! : `${names.length} people`;
  return (
    <ConfirmDialog
      open={open}
      title={`Anonymise ${who}?`}
      description={
        <>
          Their name, date of birth (kept as the year), street, phone, e-mail, next of kin, notes and comments will be erased
          for good, also from MAG logs, training records, the history of their records and other people's notes that name them.
          Locality, post code district, services, hours and dates stay, so reports do not change. The record is archived and
          marked anonymised. This cannot be undone.
        </>
      }
      keepLabel="Cancel"
      confirmLabel={busy ? 'Anonymising...' : 'Anonymise'}
      onKeep={onCancel}
      onConfirm={onConfirm}
      busy={busy}
    />
  );
}

function DataProtectionPanel({ person, canErase }: { person: Person; canErase: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [toReview, setToReview] = useState<ReviewItem[] | null>(null);
  const [exporting, setExporting] = useState(false);
  const anonymise = useMutation(trpc.dataProtection.anonymise.mutationOptions());
  const fileName = `subject-access-${person.id}`;

  const exportAs = async (format: 'json' | 'html') => {
    setExporting(true);
    try {
      // Fetched fresh each time: an export says what is held now, and each one is audited.
      const data = await queryClient.fetchQuery({ ...trpc.dataProtection.exportPerson.queryOptions({ personId: person.id }), staleTime: 0, gcTime: 0 });
      if (format === 'json') downloadFile(`${fileName}.json`, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      else downloadFile(`${fileName}.html`, new Blob([subjectAccessHtml(data)], { type: 'text/html' }));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="flex flex-col gap-4 text-sm">
      <section className="flex flex-col gap-2">
        <h3 className="font-semibold">Subject access</h3>
        <p className="text-muted-foreground">Everything held about this person: their record, notes, care, MAG attendance and the changes recorded.</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={exporting} onClick={() => void exportAs('json')}>
            <Download aria-hidden /> Download JSON
          </Button>
          <Button variant="outline" disabled={exporting} onClick={() => void exportAs('html')}>
            <FileText aria-hidden /> Download printable page
          </Button>
        </div>
      </section>
      {canErase && (
        <section className="flex flex-col gap-2">
          <h3 className="font-semibold">Erasure</h3>
          {person.anonymised || toReview ? (
            <>
              <p className="text-muted-foreground">This person has been anonymised.</p>
              {toReview && <ReviewList items={toReview} />}
            </>
          ) : (
            <>
              <p className="text-muted-foreground">Erase what identifies this person, keeping what the charity's statistics need.</p>
              <Button variant="destructive" className="self-start" onClick={() => setConfirming(true)}>
                <ShieldOff aria-hidden /> Anonymise
              </Button>
            </>
          )}
          <AnonymiseDialog
            names={[person.name]}
            open={confirming}
            onCancel={() => setConfirming(false)}
            busy={anonymise.isPending}
            onConfirm={() =>
              anonymise.mutate(
                { personId: person.id, version: person.version },
                {
                  // The dialog stays open on what is left to check (every query reloads after a change).
                  onSuccess: (result) => {
                    setConfirming(false);
                    setToReview(result.toReview);
                  },
                },
              )
            }
          />
        </section>
      )}
    </div>
  );
}

/** The Data protection tab of a person's dialog, for the roles that serve these rights (Admin and Test). */
export function useDataProtectionTab(): (person: Person) => DetailTab[] {
  const canExport = useCan('dataProtection', 'read');
  const canErase = useCan('dataProtection', 'update');
  return (person) =>
    canExport ? [{ value: 'data-protection', label: 'Data protection', content: <DataProtectionPanel person={person} canErase={canErase} /> }] : [];
}
