import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { useCan } from '@/client/lib/auth';
import { useFirstAnswer } from './drawn-whole';
import { formatDate } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { CARER_KINDS } from '@/client/components/carer-record/carer-kind';
import { type ExpiryStatus, expirySortKey, expiryStatus } from '@/shared/expiry';
import { todayIn } from '@/shared/dates';
import { CARER_EXPIRIES, type CarerExpiry, type CarerRow } from '@/client/components/carer-record/carer-expiries';
import { carerKindOf } from '@/shared/carer-kind';
import { ExpiryBadge, soonestFirstPath } from '@/client/components/carer-record/expiry-badge';
import { addDays } from '@/shared/dates';
import { ErrorMessage, LoadingMessage } from '@/client/components/load-state';

const WINDOW_DAYS = 90;
const DUE: ReadonlySet<ExpiryStatus> = new Set(['expired', 'within30', 'within90']);
/** Enough to act on at a glance; the full list is one click away. */
const SHOWN_PER_SECTION = 5;

interface ExpiringItem {
  key: string;
  name: string;
  /** What expires or whose it is, e.g. "MP" or "First Aid · Volunteer". */
  detail: string;
  date: string;
}

const whose = (id: string) => {
  const kind = carerKindOf(id);
  return kind ? CARER_KINDS[kind].one : '';
};

/** Carers whose date has passed or falls within the window, expired first, then soonest. */
function carersExpiring(carers: readonly CarerRow[], expiry: CarerExpiry, today: string): ExpiringItem[] {
  const dateOf = CARER_EXPIRIES[expiry].date;
  return carers
    .filter((c) => DUE.has(expiryStatus(dateOf(c), today)))
    .sort((a, b) => expirySortKey(dateOf(a)) - expirySortKey(dateOf(b)))
    .map((c) => ({ key: c.id, name: c.details.name, detail: whose(c.id), date: dateOf(c) }));
}

function ExpirySection({
  title,
  to,
  items,
  isPending,
  loadError,
  today,
}: {
  title: string;
  to: string;
  items: ExpiringItem[];
  isPending: boolean;
  loadError?: string;
  today: string;
}) {
  const headingId = useId();
  function body() {
    if (loadError) return <ErrorMessage text={loadError} className="text-sm" />;
    if (isPending) return <LoadingMessage className="text-sm" />;
    if (items.length === 0) return <p className="text-muted-foreground text-sm">Nothing expiring in the next {WINDOW_DAYS} days</p>;
    const more = items.length - SHOWN_PER_SECTION;
    return (
      <>
        <ul className="divide-y">
          {items.slice(0, SHOWN_PER_SECTION).map((item) => (
            <li key={item.key} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium">{item.name}</span>
                <span className="text-muted-foreground"> · {item.detail}</span>
              </span>
              <span className="flex items-center gap-2">
                <span className="text-muted-foreground">{formatDate(item.date)}</span>
                <ExpiryBadge date={item.date} today={today} />
              </span>
            </li>
          ))}
        </ul>
        {more > 0 && (
          <Link to={soonestFirstPath(to)} className="text-muted-foreground hover:text-primary self-start pt-1 text-xs underline-offset-4 hover:underline">
            and {more} more<span className="sr-only"> {title}</span>
          </Link>
        )}
      </>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {title}
        </h3>
        <Link to={soonestFirstPath(to)} className="text-primary text-sm underline-offset-4 hover:underline">
          View all<span className="sr-only"> {title}</span>
        </Link>
      </div>
      {body()}
    </section>
  );
}

function ExpiringSoon({ showTraining }: { showTraining: boolean }) {
  const trpc = useTRPC();
  const today = todayIn();
  const mps = useQuery(trpc.mps.getAllNotArchived.queryOptions());
  const volunteers = useQuery(trpc.volunteers.getAllNotArchived.queryOptions());
  const records = useQuery({
    ...trpc.trainingRecords.getByExpiringBefore.queryOptions({ date: addDays(today, WINDOW_DAYS) }),
    enabled: showTraining,
  });
  useFirstAnswer(mps);
  useFirstAnswer(volunteers);
  useFirstAnswer(records);
  const carers = [...(mps.data ?? []), ...(volunteers.data ?? [])];
  const carersPending = mps.isPending || volunteers.isPending;
  const carersFailed = mps.isError || volunteers.isError;

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="text-base font-semibold">Expiring soon</h2>
        </CardTitle>
        <CardDescription>Expired, or expiring within {WINDOW_DAYS} days</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {(['dbs', 'publicLiability'] as const).map((expiry) => {
          const words = CARER_EXPIRIES[expiry];
          return (
            <ExpirySection
              key={expiry}
              title={words.title}
              to={words.path}
              items={carersExpiring(carers, expiry, today)}
              isPending={carersPending}
              loadError={carersFailed ? words.loadError : undefined}
              today={today}
            />
          );
        })}
        {showTraining && (
          <ExpirySection
            title="Training records"
            to="/records"
            items={(records.data ?? []).map((r) => ({
              key: r.id,
              name: r.details.name,
              detail: `${r.details.recordName} · ${whose(r.ownerId)}`,
              date: r.expiryDate,
            }))}
            isPending={records.isPending}
            loadError={records.isError ? 'Error loading records' : undefined}
            today={today}
          />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * DBS checks, public liability and training records that have expired or expire within 90 days, for the
 * dashboard. Only the sections the role may read; nothing at all for roles that cannot read MPs and volunteers.
 */
export function ExpiringSoonPanel() {
  const canReadMps = useCan('mps', 'read');
  const canReadVolunteers = useCan('volunteers', 'read');
  const canReadTraining = useCan('trainingRecords', 'read');
  if (!canReadMps || !canReadVolunteers) return null;
  return <ExpiringSoon showTraining={canReadTraining} />;
}
