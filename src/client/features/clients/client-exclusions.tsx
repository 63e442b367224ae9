import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { carerKindLabel } from '@/client/components/care/carer-label';
import { CarerPicker } from '@/client/components/carer-record/carer-picker';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { Field } from '@/client/components/form/field';
import { FormError, SubmitButton } from '@/client/components/form/form-layout';
import { EmptyState } from '@/client/components/record/empty-state';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { useReportUnsaved } from '@/client/components/unsaved-changes';
import { ExclusionReason } from '@/client/components/carer-record/exclusion-reason';
import type { RouterOutputs } from '@/browser/api-types';
import { useCan } from '@/client/lib/auth';
import { mutationErrorText } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { MAX } from '@/shared/schemas/common';
import { exclusionInput } from '@/shared/schemas/people';

type Exclusion = RouterOutputs['clients']['getById']['exclusions'][number];

/** The server's rule for the reason; the carer, chosen from the picker, needs only to be there. */
const exclusionForm = z.object({ carerId: z.string().min(1, { message: 'Choose a carer' }), reason: exclusionInput.shape.reason });

/** Adds a carer to the list with a reason; a carer already there has the reason changed. */
function AddExclusion({ clientId }: { clientId: string }) {
  const trpc = useTRPC();
  const add = useMutation(trpc.clients.addExclusion.mutationOptions());
  const { control, register, handleSubmit, watch, reset, formState } = useForm<z.input<typeof exclusionForm>, unknown, z.output<typeof exclusionForm>>({
    resolver: zodResolver(exclusionForm),
    defaultValues: { carerId: '', reason: '' },
  });
  const [carerId, reason] = watch(['carerId', 'reason']);
  useReportUnsaved(Boolean(carerId || reason.trim()));
  const errors = formState.errors;
  const submit = handleSubmit((values) => add.mutate({ clientId, ...values }, { onSuccess: () => reset() }));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add a carer not to match" className="flex flex-col gap-3 rounded-lg border p-3">
      <h4 className="text-sm font-semibold">Add a carer not to match</h4>
      <Controller
        control={control}
        name="carerId"
        render={({ field }) => <CarerPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.carerId?.message} />}
      />
      <Field label="Reason" required error={errors.reason?.message} hint="Said to whoever assigns this carer to the client">
        <Input maxLength={MAX.line} {...register('reason')} />
      </Field>
      <FormError message={add.isError ? mutationErrorText(add.error) : undefined} />
      <SubmitButton submitting={add.isPending} label="Add" submittingLabel="Adding..." className="self-start" />
    </form>
  );
}

/**
 * A client's "do not match" carers: each with their kind and the reason. Users who may update clients add
 * and remove them here (removing is confirmed); suggestions rank these carers last and the package form warns.
 */
export function ClientExclusions({ client }: { client: { id: string; exclusions: Exclusion[] } }) {
  const trpc = useTRPC();
  const canUpdate = useCan('clients', 'update');
  const remove = useMutation(trpc.clients.removeExclusion.mutationOptions());
  const [removing, setRemoving] = useState<Exclusion>();
  const list = client.exclusions;
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="client-exclusions" className="flex flex-col gap-2">
        <h3 id="client-exclusions" className="text-sm font-semibold">
          Do not match
        </h3>
        {list.length === 0 ? (
          <EmptyState>No carers are marked not to match with this client</EmptyState>
        ) : (
          <ul className="divide-y rounded-lg border">
            {list.map((e) => (
              <li key={e.carerId} className="flex flex-wrap items-start justify-between gap-2 p-3 text-sm">
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span>
                    <span className="font-medium">{e.carerName}</span> <span className="text-muted-foreground">{carerKindLabel(e.carerId)}</span>
                  </span>
                  <ExclusionReason {...e} />
                </span>
                {canUpdate && (
                  <Button type="button" size="sm" variant="outline" aria-label={`Remove ${e.carerName}`} onClick={() => setRemoving(e)}>
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <FormError message={remove.isError ? mutationErrorText(remove.error) : undefined} />
      {canUpdate && <AddExclusion clientId={client.id} />}
      <ConfirmDialog
        open={removing !== undefined}
        title={`Remove ${removing?.carerName ?? 'this carer'} from the do-not-match list?`}
        description="They may then be suggested for this client's requests and assigned without a warning."
        keepLabel="Cancel"
        confirmLabel={remove.isPending ? 'Removing...' : 'Remove'}
        busy={remove.isPending}
        onKeep={() => setRemoving(undefined)}
        onConfirm={() => removing && remove.mutate({ clientId: client.id, carerId: removing.carerId }, { onSettled: () => setRemoving(undefined) })}
      />
    </div>
  );
}
