import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPC } from '@/client/lib/trpc';
import { CounterCard } from './counter-card';
import { DashboardStatus, LIVE_REFRESH } from './dashboard-status';
import { HoursBarChart, type NamedHours } from './hours-bar-chart';

type ActiveItems = 'requests' | 'packages';

const WORDS: Record<ActiveItems, { items: string; none: string }> = {
  requests: { items: 'active requests', none: 'No active requests' },
  packages: { items: 'active packages', none: 'No active packages' },
};

/** Hours by locality or by service: one "{name} Hours" counter each, and the same figures as bars. */
function HoursSection({ title, by, items, data }: { title: string; by: string; items: ActiveItems; data: NamedHours[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="grid grid-cols-2 content-start gap-3 xl:grid-cols-3">
          {data.map((entry) => (
            <CounterCard key={entry.name} label={`${entry.name} Hours`} value={entry.totalHours} kind="hours" size="small" />
          ))}
        </div>
        <div className="bg-card self-start rounded-xl border p-3">
          <HoursBarChart data={data} description={`Bar chart of weekly hours of ${WORDS[items].items} by ${by}; the counters give the same figures.`} />
        </div>
      </div>
    </section>
  );
}

/** Active Requests or Active Packages: weekly hours of the care not ended yet (the cross-section). */
export function CrossSectionTab({ items }: { items: ActiveItems }) {
  const trpc = useTRPC();
  const procedure = items === 'requests' ? trpc.analytics.getActiveRequestsCrossSection : trpc.analytics.getActivePackagesCrossSection;
  const crossSection = useQuery({ ...procedure.queryOptions(), ...LIVE_REFRESH });

  if (crossSection.data === undefined) return <DashboardStatus failed={crossSection.isError} />;
  const { localities, services } = crossSection.data;
  if (localities.length === 0) return <p className="text-muted-foreground py-6">{WORDS[items].none}</p>;
  return (
    <div className="flex flex-col gap-8">
      <HoursSection title="Hours by Locality" by="locality" items={items} data={localities} />
      <HoursSection title="Hours by Service" by="service" items={items} data={services} />
    </div>
  );
}
