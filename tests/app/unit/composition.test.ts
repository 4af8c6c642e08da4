// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { describe, expect, it } from 'vitest';
import { BACKEND_PORTS } from '@/composition/tokens';
import { backendOf } from '@/composition/backends';
import { ConfigError, envFileOf, requireEnv } from '@/composition/config-error';
import { buildUseCases } from '@/composition/container';
import {
  createFirebaseModule,
  FIREBASE_ENV,
  firebaseSettingsFromEnv,
} from '@/composition/firebase.module';
import { createMemoryModule } from '@/composition/memory.module';
import { createSupabaseModule, supabaseSettingsFromEnv } from '@/composition/supabase.module';

describe('composition root', () => {
  it('binds every use case over the memory backend and installs its controls', async () => {
    window.__memoryBackendConfig = { latencyMs: 0 };
    const useCases = buildUseCases(createMemoryModule());
    expect(Object.keys(useCases).sort()).toEqual([
      'changeCollege',
      'checkLeaveLink',
      'checkWaitlistStatus',
      'chooseCollege',
      'joinWaitlist',
      'leaveByLink',
      'leaveWaitlist',
      'loadCampusProgress',
      'loadHeroImages',
      'loadInvitePreview',
      'loadMyCampus',
      'loadMyEntry',
      'loadSellerChoice',
      'localWaitlistStatus',
      'operator',
      'pendingVerification',
      'prepareSignIn',
      'rememberInvite',
      'requestCampus',
      'saveSellerChoice',
      'savedCollege',
      'searchColleges',
      'sendVerificationCode',
      'setHeroConsent',
      'signIn',
      'signOut',
      'verifyEmailCode',
      'watchAuth',
      'watchLocalRecord',
    ]);
    expect((await useCases.searchColleges('cucea')).colleges[0]?.id).toBe('udg-cucea');
    expect(typeof window.__memoryBackend?.failNext).toBe('function');
    window.__memoryBackend!.failNext('searchColleges');
    expect((await useCases.searchColleges('cucea')).error?.code).toBe('unavailable');
  });

  it('a backend with missing configuration names every missing variable', () => {
    expect.assertions(4);
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
  });

  it('a configuration error names the file the command reads', () => {
    expect(new ConfigError('firebase', ['VITE_X'], envFileOf('production')).message).toContain(
      'Set these variables in .env.production.local',
    );
    expect(new ConfigError('firebase', ['VITE_X'], envFileOf('development')).message).toContain(
      'Set these variables in .env.local',
    );
    // By default, the mode this code was built in (vitest runs in mode "test").
    expect(new ConfigError('firebase', ['VITE_X']).envFile).toBe(envFileOf(import.meta.env.MODE));
    expect(envFileOf('test')).toBe('.env.test.local');
  });

  it('refuses a backend module that leaves a port unbound, naming it (docs: Adding a backend)', () => {
    window.__memoryBackendConfig = { latencyMs: 0 };
    const complete = createMemoryModule();
    for (const missing of BACKEND_PORTS) {
      const name = (missing as symbol).description!;
      const partial = new ContainerModule((options) => {
        complete.load({
          ...options,
          bind: ((id: ServiceIdentifier) =>
            id === missing
              ? { toConstantValue: () => undefined }
              : options.bind(id)) as typeof options.bind,
        });
      });
      expect(() => buildUseCases(partial)).toThrow(
        new RegExp(
          `binds no ${name}: every backend binds AuthPort, WaitlistRepo, HeroConsentRepo, CollegeSearch, HeroImages, CampusProgressRepo, Invites, CampusRequests`,
        ),
      );
    }
    const documented = fs.readFileSync(
      path.resolve(__dirname, '../../../docs/architecture.md'),
      'utf8',
    );
    for (const token of BACKEND_PORTS) {
      expect(documented).toContain(`TOKENS.${(token as symbol).description!}`);
    }
  });

  it('reads VITE_BACKEND one way everywhere: trimmed, any case, a default when blank (issue 52)', () => {
    expect(backendOf(undefined)).toBe('memory');
    expect(backendOf('  ')).toBe('memory');
    expect(backendOf(' Firebase ')).toBe('firebase');
    expect(backendOf('SUPABASE')).toBe('supabase');
    expect(backendOf('', 'firebase')).toBe('firebase');
    expect(backendOf('memory', 'firebase')).toBe('memory');
    for (const bad of ['mysql', 'fire base', 'constructor', 'null', 42, {}]) {
      expect(backendOf(bad)).toBeNull();
    }
  });

  it('requireEnv trims values', () => {
    expect(requireEnv('x', { A: ' a ' }, ['A'])).toEqual({ A: 'a' });
  });

  const FIREBASE_CONFIG = {
    VITE_FIREBASE_API_KEY: 'key',
    VITE_FIREBASE_AUTH_DOMAIN: 'demo-x.firebaseapp.com',
    VITE_FIREBASE_PROJECT_ID: 'demo-x',
    VITE_FIREBASE_APP_ID: '1:1:web:1',
    VITE_ALGOLIA_APP_ID: 'APP',
    VITE_ALGOLIA_SEARCH_KEY: 'search',
  };

  it('binds every use case over the firebase backend (SDKs load only when first used)', () => {
    const useCases = buildUseCases(createFirebaseModule(FIREBASE_CONFIG));
    expect(Object.keys(useCases)).toHaveLength(29);
  });

  it('reads the firebase settings: region and index defaults, emulators and the Algolia host', () => {
    expect(firebaseSettingsFromEnv(FIREBASE_CONFIG)).toEqual({
      firebase: {
        apiKey: 'key',
        authDomain: 'demo-x.firebaseapp.com',
        projectId: 'demo-x',
        appId: '1:1:web:1',
        functionsRegion: 'us-central1',
      },
      algolia: { appId: 'APP', apiKey: 'search', indexName: 'colleges' },
    });
    const local = firebaseSettingsFromEnv({
      ...FIREBASE_CONFIG,
      VITE_FIREBASE_FUNCTIONS_REGION: 'southamerica-east1',
      VITE_FIREBASE_EMULATORS: 'true',
      VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8181',
      VITE_ALGOLIA_HOST: 'http://127.0.0.1:8282',
    });
    expect(local.firebase.functionsRegion).toBe('southamerica-east1');
    expect(local.firebase.emulators).toEqual({
      auth: { host: '127.0.0.1', port: 9099 },
      functions: { host: '127.0.0.1', port: 5001 },
      firestore: { host: '127.0.0.1', port: 8181 },
    });
    expect(local.algolia.hosts).toEqual([{ host: '127.0.0.1', port: 8282, protocol: 'http' }]);
  });

  it('a malformed emulator host or Algolia host is a configuration error naming it', () => {
    expect(() =>
      firebaseSettingsFromEnv({
        ...FIREBASE_CONFIG,
        VITE_FIREBASE_EMULATORS: 'true',
        VITE_FIREBASE_AUTH_EMULATOR_HOST: 'no port here',
      }),
    ).toThrow(/VITE_FIREBASE_AUTH_EMULATOR_HOST \(host:port, not "no port here"\)/);
    expect(() =>
      firebaseSettingsFromEnv({ ...FIREBASE_CONFIG, VITE_ALGOLIA_HOST: 'not a url' }),
    ).toThrow(/VITE_ALGOLIA_HOST \(a URL, not "not a url"\)/);
  });
  const SUPABASE_CONFIG = {
    VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co/',
    VITE_SUPABASE_ANON_KEY: 'anon-key',
  };

  it('binds every use case over the supabase backend (the SDK loads only when first used)', () => {
    const useCases = buildUseCases(createSupabaseModule(SUPABASE_CONFIG));
    expect(Object.keys(useCases)).toHaveLength(29);
  });

  it('reads the supabase settings: the project origin and the callback page on our origin', () => {
    expect(supabaseSettingsFromEnv(SUPABASE_CONFIG, 'https://deestudiantes.mx')).toEqual({
      url: 'https://abcdefghijklmnop.supabase.co',
      anonKey: 'anon-key',
      callbackUrl: 'https://deestudiantes.mx/auth/callback.html',
    });
    expect(() =>
      supabaseSettingsFromEnv({ ...SUPABASE_CONFIG, VITE_SUPABASE_URL: 'not a url' }, ''),
    ).toThrow(/VITE_SUPABASE_URL \(una URL, no "not a url"\)/);
    expect(() =>
      supabaseSettingsFromEnv({ ...SUPABASE_CONFIG, VITE_SUPABASE_URL: 'ftp://x.supabase.co' }, ''),
    ).toThrow(ConfigError);
  });
});
