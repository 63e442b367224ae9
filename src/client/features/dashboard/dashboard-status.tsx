/** Spec §2.10: the dashboard's own loading and error words. */
export const DASHBOARD_LOADING = 'Loading dashboard data...';
export const DASHBOARD_ERROR = 'Error loading dashboard data';

/** While the dashboard's figures load, and if they fail. */
export function DashboardStatus({ failed }: { failed: boolean }) {
  if (failed) {
    return (
      <p className="border-destructive/30 bg-destructive/5 text-destructive rounded-lg border p-4" role="alert">
        {DASHBOARD_ERROR}
      </p>
    );
  }
  return (
    <p className="text-muted-foreground py-6" role="status">
      {DASHBOARD_LOADING}
    </p>
  );
}

/**
 * The dashboard keeps itself current while it is open: every minute, and whenever the window gets focus
 * again (someone back from a call sees today's figures, not the morning's).
 */
export const LIVE_REFRESH = { refetchInterval: 60_000, refetchOnWindowFocus: 'always' } as const;
