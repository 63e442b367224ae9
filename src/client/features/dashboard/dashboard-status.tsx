import { ErrorMessage, LoadingMessage } from '@/client/components/load-state';

/** Spec §2.10: the dashboard's own loading and error words. */
export const DASHBOARD_LOADING = 'Loading dashboard data...';
export const DASHBOARD_ERROR = 'Error loading dashboard data';

/** While the dashboard's figures load, and if they fail. */
export function DashboardStatus({ failed }: { failed: boolean }) {
  return failed ? <ErrorMessage text={DASHBOARD_ERROR} /> : <LoadingMessage text={DASHBOARD_LOADING} className="py-6" />;
}

/**
 * The dashboard keeps itself current while it is open: every minute, and whenever the window gets focus
 * again (someone back from a call sees today's figures, not the morning's).
 */
export const LIVE_REFRESH = { refetchInterval: 60_000, refetchOnWindowFocus: 'always' } as const;
