import type { ReactNode } from 'react';
import { Link, Route, Routes } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { useCan } from '@/client/lib/auth';
import { MESSAGES } from '@/shared/constants';
import type { Action, Resource } from '@/shared/permissions';

/** Shown while the session is being determined. */
export function LoadingScreen() {
  return (
    <div className="grid min-h-dvh place-items-center" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-3 text-muted-foreground">
        <span className="size-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary" aria-hidden />
        <span>Loading...</span>
      </div>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-24 text-center">
      <p className="text-5xl font-semibold text-primary">404</p>
      <h1 className="text-2xl font-semibold">{MESSAGES.pageNotFound}</h1>
      <p className="text-muted-foreground">The address may be mistyped, or the page may have moved.</p>
      <Button asChild>
        <Link to="/dashboard">Go to the dashboard</Link>
      </Button>
    </div>
  );
}

export function NoAccessPage() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-24 text-center">
      <h1 className="text-2xl font-semibold">No access</h1>
      <p className="text-muted-foreground">Your role does not give access to this page. Ask an administrator if you need it.</p>
    </div>
  );
}

/**
 * Guards a route: a role without `action` on `resource` gets the No access page before any form or data
 * loads, the same page a screen the role may not read shows. Every create, edit and renew route uses it.
 */
export function RequirePermission({ resource, action, children }: { resource: Resource; action: Action; children: ReactNode }) {
  return useCan(resource, action) ? children : <NoAccessPage />;
}

/** A `<Route>` at `path` whose page opens only for roles with `action` on `resource`. */
export function permittedRoute(path: string, resource: Resource, action: Action, page: ReactNode) {
  return (
    <Route
      key={path}
      path={path}
      element={
        <RequirePermission resource={resource} action={action}>
          {page}
        </RequirePermission>
      }
    />
  );
}

/** A list's pages by the right they need on its resource, keyed by path: `{ update: { 'edit/:id': <EditPage /> } }`. */
export interface ListPages {
  resource: Resource;
  create?: Record<string, ReactNode>;
  update?: Record<string, ReactNode>;
}

/** A list's routes: the list at the index, its pages for roles with the right they need, and Page not found for any other address. */
export function ListRoutes({ list, pages }: { list: ReactNode; pages?: ListPages }) {
  const routes = (action: 'create' | 'update') =>
    pages && Object.entries(pages[action] ?? {}).map(([path, page]) => permittedRoute(path, pages.resource, action, page));
  return (
    <Routes>
      <Route index element={list} />
      {routes('create')}
      {routes('update')}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
