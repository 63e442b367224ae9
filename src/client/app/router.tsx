import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { useAuth } from '@/client/lib/auth';
import { forgetReturnTo, returnToAfterSignIn, takeSignInRequest } from '@/client/lib/sign-in-state';
import { CARER_ROLE, can } from '@/shared/permissions';
import { AppLayout } from './app-layout';
import { LandingPage } from './landing-page';
import { NAV_ITEMS, navItemsFor } from './navigation';
import { LoadingScreen, NoAccessPage, NotFoundPage } from '@/client/components/status-screens';
import { type LazyPart, lazyPart } from '@/client/components/lazy-part';
import { STATEMENT_ROUTE } from '@/client/lib/routes';
import { FROM_OFFICE_PARAM } from '@/shared/carer-app';
import { SCREEN_CODE, screenAddressOf } from './screen-code';

function SessionGate() {
  const { session } = useAuth();
  if (session.status === 'loading') return <LoadingScreen />;
  // A carer's account reaches nothing of the office: every address of it sends them to their own app.
  if (session.status === 'signed-in' && session.user.role === CARER_ROLE) return <GoToCarerApp />;
  return <Outlet />;
}

function GoToCarerApp() {
  useEffect(() => window.location.replace(`/carer/?${FROM_OFFICE_PARAM}`), []);
  return <LoadingScreen />;
}

/**
 * / is the landing page when signed out and the dashboard when signed in, or, just signed in, the app address the
 * person opened signed out (a link from an e-mail, a bookmark).
 */
function HomePage() {
  const { session, signIn } = useAuth();
  const signedIn = session.status === 'signed-in';
  const [returnTo] = useState(returnToAfterSignIn);
  useEffect(() => {
    if (signedIn) forgetReturnTo();
  }, [signedIn]);
  // "/?sign-in" opened in a tab that started the full app (one that went to the sign-in form before).
  const signedOut = session.status === 'signed-out';
  useEffect(() => {
    if (signedOut && takeSignInRequest()) signIn();
  }, [signedOut, signIn]);
  return signedIn ? <Navigate to={returnTo ?? '/dashboard'} replace /> : <LandingPage onSignIn={signIn} />;
}

/** A screen the role may not read says so, rather than showing errors. */
function RequireNavItem({ to, children }: { to: string; children: ReactNode }) {
  const { session } = useAuth();
  const item = NAV_ITEMS.find((i) => i.to === to);
  if (session.status !== 'signed-in' || !item || !item.visible(session.user.role)) return <NoAccessPage />;
  return children;
}

/** A screen outside the sidebar, for the roles that may read what it shows. */
function RequireRead({ resource, children }: { resource: Parameters<typeof can>[1]; children: ReactNode }) {
  const { session } = useAuth();
  if (session.status !== 'signed-in' || !can(session.user.role, resource, 'read')) return <NoAccessPage />;
  return children;
}

// Each area loads when first opened, so signed-out visitors download only the landing page.
const DashboardScreen = lazyPart(SCREEN_CODE['/dashboard']);
const TodayScreen = lazyPart(SCREEN_CODE['/today']);
const ClientsScreen = lazyPart(SCREEN_CODE['/clients']);
const MpsScreen = lazyPart(() => SCREEN_CODE['/mps']().then((m) => ({ default: m.MpsScreen })));
const VolunteersScreen = lazyPart(() => SCREEN_CODE['/volunteers']().then((m) => ({ default: m.VolunteersScreen })));
const RequestsScreen = lazyPart(SCREEN_CODE['/requests']);
const PackagesScreen = lazyPart(SCREEN_CODE['/packages']);
const TimesheetScreen = lazyPart(SCREEN_CODE['/deliveries']);
const DbsScreen = lazyPart(() => SCREEN_CODE['/dbs']().then((m) => ({ default: m.DbsScreen })));
const PublicLiabilityScreen = lazyPart(() => SCREEN_CODE['/public-liability']().then((m) => ({ default: m.PublicLiabilityScreen })));
const TrainingRecordsScreen = lazyPart(SCREEN_CODE['/records']);
const MagScreen = lazyPart(SCREEN_CODE['/mag']);
const ComplianceScreen = lazyPart(SCREEN_CODE['/compliance']);
const AuditScreen = lazyPart(SCREEN_CODE['/audit']);
const DataProtectionScreen = lazyPart(SCREEN_CODE['/data-protection']);
const RemindersScreen = lazyPart(SCREEN_CODE['/reminders']);
const ImportScreen = lazyPart(SCREEN_CODE['/import']);
const AccountScreen = lazyPart(() => import('@/client/features/account/account-screen'));
const StaffScreen = lazyPart(SCREEN_CODE['/staff']);
const StatementScreen = lazyPart(() => import('@/client/features/deliveries/statement-screen'));

/** Each top-level screen: its path, nav entry and page. */
const SCREENS: { path: string; nav: string; Screen: LazyPart<() => ReactNode> }[] = [
  { path: 'dashboard', nav: '/dashboard', Screen: DashboardScreen },
  { path: 'today', nav: '/today', Screen: TodayScreen },
  { path: 'requests/*', nav: '/requests', Screen: RequestsScreen },
  { path: 'packages/*', nav: '/packages', Screen: PackagesScreen },
  { path: 'deliveries', nav: '/deliveries', Screen: TimesheetScreen },
  { path: 'clients/*', nav: '/clients', Screen: ClientsScreen },
  { path: 'mps/*', nav: '/mps', Screen: MpsScreen },
  { path: 'volunteers/*', nav: '/volunteers', Screen: VolunteersScreen },
  { path: 'dbs/*', nav: '/dbs', Screen: DbsScreen },
  { path: 'public-liability/*', nav: '/public-liability', Screen: PublicLiabilityScreen },
  { path: 'records/*', nav: '/records', Screen: TrainingRecordsScreen },
  { path: 'mag/*', nav: '/mag', Screen: MagScreen },
  { path: 'compliance', nav: '/compliance', Screen: ComplianceScreen },
  { path: 'audit', nav: '/audit', Screen: AuditScreen },
  { path: 'data-protection', nav: '/data-protection', Screen: DataProtectionScreen },
  { path: 'reminders', nav: '/reminders', Screen: RemindersScreen },
  { path: 'import', nav: '/import', Screen: ImportScreen },
  { path: 'staff', nav: '/staff', Screen: StaffScreen },
];

/**
 * Makes the screen at `pathname` ready to draw as soon as its code is here (the entry fetched it alongside the app), so
 * it is drawn at once rather than after a "Loading..." that React keeps on screen for at least 300 ms.
 */
export function preloadScreenAt(pathname: string): void {
  const address = screenAddressOf(pathname);
  SCREENS.find(({ nav }) => nav === address)?.Screen.preload();
}

/** Time the browser may take before an idle moment comes anyway: the screens are wanted soon, not never. */
const IDLE_TIMEOUT_MS = 5_000;

/** The role whose screens were fetched ahead: once is enough for the tab. */
let prefetchedFor: string | undefined;

/** An answer has come to a query of the tab's: the first screen's figures have started to arrive. */
function anyAnswered(queryClient: QueryClient): boolean {
  return queryClient.getQueryCache().getAll().some(({ state }) => state.dataUpdatedAt > 0 || state.errorUpdatedAt > 0);
}

/**
 * Once the first screen is drawn with its first answers (this is drawn beside it, so not before), the other screens
 * the person may open are fetched in the browser's idle moments, one at a time and only while no data is on its way:
 * opening one later waits for nothing on a slow line, and the first screen and its figures share the line with none
 * of them. An idle moment can come before the first screen has asked for anything, or between its answers and their
 * drawing; a screen that asks for nothing waits IDLE_TIMEOUT_MS.
 */
function PrefetchScreens() {
  const { session } = useAuth();
  const queryClient = useQueryClient();
  const role = session.status === 'signed-in' ? session.user.role : undefined;
  useEffect(() => {
    if (!role || prefetchedFor === role) return;
    prefetchedFor = role;
    const visible = new Set(navItemsFor(role).map((item) => item.to));
    const waiting = SCREENS.filter(({ nav }) => visible.has(nav));
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    const startedAt = performance.now();
    const settled = () => queryClient.isFetching() === 0 && (anyAnswered(queryClient) || performance.now() - startedAt >= IDLE_TIMEOUT_MS);
    // Settled at one idle moment and still at the next, a frame later: what came is drawn before anything is fetched.
    let settledBefore = false;
    // Not cancelled when this screen closes: the fetching is the tab's, and goes on to the last screen.
    const next = () => {
      const settledNow = settled();
      if (settledNow && settledBefore) waiting.shift()?.Screen.preload();
      settledBefore = settledNow;
      if (waiting.length > 0) requestAnimationFrame(() => idle(next, { timeout: IDLE_TIMEOUT_MS }));
    };
    idle(next, { timeout: IDLE_TIMEOUT_MS });
  }, [role, queryClient]);
  return null;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <SessionGate />,
    children: [
      { index: true, element: <HomePage /> },
      {
        element: <AppLayout besideScreen={<PrefetchScreens />} />,
        children: [
          ...SCREENS.map(({ path, nav, Screen }) => ({
            path,
            element: (
              <RequireNavItem to={nav}>
                <Screen />
              </RequireNavItem>
            ),
          })),
          // A carer's month of delivered care, reached from the carer's view and the Delivered Care Report.
          {
            path: STATEMENT_ROUTE,
            element: (
              <RequireRead resource="deliveries">
                <StatementScreen />
              </RequireRead>
            ),
          },
          // Every signed-in user's own account, reached from their name in the sidebar.
          { path: 'account', element: <AccountScreen /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
