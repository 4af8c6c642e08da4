import { Component, type ErrorInfo, type ReactNode } from 'react';
import { cn } from '@/ui/components/cn';
import { buttonVariants } from '@/ui/components/button';

/** An unexpected render error shows a Spanish screen with a way back, never a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="grid min-h-dvh place-items-center bg-slate-50 px-6 text-center">
        <div role="alert">
          <h1 className="text-2xl font-bold text-slate-900">Algo salió mal</h1>
          <p className="mt-2 text-slate-600">
            Ocurrió un error inesperado. Recarga la página o vuelve al inicio.
          </p>
          <a href="/" className={cn(buttonVariants(), 'mt-6')}>
            Volver al inicio
          </a>
        </div>
      </main>
    );
  }
}
