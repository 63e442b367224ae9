import { type ComponentProps, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { ErrorBoundary, PartNotLoadedError } from './error-boundary';

/** A component fetched when first drawn, and ready to be fetched sooner (`preload`) when the browser is idle. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export type LazyPart<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & { preload(): void };

/**
 * A component whose code is fetched when first drawn (React.lazy) and can be tried again: React keeps a failed lazy
 * component failed for good, so the PartNotLoadedError it fails with (an ErrorBoundary shows it with Try again) makes
 * the next drawing ask for the code afresh.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyPart<C> {
  // Once the code is here, the part is drawn without suspending: React shows a fallback it suspended for at least 300 ms.
  let loaded: C | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const fresh = () =>
    lazy(() =>
      loadAndKeep().catch((error: unknown) => {
        throw new PartNotLoadedError(error instanceof Error ? error.message : String(error), () => (current = fresh()), { cause: error });
      }),
    );
  let current = fresh();
  function Part(props: ComponentProps<C>) {
    // Chosen once for each drawing of the part: changing it later would draw the part afresh, losing what was typed.
    const [{ Component }] = useState(() => ({ Component: (loaded ?? current) as ComponentType<ComponentProps<C>> }));
    return <Component {...props} />;
  }
  // A failed early fetch is not shown: drawing the part fetches it again, and says so if it fails then.
  Part.preload = () => void loadAndKeep().catch(() => undefined);
  return Part;
}

/** Where a lazy part is drawn: `fallback` while its code is on the way, and Try again if it does not arrive. */
export function PartBoundary({ part, fallback, children }: { part?: string; fallback: ReactNode; children: ReactNode }) {
  return (
    <ErrorBoundary part={part}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}
