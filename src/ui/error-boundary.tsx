import { Component, type ErrorInfo, type ReactNode } from 'react';

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
          <a
            href="/"
            className="mt-6 inline-flex min-h-11 items-center rounded-full bg-indigo-600 px-6 font-semibold text-white hover:bg-indigo-700"
          >
            Volver al inicio
          </a>
        </div>
      </main>
    );
  }
}
