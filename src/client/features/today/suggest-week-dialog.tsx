import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { RouterOutputs } from '@/browser/api-types';
import { Field } from '@/client/components/form/field';
import { DialogFormActions, FormError } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { useCan } from '@/client/lib/auth';
import { mutationErrorText } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { formatShortDay, isIsoDate } from '@/shared/dates';
import { weekStartOf } from '@/shared/deliveries';
import { drivingWords, milesWords, type Travel } from '@/shared/travel';
import { offerOf } from './day-driving';

type WeekSuggestion = RouterOutputs['plannedVisits']['suggestWeek'];
type CarerWeek = WeekSuggestion['carers'][number];

/** "40 min and 12.5 miles less a week", or more, or the same. */
function savedWords(before: Travel, after: Travel): string {
  const [minutes, miles] = [Math.round(before.minutes - after.minutes), before.miles - after.miles];
  if (minutes === 0 && Math.abs(miles) < 0.05) return 'No change';
  return minutes >= 0 ? `${drivingWords(minutes)} and ${milesWords(Math.max(0, miles))} less a week` : `${drivingWords(-minutes)} more a week`;
}

function CarerWeekCard({ week }: { week: CarerWeek }) {
  const headingId = `suggested-${week.carerId}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b bg-muted/40 px-3 py-2">
        <h3 id={headingId} className="font-semibold">
          {week.carerName}
        </h3>
        {!week.notPlanned && <p className="text-sm font-medium">{savedWords(week.before, week.after)}</p>}
      </header>
      <div className="flex flex-col gap-2 px-3 py-2 text-sm">
        {week.notPlanned ? (
          <p className="text-muted-foreground">{week.notPlanned}: their week is not planned.</p>
        ) : (
          <p className="text-muted-foreground">
            Driving now {drivingWords(week.before.minutes)} ({milesWords(week.before.miles)}), suggested {drivingWords(week.after.minutes)} ({milesWords(week.after.miles)})
          </p>
        )}
        {week.moves.length > 0 ? (
          <ul aria-label={`Visits of ${week.carerName} that would move`} className="flex flex-col gap-1">
            {week.moves.map((move) => (
              <li key={move.id}>
                <span className="font-medium">{move.clientName}</span> · {formatShortDay(move.date)} {move.from.start}–{move.from.end} →{' '}
                <span className="font-medium">
                  {move.to.start}–{move.to.end}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          !week.notPlanned && <p>No visit moves: this is the least driving found within the visit times.</p>
        )}
      </div>
    </section>
  );
}

function Suggestion({ suggestion, onDone, onCancel }: { suggestion: WeekSuggestion; onDone: () => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canOffer = useCan('plannedVisits', 'update');
  const moves = suggestion.carers.flatMap((week) => week.moves);
  const offered = suggestion.carers.filter((week) => week.moves.length > 0).length;
  const offer = useMutation(
    trpc.plannedVisits.offerWeek.mutationOptions({
      meta: { shownInPlace: () => true },
      onSuccess: async () => {
        toast.success(`Offered ${moves.length} ${moves.length === 1 ? 'change' : 'changes'} to ${offered} ${offered === 1 ? 'carer' : 'carers'}`);
        await queryClient.invalidateQueries({ queryKey: trpc.plannedVisits.getDay.queryKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.plannedVisits.suggestWeek.queryKey() });
        onDone();
      },
    }),
  );
  const total = (side: 'before' | 'after') => suggestion.carers.reduce((sum, week) => ({ minutes: sum.minutes + week[side].minutes, miles: sum.miles + week[side].miles }), { minutes: 0, miles: 0 });
  if (suggestion.carers.length === 0) return <p className="text-muted-foreground">No visits are planned that week.</p>;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        offer.mutate(offerOf(moves));
      }}
    >
      <p role="status" className="font-medium">
        {savedWords(total('before'), total('after'))}
        {suggestion.source === 'estimate' ? ' (estimated from post codes)' : ' (by road)'}
      </p>
      <div className="flex max-h-[50vh] flex-col gap-3 overflow-y-auto">
        {suggestion.carers.map((week) => (
          <CarerWeekCard key={week.carerId} week={week} />
        ))}
      </div>
      <FormError message={offer.isError ? mutationErrorText(offer.error) : undefined} />
      {canOffer && moves.length > 0 ? (
        <DialogFormActions onCancel={onCancel} submitLabel={`Offer ${moves.length} ${moves.length === 1 ? 'change' : 'changes'} to the carers`} submittingLabel="Offering..." submitting={offer.isPending} />
      ) : null}
    </form>
  );
}

/**
 * "Suggest a week": the week's visits in the order with the least driving, each staying on its day and within its
 * client's visit times and its carer's; the change in minutes and miles per carer, then offered to the carers, who
 * accept or decline each move on their phones.
 */
export function SuggestWeekDialog({ open, date, onClose }: { open: boolean; date: string; onClose: () => void }) {
  const trpc = useTRPC();
  const [week, setWeek] = useState(weekStartOf(date));
  const [carerId, setCarerId] = useState('');
  const all = useQuery({ ...trpc.plannedVisits.suggestWeek.queryOptions({ weekStart: week }), enabled: open });
  const chosen = useQuery({ ...trpc.plannedVisits.suggestWeek.queryOptions({ weekStart: week, carerId }), enabled: open && carerId !== '' });
  const query = carerId ? chosen : all;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[95vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Suggest a week</DialogTitle>
          <DialogDescription>
            The least driving found: visits stay on their day and move only within their client’s visit times and the carer’s, and a visit kept at its time stays. Nothing changes until
            you offer it; each carer accepts or declines on their phone.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Week of">
            <Input type="date" value={week} onChange={(event) => isIsoDate(event.target.value) && setWeek(weekStartOf(event.target.value))} />
          </Field>
          <Field label="Carer">
            <NativeSelect value={carerId} onChange={(event) => setCarerId(event.target.value)}>
              <option value="">All carers</option>
              {(all.data?.carers ?? []).map((carer) => (
                <option key={carer.carerId} value={carer.carerId}>
                  {carer.carerName}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <LoadState query={query} errorText="Could not plan the week" className="">
          {(suggestion) => <Suggestion key={`${suggestion.weekStart}${carerId}`} suggestion={suggestion} onDone={onClose} onCancel={onClose} />}
        </LoadState>
      </DialogContent>
    </Dialog>
  );
}
