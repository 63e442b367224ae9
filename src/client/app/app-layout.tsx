import { LogOut, Menu, X } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { useAuth } from '@/client/lib/auth';
import { cn } from '@/client/lib/utils';
import { PRODUCT_NAME } from '@/shared/constants';
import type { SessionUser } from '@/shared/session';
import { ErrorBoundary } from './error-boundary';
import { navItemsFor } from './navigation';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden>
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M9 10c0 6 3 11 7 13 4-2 7-7 7-13-3 0-5 1-7 3-2-2-4-3-7-3z" fill="#fff" />
    </svg>
  );
}

function Sidebar({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const { signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex items-center gap-3 px-5 py-5">
        <LogoMark className="text-teal-400" />
        <span className="text-lg font-semibold tracking-tight">{PRODUCT_NAME}</span>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3">
        <ul className="flex flex-col gap-0.5">
          {navItemsFor(user.role).map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-teal-300',
                    isActive && 'bg-sidebar-accent text-sidebar-accent-foreground',
                  )
                }
              >
                <Icon className="size-4" aria-hidden />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-sidebar-border px-5 py-4">
        <p className="truncate text-sm font-medium" title={user.email}>
          {user.givenName} {user.familyName}
        </p>
        <p className="text-xs text-sidebar-foreground/70" data-testid="user-role">
          Role: {user.role}
        </p>
        <Button
          variant="ghost"
          className="mt-3 w-full justify-start text-sidebar-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground"
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            void signOut();
          }}
        >
          <LogOut aria-hidden />
          Sign Out
        </Button>
      </div>
    </div>
  );
}

/** Everything a signed-in user sees: the sidebar and the current screen; signed-out visitors go to /. */
export function AppLayout() {
  const { session } = useAuth();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => setMenuOpen(false), [location.pathname]);

  if (session.status !== 'signed-in') return <Navigate to="/" replace />;
  const { user } = session;

  return (
    <div className="min-h-dvh md:grid md:grid-cols-[15rem_1fr]">
      <aside className="sticky top-0 hidden h-dvh md:block" aria-label="Sidebar">
        <Sidebar user={user} />
      </aside>

      <header className="sticky top-0 z-40 flex items-center justify-between bg-sidebar px-4 py-3 text-sidebar-foreground md:hidden">
        <div className="flex items-center gap-2">
          <LogoMark className="size-7 text-teal-400" />
          <span className="font-semibold">{PRODUCT_NAME}</span>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="text-sidebar-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground"
          aria-expanded={menuOpen}
          aria-controls="mobile-sidebar"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X /> : <Menu />}
        </Button>
      </header>
      {menuOpen && (
        <div id="mobile-sidebar" className="fixed inset-x-0 top-[52px] bottom-0 z-30 md:hidden">
          <Sidebar user={user} onNavigate={() => setMenuOpen(false)} />
        </div>
      )}

      <main className="min-w-0">
        <ErrorBoundary key={location.pathname}>
          <Suspense
            fallback={
              <p className="p-6 text-muted-foreground" role="status">
                Loading...
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
