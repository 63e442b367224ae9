import { lazy, type ReactNode, useEffect, useState } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { useAuth } from '@/client/lib/auth';
import { forgetReturnTo, returnToAfterSignIn, takeSignInRequest } from '@/client/lib/sign-in-state';
import { CARER_ROLE, can } from '@/shared/permissions';
import { AppLayout } from './app-layout';
import { LandingPage } from './landing-page';
import { NAV_ITEMS } from './navigation';
import { LoadingScreen, NoAccessPage, NotFoundPage } from '@/client/components/status-screens';
import { STATEMENT_ROUTE } from '@/client/lib/routes';
import { FROM_OFFICE_PARAM } from '@/shared/carer-app';

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
const DashboardScreen = lazy(() => import('@/client/features/dashboard/dashboard-screen'));
const ClientsScreen = lazy(() => import('@/client/features/clients/clients-screen'));
const MpsScreen = lazy(() => import('@/client/features/carers/carers-screen').then((m) => ({ default: m.MpsScreen })));
const VolunteersScreen = lazy(() => import('@/client/features/carers/carers-screen').then((m) => ({ default: m.VolunteersScreen })));
const RequestsScreen = lazy(() => import('@/client/features/requests/requests-screen'));
const PackagesScreen = lazy(() => import('@/client/features/packages/packages-screen'));
const TimesheetScreen = lazy(() => import('@/client/features/deliveries/timesheet-screen'));
const DbsScreen = lazy(() => import('@/client/features/carers/carer-expiry-screen').then((m) => ({ default: m.DbsScreen })));
const PublicLiabilityScreen = lazy(() =>
  import('@/client/features/carers/carer-expiry-screen').then((m) => ({ default: m.PublicLiabilityScreen })),
);
const TrainingRecordsScreen = lazy(() => import('@/client/features/training-records/training-records-screen'));
const MagScreen = lazy(() => import('@/client/features/mag/mag-screen'));
const ComplianceScreen = lazy(() => import('@/client/features/compliance/compliance-screen'));
const AuditScreen = lazy(() => import('@/client/features/audit/audit-screen'));
const DataProtectionScreen = lazy(() => import('@/client/features/data-protection/data-protection-screen'));
const RemindersScreen = lazy(() => import('@/client/features/reminders/reminders-screen'));
const ImportScreen = lazy(() => import('@/client/features/import/import-screen'));
const AccountScreen = lazy(() => import('@/client/features/account/account-screen'));
const StaffScreen = lazy(() => import('@/client/features/staff/staff-screen'));
const StatementScreen = lazy(() => import('@/client/features/deliveries/statement-screen'));

/** Each top-level screen: its path, nav entry and page. */
const SCREENS: { path: string; nav: string; element: ReactNode }[] = [
  { path: 'dashboard', nav: '/dashboard', element: <DashboardScreen /> },
  { path: 'requests/*', nav: '/requests', element: <RequestsScreen /> },
  { path: 'packages/*', nav: '/packages', element: <PackagesScreen /> },
  { path: 'deliveries', nav: '/deliveries', element: <TimesheetScreen /> },
  { path: 'clients/*', nav: '/clients', element: <ClientsScreen /> },
  { path: 'mps/*', nav: '/mps', element: <MpsScreen /> },
  { path: 'volunteers/*', nav: '/volunteers', element: <VolunteersScreen /> },
  { path: 'dbs/*', nav: '/dbs', element: <DbsScreen /> },
  { path: 'public-liability/*', nav: '/public-liability', element: <PublicLiabilityScreen /> },
  { path: 'records/*', nav: '/records', element: <TrainingRecordsScreen /> },
  { path: 'mag/*', nav: '/mag', element: <MagScreen /> },
  { path: 'compliance', nav: '/compliance', element: <ComplianceScreen /> },
  { path: 'audit', nav: '/audit', element: <AuditScreen /> },
  { path: 'data-protection', nav: '/data-protection', element: <DataProtectionScreen /> },
  { path: 'reminders', nav: '/reminders', element: <RemindersScreen /> },
  { path: 'import', nav: '/import', element: <ImportScreen /> },
  { path: 'staff', nav: '/staff', element: <StaffScreen /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <SessionGate />,
    children: [
      { index: true, element: <HomePage /> },
      {
        element: <AppLayout />,
        children: [
          ...SCREENS.map(({ path, nav, element }) => ({
            path,
            element: <RequireNavItem to={nav}>{element}</RequireNavItem>,
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
