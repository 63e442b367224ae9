import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { useCan } from '@/client/lib/auth';
import { LoadingMessage } from '@/client/components/load-state';
import { lazyPart, PartBoundary } from '@/client/components/lazy-part';
import { OverviewTab } from './overview-tab';
import { ReportDialog } from './report-dialog';

// The two tabs of bars, and the charting library with them, load when one is opened: the first screen is the figures.
const CrossSectionTab = lazyPart(() => import('./cross-section-tab').then((m) => ({ default: m.CrossSectionTab })));

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'requests', label: 'Active Requests' },
  { value: 'packages', label: 'Active Packages' },
] as const;

/** Only the open tab is mounted, so only its figures load and refresh. */
function DashboardTabs() {
  return (
    <Tabs defaultValue="overview" className="gap-4">
      <TabsList className="w-full sm:w-fit">
        {TABS.map(({ value, label }) => (
          <TabsTrigger key={value} value={value} className="px-2 sm:px-3">
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="overview">
        <OverviewTab />
      </TabsContent>
      <TabsContent value="requests">
        <PartBoundary part="This tab" fallback={<LoadingMessage className="py-6" />}>
          <CrossSectionTab items="requests" />
        </PartBoundary>
      </TabsContent>
      <TabsContent value="packages">
        <PartBoundary part="This tab" fallback={<LoadingMessage className="py-6" />}>
          <CrossSectionTab items="packages" />
        </PartBoundary>
      </TabsContent>
    </Tabs>
  );
}

/** /dashboard: live figures on the care given now, and the hours reports (spec §2.10). */
export default function DashboardScreen() {
  const canReport = useCan('analytics', 'read');
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
          <p className="text-muted-foreground flex items-center gap-2 text-sm">
            <span className="size-2 animate-pulse rounded-full bg-emerald-500 motion-reduce:animate-none" aria-hidden />
            Live Overview
          </p>
        </div>
        {canReport && <ReportDialog />}
      </div>
      <DashboardTabs />
    </div>
  );
}
