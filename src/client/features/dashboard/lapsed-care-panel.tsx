import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { CARER_KINDS } from '@/client/components/carer-record/carer-kind';
import { useCan } from '@/client/lib/auth';
import { useTRPC } from '@/client/lib/trpc';
import { AlertPanel, PANEL_LINK } from './alert-panel';
import { LIVE_REFRESH } from './dashboard-status';
import { useFirstAnswer } from './drawn-whole';

/**
 * "Carers not compliant on live care": each carer whose DBS, public liability or training has lapsed while their
 * care goes on, with whose care and why, so the office renews it or moves the care. Shown only when there is one.
 */
export function LapsedCarePanel() {
  const trpc = useTRPC();
  const canReadClients = useCan('clients', 'read');
  const notCompliant = useQuery({ ...trpc.packages.notCompliantOnLiveCare.queryOptions(), ...LIVE_REFRESH });
  useFirstAnswer(notCompliant);
  const lapsed = notCompliant.data ?? [];
  if (lapsed.length === 0) return null;
  return (
    <AlertPanel
      icon={<TriangleAlert aria-hidden className="text-destructive size-4" />}
      title="Carers not compliant on live care"
      description="Not compliant today, with care that has not ended: renew what has lapsed, or give the care to someone else."
      className="border-destructive/60"
    >
      {lapsed.map((carer) => {
        const words = CARER_KINDS[carer.kind];
        const clients = [...new Map(carer.care.map((c) => [c.clientId, c.clientName])).entries()];
        return (
          <li key={carer.carerId} className="flex flex-col gap-1 py-2 text-sm">
            <span>
              <Link to={`${words.path}?view=${encodeURIComponent(carer.carerId)}`} className={PANEL_LINK}>
                {carer.name}
              </Link>
              <span className="text-muted-foreground"> · {words.one}</span>
            </span>
            <span className="text-destructive">{carer.reasons.join('; ')}</span>
            <span className="text-muted-foreground">
              Gives care to{' '}
              {clients.map(([clientId, name], i) => (
                <span key={clientId}>
                  {i > 0 && (i === clients.length - 1 ? ' and ' : ', ')}
                  {canReadClients ? (
                    <Link to={`/clients?view=${encodeURIComponent(clientId)}`} className={PANEL_LINK}>
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </span>
              ))}
            </span>
          </li>
        );
      })}
    </AlertPanel>
  );
}
