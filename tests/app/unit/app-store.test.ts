import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_COLLEGES } from '@/domain/default-colleges';
import { createPrepareSignIn } from '@/domain/use-cases/sign-in.use-case';
import type { AuthPort } from '@/ports/auth.port';
import { type AppStore, createAppStore } from '@/ui/store/app-store';
import { IGNORED } from '@/ui/store/outcome';
import { cardView } from '@/ui/card/card-view';
import { REQUEST_TIMEOUT_MS } from '@/domain/deadline';
import { BackendConfigError } from '@/domain/errors';
import { MEMORY_STATE_KEY } from '@/adapters/memory/memory-state';
import { memoryStorage } from '../../support/memory-storage';
import { memoryWorld } from '../../support/memory-use-cases';

const flush = () => new Promise((r) => setTimeout(r, 5));
/** The card as the spec's flat screen state (e-mail, joined, confirmed, submit status...). */
const view = (store: AppStore) => cardView(store.getState().card);
const cucei = DEFAULT_COLLEGES[1]!;

function setup(config = {}, backendStorage = memoryStorage(), pageStorage = memoryStorage()) {
  const world = memoryWorld(config, backendStorage, pageStorage);
  const log = vi.fn();
  const store = createAppStore({ loadUseCases: async () => world.useCases, log });
  const stop = store.getState().start();
  return { ...world, store, log, stop, pageStorage };
}

/** A store whose backend module is lost to the network on the first load only. */
function storeLosingBackendOnce() {
  const world = memoryWorld();
  let attempts = 0;
  const store = createAppStore({
    loadUseCases: async () => {
      if (++attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return world.useCases;
    },
    log: () => {},
  });
  return { store, attempts: () => attempts };
}

describe('app store on the memory backend (spec section 4)', () => {
  it('starts signed out at step 1 once auth reports', async () => {
    const { store } = setup();
    await flush();
    expect(view(store)).toMatchObject({ authReady: true, user: null, submitStatus: 'idle' });
  });

  it('moves to step 2 after sign-in and copies the e-mail', async () => {
    const { store } = setup();
    const outcome = await store.getState().signIn();
    await flush();
    expect(outcome.ok).toBe(true);
    expect(view(store).user?.email).toBe('ana.garcia@alumnos.udg.mx');
    expect(view(store).email).toBe('ana.garcia@alumnos.udg.mx');
    expect(view(store).joined).toBe(false);
  });

  it('reports a closed popup and any other sign-in failure with their codes', async () => {
    const { store, popup, backend } = setup();
    popup.action = 'close';
    expect(await store.getState().signIn()).toMatchObject({
      ok: false,
      code: 'auth/popup-closed-by-user',
    });
    popup.action = 'choose';
    backend.controls.failNext('signIn', 'internal');
    expect(await store.getState().signIn()).toMatchObject({
      ok: false,
      code: 'auth/sign-in-failed',
    });
    expect(view(store).user).toBeNull();
    expect((await store.getState().signIn()).ok).toBe(true);
    // The failure reaches the first-party report with its cause's code; the closed popup (the
    // student's own choice) does not (issue 51).
    await vi.waitFor(() =>
      expect(backend.controls.failureReports()).toEqual({ '2026-11-22_sign-in_internal': 1 }),
    );
  });

  it('an account without an e-mail cannot join: the generic error, a console line, nothing written (issue 28)', async () => {
    const backendStorage = memoryStorage();
    const noEmail = { uid: 'sin-correo', email: '', displayName: 'Sin Correo' };
    backendStorage.setItem(MEMORY_STATE_KEY, JSON.stringify({ accounts: [noEmail] }));
    const { store, backend, log } = setup({}, backendStorage);
    await store.getState().signIn();
    await flush();
    expect(view(store).user).toEqual(noEmail);
    store.getState().selectCollege(cucei);
    expect(await store.getState().join()).toMatchObject({ ok: false, code: 'invalid-argument' });
    expect(log).toHaveBeenCalledWith('Error joining the waitlist', expect.anything());
    expect(backend.controls.entries()).toEqual({});
    // The backend refuses it too, whatever the page sends.
    await expect(
      backend.waitlist.join('sin-correo', {
        email: '',
        collegeId: cucei.id,
        timestamp: new Date(),
      }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(
      backend.waitlist.join('sin-correo', {
        email: 'otro@alumnos.udg.mx',
        collegeId: cucei.id,
        timestamp: new Date(),
      }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('without a college, gives college-required and writes nothing', async () => {
    const { store, backend } = setup();
    await store.getState().signIn();
    expect(await store.getState().join()).toMatchObject({
      ok: false,
      code: 'validation/college-required',
    });
    expect(backend.controls.entries()).toEqual({});
    expect(view(store).submitStatus).toBe('idle');
  });

  it('goes idle -> processing -> success, persists the values, and writes once on a double click', async () => {
    const { store, backend, pageStorage } = setup();
    await store.getState().signIn();
    await flush();
    store.getState().selectCollege(cucei);
    const first = store.getState().join();
    const second = store.getState().join();
    await flush();
    expect(view(store).submitStatus).toBe('success');
    expect((await first).ok).toBe(true);
    expect(await second).toMatchObject({ code: 'ignored' });
    expect(backend.controls.calls('join')).toBe(1);
    expect(backend.controls.entries()).toEqual({
      'demo-ana': {
        email: 'ana.garcia@alumnos.udg.mx',
        collegeId: 'udg-cucei',
        timestamp: '2026-11-22T12:00:00.000Z',
      },
    });
    expect(JSON.parse(pageStorage.getItem('waitlistEmail')!)).toBe('ana.garcia@alumnos.udg.mx');
    expect(JSON.parse(pageStorage.getItem('waitlistDocId')!)).toBe('demo-ana');
    expect(JSON.parse(pageStorage.getItem('selectedCollege')!)).toEqual(cucei);
    store.getState().selectCollege(DEFAULT_COLLEGES[0]!);
    expect(view(store).selectedCollege).toEqual(cucei);
  });

  it('shows processing while writing', async () => {
    const { store, backend } = setup();
    await store.getState().signIn();
    store.getState().selectCollege(cucei);
    backend.controls.setLatency(30);
    const pending = store.getState().join();
    await new Promise((r) => setTimeout(r, 10));
    expect(view(store).submitStatus).toBe('processing');
    await pending;
    expect(view(store).submitStatus).toBe('success');
  });

  it('a write failure returns to idle, logs, and a retry writes', async () => {
    const { store, backend, log } = setup();
    await store.getState().signIn();
    store.getState().selectCollege(cucei);
    backend.controls.failNext('join', 'unavailable');
    expect(await store.getState().join()).toMatchObject({ ok: false, code: 'unavailable' });
    expect(view(store).submitStatus).toBe('idle');
    expect(log).toHaveBeenCalledWith('Error joining the waitlist', expect.anything());
    expect((await store.getState().join()).ok).toBe(true);
    expect(Object.keys(backend.controls.entries())).toEqual(['demo-ana']);
    // Reported once, with its code and nothing of the student (issue 51).
    await vi.waitFor(() =>
      expect(backend.controls.failureReports()).toEqual({ '2026-11-22_join_unavailable': 1 }),
    );
  });

  it('a student already on the list sees the already state, with the stored e-mail', async () => {
    const backendStorage = memoryStorage();
    const pageStorage = memoryStorage();
    const first = setup({}, backendStorage, pageStorage);
    await first.store.getState().signIn();
    first.store.getState().selectCollege(cucei);
    await first.store.getState().join();
    first.stop();

    const again = setup({}, backendStorage, pageStorage);
    await flush();
    expect(view(again.store)).toMatchObject({
      joined: true,
      confirmed: true,
      submitStatus: 'already',
      email: 'ana.garcia@alumnos.udg.mx',
    });
  });

  it('already on the list with no stored e-mail: joined, not confirmed, the account’s e-mail', async () => {
    const backendStorage = memoryStorage();
    const first = setup({}, backendStorage);
    await first.store.getState().signIn();
    first.store.getState().selectCollege(cucei);
    await first.store.getState().join();
    first.stop();

    // Another browser: the entry exists on the backend, nothing is stored in this page.
    const again = setup({}, backendStorage, memoryStorage());
    await flush();
    expect(view(again.store)).toMatchObject({
      joined: true,
      confirmed: false,
      submitStatus: 'already',
      email: 'ana.garcia@alumnos.udg.mx',
    });
  });

  it('does not show another account’s stored e-mail when confirming', async () => {
    const backendStorage = memoryStorage();
    const joinedBefore = setup({}, backendStorage);
    await joinedBefore.store.getState().signIn();
    joinedBefore.store.getState().selectCollege(cucei);
    await joinedBefore.store.getState().join();
    await joinedBefore.store.getState().signOut();
    joinedBefore.stop();

    const pageStorage = memoryStorage({
      waitlistEmail: '"otra@correo.mx"',
      waitlistDocId: '"someone-else"',
    });
    const { store } = setup({}, backendStorage, pageStorage);
    await store.getState().signIn();
    await flush();
    expect(view(store)).toMatchObject({
      submitStatus: 'already',
      email: 'ana.garcia@alumnos.udg.mx',
    });
  });

  it('sign-out returns to step 1 and clears the user', async () => {
    const { store } = setup();
    await store.getState().signIn();
    await flush();
    expect((await store.getState().signOut()).ok).toBe(true);
    expect(view(store)).toMatchObject({
      user: null,
      email: '',
      joined: false,
      submitStatus: 'idle',
    });
  });

  it('searches: blank gives the defaults without a call; a failure gives the defaults and an error', async () => {
    const { store, backend } = setup();
    await store.getState().searchColleges('', true);
    expect(store.getState().colleges).toEqual(DEFAULT_COLLEGES);
    expect(backend.controls.calls('searchColleges')).toBe(0);
    await store.getState().searchColleges('iteso');
    expect(store.getState().colleges.map((c) => c.shortName)).toEqual(['ITESO']);
    backend.controls.failNext('searchColleges');
    expect((await store.getState().searchColleges('unam')).ok).toBe(false);
    expect(store.getState().colleges).toEqual(DEFAULT_COLLEGES);
    expect(store.getState().collegesLoading).toBe(false);
    store.getState().clearColleges();
    expect(store.getState().colleges).toEqual([]);
  });

  it('keeps only the latest search when answers arrive out of order', async () => {
    const { store, backend } = setup();
    backend.controls.setLatency(20);
    const slow = store.getState().searchColleges('unam');
    backend.controls.setLatency(0);
    await store.getState().searchColleges('iteso');
    await slow;
    expect(store.getState().colleges.map((c) => c.shortName)).toEqual(['ITESO']);
  });

  it('hero images: loading, then images; a failure ends loading with none and a log line', async () => {
    const { store, backend, log } = setup();
    expect(store.getState().heroStatus).toBe('loading');
    await store.getState().loadHeroImages();
    expect(store.getState().heroStatus).toBe('loaded');
    expect(store.getState().heroImages.length).toBeGreaterThanOrEqual(5);
    backend.controls.failNext('heroImages');
    await store.getState().loadHeroImages();
    expect(store.getState()).toMatchObject({ heroStatus: 'loaded', heroImages: [] });
    expect(log).toHaveBeenCalledWith('Error loading hero images', expect.anything());
  });

  it('a backend that cannot start names the missing variables', async () => {
    const store = createAppStore({
      loadUseCases: () => Promise.reject(new BackendConfigError('missing', ['VITE_X'])),
      log: () => {},
    });
    store.getState().start();
    await flush();
    expect(view(store).backendError).toEqual({ missing: ['VITE_X'] });
  });

  it('preparing the sign-in never rejects, even when the provider or the backend fails', async () => {
    const auth = { prepareSignIn: vi.fn(() => Promise.reject(new Error('gapi blocked'))) };
    const prepare = createPrepareSignIn({ auth: auth as unknown as AuthPort });
    await expect(prepare()).resolves.toBeUndefined();
    expect(auth.prepareSignIn).toHaveBeenCalledTimes(1);

    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const store = createAppStore({
        loadUseCases: () => Promise.reject(new Error('backend down')),
        log: () => {},
      });
      store.getState().prepareSignIn();
      await flush();
    } finally {
      process.off('unhandledRejection', onRejection);
    }
    expect(rejections).toEqual([]);
  });

  it('syncs a join made in another tab', async () => {
    const pageStorage = memoryStorage();
    const { store, local } = setup({}, memoryStorage(), pageStorage);
    await store.getState().signIn();
    await flush();
    pageStorage.setItem('waitlistEmail', '"ana.garcia@alumnos.udg.mx"');
    pageStorage.setItem('waitlistDocId', '"demo-ana"');
    local.changedElsewhere('waitlistDocId');
    expect(view(store)).toMatchObject({ joined: true, submitStatus: 'already' });
  });

  it('a backend module lost once is loaded again: start-up offers a retry that works', async () => {
    const { store, attempts } = storeLosingBackendOnce();
    store.getState().start();
    await flush();
    expect(view(store).backendError).toEqual({ missing: [] });
    store.getState().retryStart();
    await flush();
    expect(view(store)).toMatchObject({ backendError: null, authReady: true });
    expect((await store.getState().signIn()).ok).toBe(true);
    expect(attempts()).toBe(2);
  });

  it('a backend module lost at start: the card and the hero strip make one attempt between them, whichever asks first; Reintentar loads it and reads the strip again', async () => {
    for (const heroFirst of [false, true]) {
      const { store, attempts } = storeLosingBackendOnce();
      const hero = store.getState().loadHeroImages.bind(null);
      if (heroFirst) await hero();
      store.getState().start();
      await flush();
      if (!heroFirst) await hero(); // after the card's failure
      expect(attempts()).toBe(1);
      expect(view(store).backendError).toEqual({ missing: [] });
      expect(store.getState().heroStatus).toBe('loaded');
      store.getState().retryStart();
      await flush();
      expect(attempts()).toBe(2);
      expect(view(store)).toMatchObject({ backendError: null, authReady: true });
      expect(store.getState().heroStatus).toBe('loaded');
      expect(store.getState().heroImages.length).toBeGreaterThan(0);
    }
  });

  it('a backend module lost during a sign-in fails that sign-in only; the next one works', async () => {
    const { store, attempts } = storeLosingBackendOnce();
    expect(await store.getState().signIn()).toMatchObject({
      ok: false,
      code: 'auth/sign-in-failed',
    });
    expect((await store.getState().signIn()).ok).toBe(true);
    expect(attempts()).toBe(2);
  });

  it('a re-join from a stale page keeps the first entry and shows its college', async () => {
    const backendStorage = memoryStorage();
    const first = setup({}, backendStorage);
    await first.store.getState().signIn();
    first.store.getState().selectCollege(DEFAULT_COLLEGES[0]!);
    // A second page, signed in as the same student before the first one joined.
    const second = setup({}, backendStorage);
    await flush();
    second.store.getState().selectCollege(cucei);
    expect((await first.store.getState().join()).ok).toBe(true);
    expect((await second.store.getState().join()).ok).toBe(true);
    expect(view(second.store).selectedCollege).toEqual(DEFAULT_COLLEGES[0]);
    expect(JSON.parse(second.pageStorage.getItem('waitlistData')!).collegeId).toBe('udg-cucea');
    expect(first.backend.controls.entries()['demo-ana']?.collegeId).toBe('udg-cucea');
  });

  it('a join with no answer ends at the request timeout with the failure, and the retry writes once', async () => {
    vi.useFakeTimers();
    try {
      const { store, backend, log } = setup();
      await vi.advanceTimersByTimeAsync(10);
      await store.getState().signIn();
      await vi.advanceTimersByTimeAsync(10);
      store.getState().selectCollege(cucei);
      backend.controls.hangNext('join');
      const pending = store.getState().join();
      await vi.advanceTimersByTimeAsync(10);
      expect(view(store).submitStatus).toBe('processing');
      expect(await store.getState().join()).toBe(IGNORED);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(await pending).toMatchObject({ ok: false, code: 'deadline-exceeded' });
      expect(view(store).submitStatus).toBe('idle');
      expect(log).toHaveBeenCalledWith('Error joining the waitlist', expect.anything());
      expect(backend.controls.entries()).toEqual({});
      expect((await store.getState().join()).ok).toBe(true);
      expect(backend.controls.calls('join')).toBe(2);
      expect(Object.keys(backend.controls.entries())).toEqual(['demo-ana']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("app store: the student's own entry (issue 13)", () => {
  const signedInAndJoined = async (consent: boolean) => {
    const world = setup();
    await world.store.getState().signIn();
    await flush();
    world.store.getState().selectCollege(cucei);
    world.store.getState().setWantsHeroConsent(consent);
    const outcome = await world.store.getState().join();
    expect(outcome).toMatchObject({ ok: true, value: { heroConsentFailed: false } });
    await flush();
    return world;
  };

  it('consent is off by default: joining records no consent', async () => {
    const { store, backend } = setup();
    expect(view(store).wantsHeroConsent).toBe(false);
    await store.getState().signIn();
    await flush();
    store.getState().selectCollege(cucei);
    await store.getState().join();
    expect(backend.controls.consents()).toEqual({});
    expect(view(store).myEntry).toMatchObject({ heroConsent: false, college: cucei });
  });

  it('joining with consent records it; the photo shows first once approved, and leaves on withdrawal', async () => {
    const { store, backend } = await signedInAndJoined(true);
    expect(Object.keys(backend.controls.consents())).toEqual(['demo-ana']);
    expect(view(store).myEntry?.heroConsent).toBe(true);
    await store.getState().loadHeroImages();
    const before = store.getState().heroImages[0];
    expect(backend.controls.heroPhotos()).toMatchObject([{ uid: 'demo-ana', status: 'pending' }]);
    backend.controls.approveHeroPhoto('demo-ana');
    await store.getState().loadHeroImages();
    const withPhoto = store.getState().heroImages[0];
    expect(withPhoto).not.toEqual(before);
    expect(await store.getState().setHeroConsent(false)).toMatchObject({ ok: true });
    await flush();
    expect(backend.controls.consents()).toEqual({});
    expect(backend.controls.heroPhotos()).toEqual([]);
    expect(store.getState().heroImages[0]).toEqual(before);
  });

  it('a consent that fails at join leaves the student on the list and says so', async () => {
    const { store, backend } = setup();
    await store.getState().signIn();
    await flush();
    store.getState().selectCollege(cucei);
    store.getState().setWantsHeroConsent(true);
    backend.controls.failNext('grantConsent');
    expect(await store.getState().join()).toMatchObject({
      ok: true,
      value: { heroConsentFailed: true },
    });
    expect(backend.controls.entries()['demo-ana']).toBeDefined();
    expect(view(store).myEntry?.heroConsent).toBe(false);
  });

  it('changes the campus only, and a failure keeps the entry as it was', async () => {
    const { store, backend } = await signedInAndJoined(false);
    const before = backend.controls.entries()['demo-ana']!;
    store.getState().editCollege(true);
    const tec = DEFAULT_COLLEGES[2]!;
    store.getState().selectCollege(tec);
    backend.controls.failNext('changeCollege');
    expect(await store.getState().changeCollege()).toMatchObject({ ok: false });
    expect(backend.controls.entries()['demo-ana']).toEqual(before);
    expect(await store.getState().changeCollege()).toMatchObject({ ok: true, value: tec });
    expect(backend.controls.entries()['demo-ana']).toEqual({ ...before, collegeId: tec.id });
    expect(view(store)).toMatchObject({ editingCollege: false, selectedCollege: tec });
  });

  it('leaving deletes entry, consent and account, signs out, clears the browser, and a retry after a failure works', async () => {
    const { store, backend, pageStorage } = await signedInAndJoined(true);
    backend.controls.failNext('leave');
    expect(await store.getState().leaveWaitlist()).toMatchObject({ ok: false });
    expect(backend.controls.entries()['demo-ana']).toBeDefined();
    backend.controls.failNext('deleteAccount');
    expect(await store.getState().leaveWaitlist()).toMatchObject({ ok: false });
    expect(backend.controls.entries()).toEqual({});
    expect(Object.keys(backend.controls.accounts())).toEqual(['demo-ana']);
    expect(await store.getState().leaveWaitlist()).toMatchObject({ ok: true });
    await flush();
    expect(backend.controls.entries()).toEqual({});
    expect(backend.controls.consents()).toEqual({});
    expect(backend.controls.accounts()).toEqual({});
    expect(pageStorage.getItem('waitlistEmail')).toBeNull();
    expect(pageStorage.getItem('waitlistData')).toBeNull();
    expect(view(store)).toMatchObject({
      user: null,
      joined: false,
      submitStatus: 'idle',
      myEntry: null,
    });
    await store.getState().signIn();
    await flush();
    store.getState().selectCollege(cucei);
    expect(await store.getState().join()).toMatchObject({ ok: true });
  });

  it('signing out clears what the browser kept of the student', async () => {
    const { store, pageStorage } = await signedInAndJoined(false);
    expect(pageStorage.getItem('waitlistEmail')).not.toBeNull();
    expect(await store.getState().signOut()).toMatchObject({ ok: true });
    for (const key of ['waitlistEmail', 'waitlistDocId', 'waitlistData', 'selectedCollege']) {
      expect(pageStorage.getItem(key)).toBeNull();
    }
  });

  it('a returning student on the list sees their entry read from the backend', async () => {
    const { stop, storage } = await signedInAndJoined(false);
    stop();
    const again = setup({}, storage);
    await flush();
    await flush();
    expect(view(again.store)).toMatchObject({ joined: true, myEntryStatus: 'loaded' });
    expect(view(again.store).myEntry?.entry.email).toBe('ana.garcia@alumnos.udg.mx');
  });
});
