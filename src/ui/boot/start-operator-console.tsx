import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { ErrorBoundary } from '@/ui/error-boundary';
import { installBrowserLostChunkRecovery } from '@/ui/kit/lost-chunk-recovery';
import { OperatorConsolePage } from '@/ui/operator/operator-console-page';

/**
 * Starts the operator console at `/operador` (issue 61): one React root over the page's
 * 'Cargando la consola…', with the composition root's `loadUseCases` (src/operator-main.tsx).
 */
export function startOperatorConsole({
  loadUseCases,
}: {
  loadUseCases: () => Promise<UseCases>;
}): void {
  installBrowserLostChunkRecovery();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ErrorBoundary>
        <OperatorConsolePage loadUseCases={loadUseCases} />
      </ErrorBoundary>
    </StrictMode>,
  );
}
