import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ComplianceBadge } from '@/client/components/carer/compliance-badge';
import { CARER_KINDS } from '@/client/components/carer/carer-kind';
import { Button } from '@/client/components/ui/button';
import { useTRPC } from '@/client/lib/trpc';

/** How many of the ranked carers the form shows: enough to choose from, few enough to read. */
const SHOWN = 5;

/**
 * The carers best placed for the chosen request (carers.suggestForRequest), each with its badge and why it
 * is where it is; Choose sets the carer field.
 */
export function SuggestedCarers({ requestId, chosenId, onChoose }: { requestId: string; chosenId: string; onChoose: (carerId: string) => void }) {
  const trpc = useTRPC();
  const headingId = useId();
  const suggestions = useQuery({ ...trpc.carers.suggestForRequest.queryOptions({ requestId }), enabled: Boolean(requestId) });
  if (!requestId) return null;
  const top = (suggestions.data ?? []).slice(0, SHOWN);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 sm:col-span-2">
      <h3 id={headingId} className="text-sm font-medium">
        Suggested carers
      </h3>
      {suggestions.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
      {suggestions.isError && <p className="text-sm text-muted-foreground">Could not load suggestions; choose a carer above.</p>}
      {suggestions.isSuccess && top.length === 0 && <p className="text-sm text-muted-foreground">No carers to suggest</p>}
      {top.length > 0 && (
        <ol className="divide-y rounded-lg border">
          {top.map((s) => {
            const chosen = s.carerId === chosenId;
            // The status is on the badge; the rest says why the carer is placed here.
            const why = s.reasons.filter((reason) => reason !== s.compliance.status);
            return (
              <li key={s.carerId} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{s.name}</span>
                    <span className="text-muted-foreground">{CARER_KINDS[s.kind].one}</span>
                    <ComplianceBadge compliance={s.compliance} />
                  </span>
                  <span className="text-xs text-muted-foreground">{why.join(' · ')}</span>
                </div>
                <Button
                  type="button"
                  size="sm"
                  variant={chosen ? 'secondary' : 'outline'}
                  aria-pressed={chosen}
                  aria-label={`Choose ${s.name}`}
                  onClick={() => onChoose(s.carerId)}
                >
                  {chosen ? 'Chosen' : 'Choose'}
                </Button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
