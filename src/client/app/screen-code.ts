/**
 * Each top-level screen's code, by the address it opens at: the router draws the screens from these (each loaded when
 * first opened), and the entry fetches the opened screen's alongside the app's own, rather than after it. Free of
 * React, as the entry is.
 */
export const SCREEN_CODE = {
  '/dashboard': () => import('@/client/features/dashboard/dashboard-screen'),
  '/today': () => import('@/client/features/today/today-screen'),
  '/requests': () => import('@/client/features/requests/requests-screen'),
  '/packages': () => import('@/client/features/packages/packages-screen'),
  '/deliveries': () => import('@/client/features/deliveries/timesheet-screen'),
  '/clients': () => import('@/client/features/clients/clients-screen'),
  '/mps': () => import('@/client/features/carers/carers-screen'),
  '/volunteers': () => import('@/client/features/carers/carers-screen'),
  '/dbs': () => import('@/client/features/carers/carer-expiry-screen'),
  '/public-liability': () => import('@/client/features/carers/carer-expiry-screen'),
  '/records': () => import('@/client/features/training-records/training-records-screen'),
  '/mag': () => import('@/client/features/mag/mag-screen'),
  '/compliance': () => import('@/client/features/compliance/compliance-screen'),
  '/audit': () => import('@/client/features/audit/audit-screen'),
  '/data-protection': () => import('@/client/features/data-protection/data-protection-screen'),
  '/reminders': () => import('@/client/features/reminders/reminders-screen'),
  '/import': () => import('@/client/features/import/import-screen'),
  '/staff': () => import('@/client/features/staff/staff-screen'),
} as const;

type ScreenAddress = keyof typeof SCREEN_CODE;

/** The screen an address opens: the dashboard for /, where the signed-in land; none for an address of no screen. */
export function screenAddressOf(pathname: string): ScreenAddress | undefined {
  const top = pathname === '/' ? '/dashboard' : `/${pathname.split('/')[1]}`;
  return top in SCREEN_CODE ? (top as ScreenAddress) : undefined;
}

/** Starts fetching the code of the screen at `pathname`. A failure is not shown here: drawing the screen asks again, and says so. */
export function fetchScreenCode(pathname: string): void {
  const address = screenAddressOf(pathname);
  if (address) void SCREEN_CODE[address]().catch(() => undefined);
}
