import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import type { RouterOutputs } from '@/browser/api-types';
import { useTRPC } from '@/client/lib/trpc';
import { drivingWords, milesWords } from '@/shared/travel';
import { ComplianceBadge } from './compliance-badge';
import { CARER_KINDS } from './carer-kind';

export type CarerSuggestion = RouterOutputs['carers']['suggestForRequest'][number];

/** How many of the ranked carers show at first: enough to choose from, few enough to read. */
const SHOWN = 5;

/**
 * The carers best placed for a request (carers.suggestForRequest), in rank order, each with its badge and
 * why it is where it is; carers the client is not to be matched with are marked. `action` is what each
 * row offers (Choose on the package form, Start package on the request's view).
 */
export function SuggestedCarers({ requestId, action, className }: { requestId: string; action?: (s: CarerSuggestion) => ReactNode; className?: string }) {
  const trpc = useTRPC();
  const headingId = useId();
  const [all, setAll] = useState(false);
  const suggestions = useQuery({ ...trpc.carers.suggestForRequest.queryOptions({ requestId }), enabled: Boolean(requestId) });
  if (!requestId) return null;
  const ranked = suggestions.data ?? [];
  const shown = all ? ranked : ranked.slice(0, SHOWN);
  return (
    <section aria-labelledby={headingId} className={className ?? 'flex flex-col gap-2'}>
      <h3 id={headingId} className="text-sm font-medium">
        Suggested carers
      </h3>
      {suggestions.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
      {suggestions.isError && <p className="text-sm text-muted-foreground">Could not load suggestions</p>}
      {suggestions.isSuccess && ranked.length === 0 && <p className="text-sm text-muted-foreground">No carers to suggest</p>}
      {shown.length > 0 && (
        <ol className="divide-y rounded-lg border">
          {shown.map((s) => {
            // The status is on the badge; the rest says why the carer is placed here.
            const why = s.reasons.filter((reason) => reason !== s.compliance.status);
            return (
              <li key={s.carerId} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{s.name}</span>
                    <span className="text-muted-foreground">{CARER_KINDS[s.kind].one}</span>
                    <ComplianceBadge compliance={s.compliance} />
                    {s.excluded && <Badge variant="destructive">Do not match</Badge>}
                  </span>
                  {s.travel && (
                    <span className="text-xs">
                      <strong className="font-semibold">+{drivingWords(s.travel.added.minutes)} a week</strong>
                      <span className="text-muted-foreground">
                        {' '}
                        driving ({milesWords(s.travel.added.miles)}), beside {drivingWords(s.travel.week.minutes)} a week now
                      </span>
                    </span>
                  )}
                  <span className="text-xs text-muted-foreground">{why.join(' · ')}</span>
                </div>
                {action?.(s)}
              </li>
            );
          })}
        </ol>
      )}
      {ranked.length > SHOWN && (
        <Button type="button" variant="link" size="sm" className="self-start px-0" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? `Show the first ${SHOWN}` : `Show all ${ranked.length}`}
        </Button>
      )}
    </section>
  );
}
