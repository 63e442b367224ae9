import { LogOut, Menu, UserCog, X } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { MailNotSetUpBanner } from '@/client/features/reminders/mail-banner';
import { SearchButton, SearchDialog, useGlobalSearch } from '@/client/features/search/global-search';
import { useAuth } from '@/client/lib/auth';
import { rememberReturnTo } from '@/client/lib/sign-in-state';
import { cn } from '@/client/lib/utils';
import { PRODUCT_NAME } from '@/shared/constants';
import type { SessionUser } from '@/shared/session';
import { navItemsFor } from './navigation';
import { LoadingMessage } from '@/client/components/load-state';
import { PartBoundary } from '@/client/components/lazy-part';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden>
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M9 10c0 6 3 11 7 13 4-2 7-7 7-13-3 0-5 1-7 3-2-2-4-3-7-3z" fill="#fff" />
    </svg>
  );
}

function Sidebar({ user, onNavigate, onSearch }: { user: SessionUser; onNavigate?: () => void; onSearch?: () => void }) {
  const { signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex items-center gap-3 px-5 py-5">
        <LogoMark className="text-teal-400" />
        <span className="text-lg font-semibold tracking-tight">{PRODUCT_NAME}</span>
      </div>
      {onSearch && (
        <div className="px-3 pb-3">
          <SearchButton onClick={onSearch} />
        </div>
      )}
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
        <NavLink
          to="/account"
          onClick={onNavigate}
          title={`My account (${user.email})`}
          className="-mx-1 flex items-center gap-2 rounded-md px-1 text-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-teal-300"
        >
          <UserCog className="size-4 shrink-0" aria-hidden />
          <span className="truncate">
            {user.givenName} {user.familyName}
          </span>
        </NavLink>
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

/** How long to wait for a new screen's heading (it may wait for its code to load) before giving up. */
const HEADING_WAIT_MS = 5_000;

/**
 * After a move to another screen (not on the first load), focus goes to the new screen's main heading, so a
 * keyboard or screen-reader user starts there rather than on the link they left. A screen that has put focus
 * inside itself already keeps it.
 */
function useFocusHeadingOnNavigation(pathname: string, main: RefObject<HTMLElement | null>) {
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = '';
    const deadline = performance.now() + HEADING_WAIT_MS;
    let frame = 0;
    const tryFocus = () => {
      const heading = main.current?.querySelector<HTMLElement>('h1');
      if (main.current?.contains(document.activeElement)) return;
      if (!heading) {
        if (performance.now() < deadline) frame = requestAnimationFrame(tryFocus);
        return;
      }
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}

/** An app address opened signed out, or a session that ended here: to the landing page, and back here once signed in. */
function SignedOutVisit({ to }: { to: string }) {
  const { signedOutByChoice } = useAuth();
  useEffect(() => {
    if (!signedOutByChoice()) rememberReturnTo(to);
  }, [to, signedOutByChoice]);
  return <Navigate to="/" replace />;
}

/** Everything a signed-in user sees: the sidebar and the current screen; signed-out visitors go to /. */
/** The signed-in frame; `besideScreen` is drawn with the screen, once its code has arrived. */
export function AppLayout({ besideScreen }: { besideScreen?: ReactNode }) {
  const { session } = useAuth();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const search = useGlobalSearch();
  const mainRef = useRef<HTMLElement>(null);
  const layoutRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  useEffect(() => setMenuOpen(false), [location.pathname]);
  // Escape closes the phone menu, giving focus back to its button.
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [menuOpen]);
  useFocusHeadingOnNavigation(location.pathname, mainRef);

  // Lists keep their search below the phone header as the page scrolls; they read its height from here.
  const signedIn = session.status === 'signed-in';
  useLayoutEffect(() => {
    const header = headerRef.current;
    const layout = layoutRef.current;
    if (!header || !layout) return;
    const observer = new ResizeObserver(() => layout.style.setProperty('--app-header-height', `${header.offsetHeight}px`));
    observer.observe(header);
    return () => observer.disconnect();
  }, [signedIn]);

  if (session.status !== 'signed-in') return <SignedOutVisit to={`${location.pathname}${location.search}${location.hash}`} />;
  const { user } = session;

  return (
    <div ref={layoutRef} className="min-h-dvh md:grid md:grid-cols-[15rem_1fr] print:block">
      <a
        href="#main"
        className="bg-background text-foreground focus-visible:ring-ring fixed top-2 left-2 z-50 -translate-y-[200%] rounded-md px-4 py-2 font-medium shadow-lg focus:translate-y-0 focus-visible:ring-2"
        onClick={(event) => {
          // Focus (not just scroll to) the screen, without adding #main to the address.
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-dvh md:block print:hidden" aria-label="Sidebar">
        <Sidebar user={user} onSearch={search.show} />
      </aside>

      <header ref={headerRef} className="sticky top-0 z-40 flex items-center justify-between bg-sidebar px-4 py-3 text-sidebar-foreground md:hidden print:hidden">
        <div className="flex items-center gap-2">
          <LogoMark className="size-7 text-teal-400" />
          <span className="font-semibold">{PRODUCT_NAME}</span>
        </div>
        <div className="flex items-center gap-1">
          <SearchButton onClick={search.show} compact />
          <Button
            variant="ghost"
            size="icon"
            className="text-sidebar-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground"
            ref={menuButtonRef}
            aria-expanded={menuOpen}
            aria-controls="mobile-sidebar"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X /> : <Menu />}
          </Button>
        </div>
      </header>
      {menuOpen && (
        <div id="mobile-sidebar" className="fixed inset-x-0 top-[52px] bottom-0 z-30 md:hidden">
          <Sidebar user={user} onNavigate={() => setMenuOpen(false)} />
        </div>
      )}

      <SearchDialog open={search.open} onOpenChange={search.setOpen} />

      <main ref={mainRef} id="main" tabIndex={-1} className="min-w-0 outline-none">
        <MailNotSetUpBanner />
        <PartBoundary key={location.pathname} fallback={<LoadingMessage className="m-6" />}>
          <Outlet />
          {besideScreen}
        </PartBoundary>
      </main>
    </div>
  );
}
