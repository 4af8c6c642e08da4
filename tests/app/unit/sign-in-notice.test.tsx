// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UseCases } from '@/domain/use-cases/use-cases';

/**
 * Issue 23: the short notice at sign-in names who is responsible for the data (the privacy
 * notice's VITE_PRIVACY_RESPONSIBLE); a development build without it says nothing in its place.
 */
async function renderSignIn() {
  vi.resetModules();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  const { createAppStore } = await import('@/ui/store/app-store');
  const { StoreProvider } = await import('@/ui/store/store-context');
  const { SignInStep } = await import('@/ui/waitlist/sign-in-step');
  const store = createAppStore({ loadUseCases: () => new Promise<UseCases>(() => {}) });
  render(
    <StoreProvider store={store}>
      <SignInStep />
    </StoreProvider>,
  );
  return screen.getByTestId('privacy-notice').textContent ?? '';
}

describe('the short privacy notice at sign-in', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it('names the responsible party when the build has it', async () => {
    vi.stubEnv('VITE_PRIVACY_RESPONSIBLE', ' De Estudiantes S.C. ');
    expect(await renderSignIn()).toContain('Responsable: De Estudiantes S.C.');
  });

  it('says nothing in its place without it (a development build)', async () => {
    vi.stubEnv('VITE_PRIVACY_RESPONSIBLE', '');
    const text = await renderSignIn();
    expect(text).not.toContain('Responsable');
    expect(text).toContain('Aviso de privacidad');
  });
});
