import { Component, type ReactNode } from 'react';
import { noteRetryIntent } from '@/ui/kit/lost-chunk-recovery';
import { Button } from './button';

interface Props {
  readonly children: ReactNode;
  /** Prepares a fresh attempt (for example a new lazy component) before rendering again. */
  readonly onRetry: () => void;
}

/**
 * Catches a part of the page that failed to load or render (a lazy chunk lost to a flaky
 * connection) and offers to try again, while the rest of the page stays usable.
 */
export class RetryBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A part of the page could not load', error);
  }

  retry = () => {
    noteRetryIntent();
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="py-6 text-center">
        <p className="font-semibold text-slate-900">No pudimos cargar el formulario.</p>
        <p className="mt-1 text-sm text-slate-600">Revisa tu conexión e inténtalo de nuevo.</p>
        <Button onClick={this.retry} className="mt-4">
          Reintentar
        </Button>
      </div>
    );
  }
}
