import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, Clock, ClipboardList, HandHeart, Percent, UserRound, Users } from 'lucide-react';
import { useCan } from '@/client/lib/auth';
import { formatHours } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { ExpiringSoonPanel } from '@/client/features/dashboard/expiring-soon-panel';
import { monthLabel, todayIn } from '@/shared/dates';
import { activeCareTotals } from './active-care';
import { CounterCard } from './counter-card';
import { DashboardStatus, LIVE_REFRESH } from './dashboard-status';
import { FromCarersPanel, VisitsToResolveCount } from './from-carers-panel';
import { DrawnWhole, useFirstAnswer } from './drawn-whole';
import { LapsedCarePanel } from './lapsed-care-panel';
import { WellbeingDuePanel } from './wellbeing-due-panel';

/** The queries a role asked for; the others never run. */
function asked(...queries: [readable: boolean, query: { data: unknown; isPending: boolean; isError: boolean }][]) {
  return queries.filter(([readable]) => readable).map(([, query]) => query);
}

/**
 * The Overview's counters from the three lists spec §7 names. A role asks only for the lists it may
 * read, and sees the counters those lists give.
 */
function ActiveCareCounters() {
  const trpc = useTRPC();
  const canRead = {
    requests: useCan('requests', 'read'),
    packages: useCan('packages', 'read'),
    clients: useCan('clients', 'read'),
  };
  const requests = useQuery({ ...trpc.requests.getAllNotEndedYet.queryOptions(), ...LIVE_REFRESH, enabled: canRead.requests });
  const packages = useQuery({ ...trpc.packages.getAllNotEndedYet.queryOptions(), ...LIVE_REFRESH, enabled: canRead.packages });
  const clients = useQuery({ ...trpc.clients.getAllNotArchived.queryOptions(), ...LIVE_REFRESH, enabled: canRead.clients });
  useFirstAnswer(requests);
  useFirstAnswer(packages);
  useFirstAnswer(clients);

  const used = asked([canRead.requests, requests], [canRead.packages, packages], [canRead.clients, clients]);
  // A failed refresh keeps the last figures on screen; only a first load that fails says so.
  if (used.some((q) => q.isError && q.data === undefined)) return <DashboardStatus failed />;
  // Until then the overview as a whole says it is loading (DrawnWhole).
  if (used.some((q) => q.isPending)) return null;

  const totals = activeCareTotals(requests.data ?? [], packages.data ?? [], todayIn());
  const currentClients = clients.data ? `of ${clients.data.length} current clients` : undefined;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-5">
      {canRead.requests && <CounterCard label="Total Active Clients" value={totals.clients} kind="people" icon={Users} caption={currentClients} />}
      {canRead.packages && (
        <>
          <CounterCard label="Total Active MPs" value={totals.mps} kind="people" icon={UserRound} />
          <CounterCard label="Total Active Volunteers" value={totals.volunteers} kind="people" icon={HandHeart} />
          <CounterCard label="Total Active Care Hours" value={totals.careHours} kind="hours" icon={Clock} caption="weekly, over active packages" />
        </>
      )}
      {canRead.requests && (
        <CounterCard label="Total Active Request Hours" value={totals.requestHours} kind="hours" icon={ClipboardList} caption="weekly, over active requests" />
      )}
    </div>
  );
}

/** Care delivered so far this month against planned, for the roles that read delivered care. */
function DeliveredThisMonth() {
  const trpc = useTRPC();
  const month = useQuery({ ...trpc.analytics.getDeliveredThisMonth.queryOptions(), ...LIVE_REFRESH });
  useFirstAnswer(month);
  if (month.data === undefined) return month.isError ? <DashboardStatus failed /> : null;
  const { plannedHours, deliveredHours, deliveryRate, missedVisits } = month.data;
  const missed = missedVisits === 1 ? '1 missed visit' : `${missedVisits} missed visits`;
  return (
    <section aria-label={`Delivered care, ${monthLabel(month.data.month)}`} className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-5">
      <CounterCard
        label="Delivered This Month"
        value={deliveredHours}
        kind="hours"
        icon={CalendarCheck}
        caption={`hours, of ${formatHours(plannedHours)} planned so far`}
      />
      <CounterCard
        label="Delivery Rate This Month"
        value={deliveryRate}
        kind="percent"
        icon={Percent}
        caption={deliveryRate === null ? `nothing planned yet · ${missed}` : missed}
      />
    </section>
  );
}

export function OverviewTab() {
  const canReadDeliveries = useCan('deliveries', 'read');
  const canReadPackages = useCan('packages', 'read');
  const hearsCarers = useCan('carerApp', 'update');
  const readsWellbeing = useCan('wellbeing', 'read');
  return (
    <DrawnWhole waiting={<DashboardStatus failed={false} />}>
      <div className="flex flex-col gap-6">
        {hearsCarers && <VisitsToResolveCount />}
        {hearsCarers && <FromCarersPanel />}
        {canReadPackages && <LapsedCarePanel />}
        <ActiveCareCounters />
        {canReadDeliveries && <DeliveredThisMonth />}
        <ExpiringSoonPanel />
        {readsWellbeing && <WellbeingDuePanel />}
      </div>
    </DrawnWhole>
  );
}
