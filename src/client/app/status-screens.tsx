import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { MESSAGES } from '@/shared/constants';

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
