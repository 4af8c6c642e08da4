// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '@/composition/config-error';
import { createAppStore } from '@/ui/store/app-store';
import { StoreProvider } from '@/ui/store/store-context';
import { WaitlistCard } from '@/ui/waitlist/waitlist-card';

/** Issue 12: students see a Spanish sentence; developers see the variable names in the console. */
describe('a backend whose configuration is missing', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows students a Spanish sentence without variable names, and logs the names and the file', async () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const log = vi.fn();
    const error = new ConfigError(
      'firebase',
      ['VITE_FIREBASE_API_KEY', 'VITE_ALGOLIA_APP_ID'],
      '.env.production.local',
    );
    const store = createAppStore({ loadUseCases: () => Promise.reject(error), log });
    render(
      <StoreProvider store={store}>
        <WaitlistCard />
      </StoreProvider>,
    );
    await act(async () => {
      store.getState().start();
      await new Promise((r) => setTimeout(r, 0));
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('El registro no está disponible en este momento.');
    expect(alert.textContent).toContain('Por favor intenta nuevamente más tarde.');
    expect(alert.textContent).not.toMatch(/VITE_|\.env/);
    expect(log).toHaveBeenCalledWith('The backend could not start', error);
    expect(error.message).toMatch(
      /VITE_FIREBASE_API_KEY, VITE_ALGOLIA_APP_ID\. Set these variables in \.env\.production\.local/,
    );
  });
});
