import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorMessage } from '@/client/components/load-state';

interface State {
  error: Error | null;
}

/** A render failure shows "An error occurred: {message}" in place of the screen, and is logged. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render failed:', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return <ErrorMessage text={`An error occurred: ${this.state.error.message}`} className="m-6" />;
    }
    return this.props.children;
  }
}
