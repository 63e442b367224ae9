import { useQuery } from '@tanstack/react-query';
import { LoadState } from '@/client/components/load-state';
import { EmptyState } from '@/client/components/record/empty-state';
import { useTRPC } from '@/client/lib/trpc';
import { visitWhenText } from '@/shared/carer-app';
import { formatDateTime } from '@/shared/dates';
import { carerKindLabel } from './carer-label';

/** How a visit not counted as delivered care stands. */
const STATUS_WORDS = {
  toResolve: 'Waiting in Visits to resolve',
  turnedDown: 'Turned down by the office',
  withdrawn: 'Withdrawn by the carer',
} as const;

/**
 * The carers' visits from the carer app on a client's or a carer's record, newest first: when, who (the carer on a
 * client's record, the client on a carer's) and what the carer noted, with what they marked for the office.
 */
export function VisitsList({ of }: { of: { clientId: string } | { carerId: string } }) {
  const trpc = useTRPC();
  const visits = useQuery(trpc.carerApp.getVisits.queryOptions(of));
  const ofClient = 'clientId' in of;
  return (
    <LoadState query={visits} errorText="Error loading visits" className="">
      {({ visits: list, more }) =>
        list.length === 0 ? (
          <EmptyState>No visits recorded on the carer app</EmptyState>
        ) : (
          <div className="flex flex-col gap-2">
            <ul className="divide-y rounded-lg border">
              {list.map((visit) => (
                <li key={visit.id} className="flex flex-col gap-1 p-3 text-sm">
                  <span className="flex flex-wrap justify-between gap-x-3">
                    <span className={visit.status === 'withdrawn' ? 'font-medium text-muted-foreground line-through' : visit.couldNotVisit ? 'font-medium text-amber-800' : 'font-medium'}>
                      {visitWhenText(visit)}
                    </span>
                    <span className="text-muted-foreground">
                      {ofClient ? `${visit.carerName || carerKindLabel(visit.carerId)}` : visit.clientName}
                    </span>
                  </span>
                  {visit.status !== 'recorded' ? <span className="text-xs font-medium text-amber-800">{STATUS_WORDS[visit.status]}</span> : null}
                  {visit.original && visit.changedAt ? (
                    <span className="text-xs text-muted-foreground">
                      Changed by the carer {formatDateTime(visit.changedAt)}. First sent as: {visitWhenText(visit.original)}
                      {visit.original.note ? ` · ${visit.original.note}` : ''}
                    </span>
                  ) : null}
                  {visit.note ? <span className="whitespace-pre-line">{visit.note}</span> : null}
                  {visit.tellOffice || visit.couldNotVisit ? (
                    <span className="text-xs text-muted-foreground">
                      {visit.couldNotVisit ? 'The office is told' : 'Marked for the office to know'}
                      {visit.seenBy && visit.seenAt ? ` · seen by ${visit.seenBy}, ${formatDateTime(visit.seenAt)}` : ' · not yet seen'}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
            {more ? <p className="text-xs text-muted-foreground">The newest {list.length} visits are shown.</p> : null}
          </div>
        )
      }
    </LoadState>
  );
}
