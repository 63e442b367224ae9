import { useMutation } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import type { RouterOutputs } from '@/browser/api-types';
import { useFunders } from '@/client/components/care/funder-options';
import { FormError } from '@/client/components/form/form-layout';
import { GuardedDialog } from '@/client/components/guarded-dialog';
import { LoadState } from '@/client/components/load-state';
import { EmptyState } from '@/client/components/record/empty-state';
import { useReportUnsaved } from '@/client/components/unsaved-changes';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { useCan } from '@/client/lib/auth';
import { mutationErrorText } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { MAX } from '@/shared/schemas/common';

type Funder = RouterOutputs['funders']['list'][number];

/** A name typed for a funder, with Save; a new funder when `funder` is not given. */
function NameForm({ funder, onDone }: { funder?: Funder; onDone: () => void }) {
  const trpc = useTRPC();
  const [name, setName] = useState(funder?.name ?? '');
  useReportUnsaved(name.trim() !== (funder?.name ?? ''));
  const options = { meta: { shownInPlace: () => true }, onSuccess: () => (funder ? onDone() : setName('')) };
  const create = useMutation(trpc.funders.create.mutationOptions(options));
  const update = useMutation(trpc.funders.update.mutationOptions(options));
  const saving = funder ? update : create;
  const label = funder ? `New name for ${funder.name}` : 'New funder';
  return (
    <form
      noValidate
      aria-label={label}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (funder) update.mutate({ id: funder.id, name, archived: funder.archived, version: funder.version });
        else create.mutate({ name });
      }}
    >
      <div className="flex gap-2">
        <Input aria-label={label} placeholder={funder ? undefined : 'A grant or a contract, e.g. County Council home support'} maxLength={MAX.name} value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" disabled={saving.isPending}>
          {funder ? 'Save' : 'Add'}
        </Button>
        {funder && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
      <FormError message={saving.isError ? mutationErrorText(saving.error) : undefined} />
    </form>
  );
}

function FunderRow({ funder, canUpdate }: { funder: Funder; canUpdate: boolean }) {
  const trpc = useTRPC();
  const [renaming, setRenaming] = useState(false);
  const archive = useMutation(trpc.funders.update.mutationOptions());
  if (renaming) return <li className="py-2"><NameForm funder={funder} onDone={() => setRenaming(false)} /></li>;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <span className="flex items-center gap-2 font-medium">
        {funder.name}
        {funder.archived && <Badge variant="secondary">Archived</Badge>}
      </span>
      {canUpdate && (
        <span className="flex gap-2">
          <Button size="sm" variant="outline" aria-label={`Rename ${funder.name}`} onClick={() => setRenaming(true)}>
            Rename
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={`${funder.archived ? 'Restore' : 'Archive'} ${funder.name}`}
            disabled={archive.isPending}
            onClick={() => archive.mutate({ id: funder.id, name: funder.name, archived: !funder.archived, version: funder.version })}
          >
            {funder.archived ? 'Restore' : 'Archive'}
          </Button>
        </span>
      )}
    </li>
  );
}

/**
 * The Funders button and the list it opens: the grants and contracts packages name, which the funders' reports are
 * cut by. An archived funder stays on the packages that name it, and is offered for no new one.
 */
export function FundersDialog() {
  const [open, setOpen] = useState(false);
  const canCreate = useCan('funders', 'create');
  const canUpdate = useCan('funders', 'update');
  const funders = useFunders();
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Landmark aria-hidden />
        <span className="max-sm:sr-only">Funders</span>
      </Button>
      <GuardedDialog open={open} onOpenChange={setOpen} title="Funders" description="Who pays for care: a package names its funder, and wellbeing reports can be cut by one.">
        {() => (
          <div className="flex flex-col gap-4">
            {canCreate && <NameForm onDone={() => undefined} />}
            <LoadState query={funders} errorText="Error loading the funders" className="">
              {(list) =>
                list.length === 0 ? (
                  <EmptyState>No funders yet</EmptyState>
                ) : (
                  <ul className="divide-y">
                    {list.map((funder) => (
                      <FunderRow key={funder.id} funder={funder} canUpdate={canUpdate} />
                    ))}
                  </ul>
                )
              }
            </LoadState>
          </div>
        )}
      </GuardedDialog>
    </>
  );
}
