import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { VISITS_TO_RESOLVE_ID, visitsToResolveText } from '@/client/components/care/visits-to-resolve-words';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import type { RouterOutputs } from '@/browser/api-types';
import { useTRPC } from '@/client/lib/trpc';
import { visitWhenText } from '@/shared/carer-app';
import { formatDate } from '@/shared/dates';

type Waiting = RouterOutputs['carerApp']['toResolve']['visits'][number];

/**
 * Visits to resolve: what carers sent that only the office may record (the client's care closed or with another
 * carer, too far back, a closed month), oldest first. Each is recorded on another package of the same client and
 * carer, recorded after all with a reason, or turned down with a reason the carer reads on their phone.
 */
export function VisitsToResolve() {
  const trpc = useTRPC();
  const waiting = useQuery(trpc.carerApp.toResolve.queryOptions()).data?.visits ?? [];
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  const shown = waiting.length > 0;
  // Come from the Dashboard's count: the list is where the eye and the keyboard start.
  useEffect(() => {
    if (shown && hash === `#${VISITS_TO_RESOLVE_ID}`) {
      heading.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus();
    }
  }, [shown, hash]);
  if (!shown) return null;
  return (
    <Card id={VISITS_TO_RESOLVE_ID} role="region" aria-labelledby={headingId} className="border-warning gap-3">
      <CardHeader>
        <CardTitle>
          <h2 id={headingId} ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
            Visits to resolve
          </h2>
        </CardTitle>
        <CardDescription>
          {visitsToResolveText(waiting.length)}: sent from carers’ phones, and not yet delivered care. Record each on the right package, record it after all, or
          turn it down; the carer sees what you did.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {waiting.map((visit) => (
            <WaitingVisit key={visit.id} visit={visit} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function WaitingVisit({ visit }: { visit: Waiting }) {
  const trpc = useTRPC();
  const resolve = useMutation(trpc.carerApp.resolve.mutationOptions());
  const [reason, setReason] = useState('');
  const [packageId, setPackageId] = useState(visit.otherPackages[0]?.id ?? '');
  const [missing, setMissing] = useState(false);
  const id = useId();
  const when = visitWhenText(visit);
  const withReason = (action: 'recordAnyway' | 'turnDown') => {
    if (!reason.trim()) return setMissing(true);
    setMissing(false);
    resolve.mutate({ visitId: visit.id, action, reason: reason.trim() });
  };
  return (
    <li className="flex flex-col gap-2 py-3 text-sm" aria-label={`${visit.carerName} at ${visit.clientName}’s, ${when}`}>
      <span>
        <span className="font-medium">{visit.carerName}</span>
        <span className="text-muted-foreground"> at {visit.clientName}’s · {when}</span>
      </span>
      <span className="text-amber-800">Why it waits: {visit.reason}</span>
      {visit.note ? <span className="whitespace-pre-line">Note: {visit.note}</span> : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        {visit.otherPackages.length > 0 && (
          <div className="flex flex-col gap-1 sm:max-w-xs">
            <label htmlFor={`${id}-package`} className="text-xs font-medium">
              Another package of {visit.clientName} with {visit.carerName}
            </label>
            <NativeSelect id={`${id}-package`} value={packageId} onChange={(event) => setPackageId(event.target.value)}>
              {visit.otherPackages.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name || visit.clientName}, from {formatDate(p.startDate)}
                  {p.endDate ? ` to ${formatDate(p.endDate)}` : ''}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        {visit.otherPackages.length > 0 && (
          <Button type="button" size="sm" disabled={resolve.isPending} onClick={() => resolve.mutate({ visitId: visit.id, action: 'recordOnPackage', packageId })}>
            Record on this package
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={`${id}-reason`} className="text-xs font-medium">
            Reason (to record it after all, or to turn it down)
          </label>
          <Input
            id={`${id}-reason`}
            value={reason}
            maxLength={500}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${id}-missing` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {missing ? (
            <span id={`${id}-missing`} className="text-xs font-medium text-destructive">
              Say why: the carer reads it, and the audit trail keeps it
            </span>
          ) : null}
        </div>
        <Button type="button" size="sm" variant="outline" disabled={resolve.isPending} onClick={() => withReason('recordAnyway')}>
          Record it after all
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={resolve.isPending} onClick={() => withReason('turnDown')}>
          Turn down
        </Button>
      </div>
    </li>
  );
}
