import { useQuery } from '@tanstack/react-query';
import { HeartHandshake } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { todayIn } from '@/shared/dates';
import { AlertPanel, PANEL_LINK } from './alert-panel';
import { LIVE_REFRESH } from './dashboard-status';
import { useFirstAnswer } from './drawn-whole';

/**
 * "Wellbeing to ask": the clients in care due their first asking or a review within the fortnight, overdue first, so
 * the office asks at the start of care and every review. Shown only when there is one.
 */
export function WellbeingDuePanel() {
  const trpc = useTRPC();
  const due = useQuery({ ...trpc.wellbeing.reviewsDue.queryOptions(), ...LIVE_REFRESH });
  useFirstAnswer(due);
  const clients = due.data ?? [];
  if (clients.length === 0) return null;
  const today = todayIn();
  return (
    <AlertPanel
      icon={<HeartHandshake aria-hidden className="text-primary size-4" />}
      title="Wellbeing to ask"
      description="Clients due their wellbeing questions in the next fortnight, or overdue: at the start of care, then at each review."
      className=""
    >
      {clients.map((client) => (
        <li key={client.clientId} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2 text-sm">
          <Link to={`/clients?view=${encodeURIComponent(client.clientId)}`} className={PANEL_LINK}>
            {client.clientName}
          </Link>
          <span className={client.due < today ? 'text-destructive' : 'text-muted-foreground'}>
            {client.kind === 'first' ? 'First asking' : 'Review'} {client.due < today ? 'overdue since' : 'due'} {formatDate(client.due)}
          </span>
        </li>
      ))}
    </AlertPanel>
  );
}
