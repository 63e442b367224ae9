import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorMessage } from '@/client/components/load-state';
import { Button } from '@/client/components/ui/button';

/** A part of the app fetched when first drawn did not arrive: no signal, or the server was away a moment. */
export class PartNotLoadedError extends Error {
  override name = 'PartNotLoadedError';

  constructor(
    message: string,
    /** Makes the part fetch its code afresh when next drawn. */
    readonly tryAgain: () => void,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

interface State {
  error: Error | null;
}

/**
 * A render failure shows "An error occurred: {message}" in place of what it wraps, and is logged. A part whose code
 * did not arrive says so in `part`'s words, with Try again: nothing the person did is wrong, and the next try may work.
 */
export class ErrorBoundary extends Component<{ part?: string; children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error instanceof PartNotLoadedError ? 'Not loaded:' : 'Render failed:', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error instanceof PartNotLoadedError) {
      return (
        <div role="alert" className="m-6 flex flex-col items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4">
          <p className="text-destructive">{this.props.part ?? 'This screen'} could not be loaded. Check the connection, then try again.</p>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              error.tryAgain();
              this.setState({ error: null });
            }}
          >
            Try again
          </Button>
        </div>
      );
    }
    if (error) return <ErrorMessage text={`An error occurred: ${error.message}`} className="m-6" />;
    return this.props.children;
  }
}
