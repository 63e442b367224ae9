import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { RouterOutputs } from '@/browser/api-types';
import { Field } from '@/client/components/form/field';
import { FormError, SubmitButton } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { Button } from '@/client/components/ui/button';
import { WeeklyTimesFields } from '@/client/components/form/weekly-times-fields';
import { Input } from '@/client/components/ui/input';
import { useAvailabilityDraft } from '@/browser/availability-draft';
import { useReportUnsaved } from '@/client/components/unsaved-changes';
import { useCan } from '@/client/lib/auth';
import { formatDate, formatHours } from '@/client/lib/format';
import { mutationErrorText } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { availableHours } from '@/shared/availability';
import { todayIn } from '@/shared/dates';
import { plannedVisitWords } from '@/shared/visit-plans';

type Availability = RouterOutputs['availability']['get'];

/** The times a carer said they can work, and their time off to come. */
function AvailabilityView({ availability }: { availability: Availability }) {
  const today = todayIn();
  const timeOff = availability.timeOff.filter((off) => off.to >= today);
  return (
    <div className="flex flex-col gap-3 text-sm">
      <section aria-labelledby="availability-weekly">
        <h3 id="availability-weekly" className="mb-1 font-semibold">
          Can work
        </h3>
        {availability.weekly.length === 0 ? (
          <p className="text-muted-foreground">Not said yet: any time is taken as possible.</p>
        ) : (
          <>
            <ul>
              {availability.weekly.map((window) => (
                <li key={`${window.weekday}${window.start}`}>{plannedVisitWords(window)}</li>
              ))}
            </ul>
            <p className="text-muted-foreground">{formatHours(availableHours(availability.weekly))} hours a week</p>
          </>
        )}
      </section>
      <section aria-labelledby="availability-off">
        <h3 id="availability-off" className="mb-1 font-semibold">
          Time off
        </h3>
        {timeOff.length === 0 ? (
          <p className="text-muted-foreground">None to come.</p>
        ) : (
          <ul>
            {timeOff.map((off) => (
              <li key={off.from}>
                {formatDate(off.from)} to {formatDate(off.to)}
                {off.note ? `: ${off.note}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function AvailabilityForm({ availability, onDone }: { availability: Availability; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const draft = useAvailabilityDraft(availability);
  useReportUnsaved(JSON.stringify([draft.weekly, draft.timeOff]) !== JSON.stringify([availability.weekly, availability.timeOff]));
  const save = useMutation(
    trpc.availability.set.mutationOptions({
      meta: { shownInPlace: () => true },
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.availability.get.queryKey({ carerId: availability.carerId }), saved);
        onDone();
      },
    }),
  );
  return (
    <form
      noValidate
      aria-label="Availability"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ carerId: availability.carerId, ...draft.saved(), version: availability.version });
      }}
    >
      <WeeklyTimesFields legend="Can work" times={draft.weekly} onChange={draft.changeTime} onAdd={draft.addTime} onRemove={draft.removeTime} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold">Time off</legend>
        {draft.timeOff.map((off, index) => (
          <div key={index} role="group" aria-label={`Time off ${index + 1}`} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_1fr_2fr_auto]">
            <Field label="From">
              <Input type="date" value={off.from} onChange={(e) => draft.changeTimeOff(index, { from: e.target.value })} />
            </Field>
            <Field label="To">
              <Input type="date" value={off.to} onChange={(e) => draft.changeTimeOff(index, { to: e.target.value })} />
            </Field>
            <Field label="Why (optional)" className="col-span-2 sm:col-span-1">
              <Input value={off.note ?? ''} onChange={(e) => draft.changeTimeOff(index, { note: e.target.value })} />
            </Field>
            <Button type="button" variant="outline" className="col-span-2 sm:col-span-1" onClick={() => draft.removeTimeOff(index)} aria-label={`Remove time off ${index + 1}`}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        ))}
        <Button type="button" variant="outline" className="self-start" onClick={draft.addTimeOff}>
          <Plus aria-hidden /> Add time off
        </Button>
      </fieldset>
      <FormError message={save.isError ? mutationErrorText(save.error) : undefined} />
      <div className="flex gap-2">
        <SubmitButton submitting={save.isPending} label="Save availability" submittingLabel="Saving..." />
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** When the carer can work: theirs to say (on their phone), or the office's for them; plans warn outside it. */
export function CarerAvailability({ carerId }: { carerId: string }) {
  const trpc = useTRPC();
  const canUpdate = useCan('packages', 'update');
  const [editing, setEditing] = useState(false);
  const query = useQuery(trpc.availability.get.queryOptions({ carerId }));
  return (
    <LoadState query={query} errorText="Error loading the availability" className="">
      {(availability) =>
        editing ? (
          <AvailabilityForm availability={availability} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex flex-col gap-4">
            <AvailabilityView availability={availability} />
            {canUpdate && (
              <Button type="button" variant="outline" className="self-start" onClick={() => setEditing(true)}>
                Edit availability
              </Button>
            )}
          </div>
        )
      }
    </LoadState>
  );
}
