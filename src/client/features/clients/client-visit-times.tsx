import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RouterOutputs } from '@/browser/api-types';
import { useAvailabilityDraft } from '@/browser/availability-draft';
import { FormError, SubmitButton } from '@/client/components/form/form-layout';
import { WeeklyTimesFields } from '@/client/components/form/weekly-times-fields';
import { LoadState } from '@/client/components/load-state';
import { Button } from '@/client/components/ui/button';
import { useReportUnsaved } from '@/client/components/unsaved-changes';
import { useCan } from '@/client/lib/auth';
import { mutationErrorText } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { plannedVisitWords } from '@/shared/visit-plans';

type VisitTimes = RouterOutputs['availability']['clientTimes'];

function VisitTimesForm({ times, onDone }: { times: VisitTimes; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The availability draft's rows, without its time off.
  const draft = useAvailabilityDraft({ weekly: times.weekly, timeOff: [] });
  useReportUnsaved(JSON.stringify(draft.weekly) !== JSON.stringify(times.weekly));
  const save = useMutation(
    trpc.availability.setClientTimes.mutationOptions({
      meta: { shownInPlace: () => true },
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.availability.clientTimes.queryKey({ clientId: times.clientId }), saved);
        onDone();
      },
    }),
  );
  return (
    <form
      noValidate
      aria-label="Visit times"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ clientId: times.clientId, weekly: draft.weekly, version: times.version });
      }}
    >
      <WeeklyTimesFields legend="Visits may be given" times={draft.weekly} onChange={draft.changeTime} onAdd={draft.addTime} onRemove={draft.removeTime} />
      <FormError message={save.isError ? mutationErrorText(save.error) : undefined} />
      <div className="flex gap-2">
        <SubmitButton submitting={save.isPending} label="Save visit times" submittingLabel="Saving..." />
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** When the client's visits may be given: planning for less driving moves a visit only within these times. */
export function ClientVisitTimes({ clientId }: { clientId: string }) {
  const trpc = useTRPC();
  const canUpdate = useCan('packages', 'update');
  const [editing, setEditing] = useState(false);
  const query = useQuery(trpc.availability.clientTimes.queryOptions({ clientId }));
  return (
    <LoadState query={query} errorText="Error loading the visit times" className="">
      {(times) =>
        editing ? (
          <VisitTimesForm times={times} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex flex-col gap-3 text-sm">
            <h3 className="font-semibold">Visits may be given</h3>
            {times.weekly.length === 0 ? (
              <p className="text-muted-foreground">Not said: planning for less driving leaves the client’s visits at their planned times.</p>
            ) : (
              <>
                <ul>
                  {times.weekly.map((window) => (
                    <li key={`${window.weekday}${window.start}`}>{plannedVisitWords(window)}</li>
                  ))}
                </ul>
                <p className="text-muted-foreground">Planning for less driving moves a visit only within these times, never one kept at its time.</p>
              </>
            )}
            {canUpdate && (
              <Button type="button" variant="outline" className="self-start" onClick={() => setEditing(true)}>
                Edit visit times
              </Button>
            )}
          </div>
        )
      }
    </LoadState>
  );
}
