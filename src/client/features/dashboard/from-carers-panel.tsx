import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquareWarning } from 'lucide-react';
import { Link } from 'react-router';
import { CARER_KINDS } from '@/client/components/carer-record/carer-kind';
import { Button } from '@/client/components/ui/button';
import { useTRPC } from '@/client/lib/trpc';
import { visitWhenText } from '@/shared/carer-app';
import { carerKindOf } from '@/shared/carer-kind';
import { formatShortDay } from '@/shared/dates';
import { VISITS_TO_RESOLVE_ID, visitsToResolveText } from '@/client/components/care/visits-to-resolve-words';
import { AlertPanel, PANEL_LINK } from './alert-panel';
import { LIVE_REFRESH } from './dashboard-status';
import { useFirstAnswer } from './drawn-whole';

/** How many visits from carers' phones wait for the office, linking to them on the Timesheets screen; nothing when none. */
export function VisitsToResolveCount() {
  const trpc = useTRPC();
  const toResolve = useQuery({ ...trpc.carerApp.toResolve.queryOptions(), ...LIVE_REFRESH });
  useFirstAnswer(toResolve);
  const count = toResolve.data?.visits.length ?? 0;
  if (count === 0) return null;
  return (
    <p role="status" className="flex flex-wrap items-center gap-2 rounded-lg border border-warning bg-warning/10 px-4 py-3 text-sm">
      <span className="font-medium">{visitsToResolveText(count)}</span>
      <span className="text-muted-foreground">from carers’ phones, not yet delivered care.</span>
      <Link to={`/deliveries#${VISITS_TO_RESOLVE_ID}`} className={PANEL_LINK}>
        Resolve them on Timesheets
      </Link>
    </p>
  );
}

/**
 * "From carers": what carers marked "The office needs to know" on their visits (a fall, a worry, something missing at
 * home), oldest first, until someone marks each seen. Shown only when there is one, to those who act on it.
 */
export function FromCarersPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fromCarers = useQuery({ ...trpc.carerApp.fromCarers.queryOptions(), ...LIVE_REFRESH });
  useFirstAnswer(fromCarers);
  const heard = fromCarers.data?.visits ?? [];
  const markSeen = useMutation(
    trpc.carerApp.markSeen.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.carerApp.fromCarers.queryKey() }) }),
  );
  if (heard.length === 0) return null;
  return (
    <AlertPanel
      icon={<MessageSquareWarning aria-hidden className="size-4 text-amber-700" />}
      title="From carers"
      description="What carers said the office needs to know, and visits that did not happen. Mark each seen once someone has acted on it."
      className="border-warning"
    >
      {heard.map((visit) => {
        const kind = carerKindOf(visit.carerId);
        const when = visitWhenText(visit, formatShortDay);
        return (
          <li key={visit.visitId} className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-start sm:justify-between">
            <div className="flex flex-col gap-1">
              <span>
                {kind ? (
                  <Link to={`${CARER_KINDS[kind].path}?view=${encodeURIComponent(visit.carerId)}`} className={PANEL_LINK}>
                    {visit.carerName}
                  </Link>
                ) : (
                  visit.carerName
                )}
                <span className="text-muted-foreground"> at {visit.clientName}’s · {when}</span>
              </span>
              {visit.note ? <span className="whitespace-pre-line">{visit.note}</span> : null}
            </div>
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="shrink-0 self-start"
              disabled={markSeen.isPending && markSeen.variables?.visitId === visit.visitId}
              aria-label={`Mark seen: ${visit.carerName}, ${visit.clientName}, ${when}`}
              onClick={() => markSeen.mutate({ visitId: visit.visitId })}
            >
              Mark seen
            </Button>
          </li>
        );
      })}
    </AlertPanel>
  );
}
