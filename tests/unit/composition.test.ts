// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ConfigError, requireEnv } from '@/composition/config-error';
import { buildUseCases } from '@/composition/container';
import { createFirebaseModule, FIREBASE_ENV } from '@/composition/firebase.module';
import { createMemoryModule } from '@/composition/memory.module';
import { createSupabaseModule } from '@/composition/supabase.module';

describe('composition root', () => {
  it('binds every use case over the memory backend and installs its controls', async () => {
    window.__memoryBackendConfig = { latencyMs: 0 };
    const useCases = buildUseCases(createMemoryModule());
    expect(Object.keys(useCases).sort()).toEqual([
      'isOnWaitlist',
      'joinWaitlist',
      'loadHeroImages',
      'searchColleges',
      'signIn',
      'signOut',
      'watchAuth',
    ]);
    expect((await useCases.searchColleges('cucea')).colleges[0]?.id).toBe('udg-cucea');
    expect(typeof window.__memoryBackend?.failNext).toBe('function');
    window.__memoryBackend!.failNext('searchColleges');
    expect((await useCases.searchColleges('cucea')).error?.code).toBe('unavailable');
  });

  it('a backend with missing configuration names every missing variable', () => {
    expect(() =>
      createFirebaseModule({ VITE_FIREBASE_API_KEY: 'k', VITE_ALGOLIA_APP_ID: ' ' }),
    ).toThrow(ConfigError);
    try {
      createFirebaseModule({ VITE_FIREBASE_API_KEY: 'k' });
    } catch (error) {
      expect((error as ConfigError).missing).toEqual(
        FIREBASE_ENV.filter((n) => n !== 'VITE_FIREBASE_API_KEY'),
      );
      expect((error as Error).message).toMatch(/VITE_FIREBASE_PROJECT_ID/);
    }
    expect(() => createSupabaseModule({})).toThrow(/VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY/);
    expect(requireEnv('x', { A: ' a ' }, ['A'])).toEqual({ A: 'a' });
  });
});
