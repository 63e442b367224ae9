import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { RouterOutputs } from '@/browser/api-types';
import { FormError } from '@/client/components/form/form-layout';
import { Button } from '@/client/components/ui/button';
import { mutationErrorText } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { anyDriveKnown, drivingWords, milesWords, travelSaved, travelWords } from '@/shared/travel';

// A carer's driving on the office's day: the drive before each visit, the day's total, and the shorter order for
// visits at any time, which the office offers and the carer accepts or declines on their phone.

export type DayDriving = RouterOutputs['plannedVisits']['getDay']['driving'][number];

/** Suggested moves as plannedVisits.offerWeek takes them: each visit's slot, and its new times that day. */
export const offerOf = (moves: NonNullable<DayDriving['shorter']>['moves']) => ({
  moves: moves.map((move) => ({ packageId: move.packageId, date: move.date, start: move.from.start, to: { date: move.date, ...move.to } })),
});

/** The day's driving in the carer's heading: "Driving 42 min, 18.3 miles". */
export function DayDrivingTotal({ driving }: { driving: DayDriving }) {
  if (!anyDriveKnown(driving)) return <p className="text-sm text-muted-foreground">Driving not known: no map position for the day’s post codes</p>;
  return (
    <p className="text-sm">
      Driving {drivingWords(driving.total.minutes)}, {milesWords(driving.total.miles)}
      {driving.homeUnknown ? ' between visits (no map position for their home)' : ''}
    </p>
  );
}

/** The shorter order, the minutes and miles it saves, and (for those who may) Offer this order. */
export function ShorterOrder({ carerName, driving, canOffer }: { carerName: string; driving: DayDriving; canOffer: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const offer = useMutation(
    trpc.plannedVisits.offerWeek.mutationOptions({
      meta: { shownInPlace: () => true },
      onSuccess: async () => {
        toast.success(`Offered the shorter order to ${carerName}`);
        await queryClient.invalidateQueries({ queryKey: trpc.plannedVisits.getDay.queryKey() });
      },
    }),
  );
  const shorter = driving.shorter;
  if (!shorter) return null;
  const saved = travelSaved(driving.total, shorter.total);
  return (
    <div className="flex flex-col gap-2 border-t bg-sky-50/60 px-4 py-3 text-sm" aria-label={`A shorter order for ${carerName}`} role="group">
      <p className="font-medium">A shorter order saves {travelWords(saved)} of driving</p>
      <ul className="flex flex-col gap-1">
        {shorter.moves.map((move) => (
          <li key={move.id}>
            <span className="font-medium">{move.clientName}</span> {move.from.start}–{move.from.end} →{' '}
            <span className="font-medium">
              {move.to.start}–{move.to.end}
            </span>
          </li>
        ))}
      </ul>
      <FormError message={offer.isError ? mutationErrorText(offer.error) : undefined} />
      {canOffer && (
        <div>
          <Button
            size="sm"
            disabled={offer.isPending}
            onClick={() =>
              offer.mutate(offerOf(shorter.moves))
            }
          >
            {offer.isPending ? 'Offering...' : 'Offer this order'}
          </Button>
        </div>
      )}
    </div>
  );
}
