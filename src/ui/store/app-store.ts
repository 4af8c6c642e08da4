import { createStore } from 'zustand/vanilla';
import type { College } from '@/domain/college';
import { type ErrorCode, isAppError } from '@/domain/errors';
import type { HeroImage } from '@/domain/hero-image';
import type { User } from '@/domain/user';
import type { UseCases } from '@/domain/use-cases/use-cases';
import {
  type PersistedKey,
  type PersistedValues,
  type StringStorage,
  readPersisted,
  writePersisted,
} from '@/ui/persistence/persisted-values';

/** The submit button's states (spec section 4). */
export type SubmitStatus = 'idle' | 'processing' | 'success' | 'already';
export type HeroStatus = 'loading' | 'loaded';

export type Outcome<T = undefined> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: ErrorCode; readonly error: unknown };

/** An action refused because the same action is still under way (a double click). */
export const IGNORED = { ok: false, code: 'ignored' } as const;
export type Ignored = typeof IGNORED;

export interface AppState {
  /** Set when the backend could not start; `missing` names unset configuration variables. */
  readonly backendError: { readonly missing: readonly string[] } | null;
  /** False until the auth subscription has reported once. */
  readonly authReady: boolean;
  readonly user: User | null;
  readonly signingIn: boolean;
  /** The e-mail field: the account's, or the stored `waitlistEmail` when confirmed. */
  readonly email: string;
  readonly joined: boolean;
  readonly confirmed: boolean;
  readonly submitStatus: SubmitStatus;
  readonly persisted: PersistedValues;
  readonly selectedCollege: College | null;
  readonly colleges: readonly College[];
  readonly collegesLoading: boolean;
  readonly heroStatus: HeroStatus;
  readonly heroImages: readonly HeroImage[];
}

export interface AppActions {
  /** Loads the backend and subscribes to auth; returns the unsubscribe function. */
  start: () => () => void;
  /** Loads what the sign-in popup needs before the click (the sign-in step is near). */
  prepareSignIn: () => void;
  signIn: () => Promise<Outcome<User> | Ignored>;
  signOut: () => Promise<Outcome>;
  selectCollege: (college: College | null) => void;
  /** Spec call 3; `withInitialList` gives the defaults for a blank query. */
  searchColleges: (query: string, withInitialList?: boolean) => Promise<Outcome>;
  clearColleges: () => void;
  join: () => Promise<Outcome | Ignored>;
  loadHeroImages: () => Promise<void>;
  /** Applies a persisted value changed by another tab. */
  syncPersisted: (key: PersistedKey) => void;
}

export type AppStore = ReturnType<typeof createAppStore>;

export interface AppStoreDeps {
  /** The use cases, loaded lazily (the container and the backend are dynamic imports). */
  readonly loadUseCases: () => Promise<UseCases>;
  readonly storage: StringStorage | null;
  readonly log?: (message: string, error?: unknown) => void;
}

const fail = (error: unknown, fallback: ErrorCode = 'unknown') =>
  ({ ok: false, code: isAppError(error) ? error.code : fallback, error }) as const;

export function createAppStore({ loadUseCases, storage, log = console.error }: AppStoreDeps) {
  let useCasesPromise: Promise<UseCases> | null = null;
  const services = (): Promise<UseCases> => (useCasesPromise ??= loadUseCases());
  let searchSeq = 0;
  let authSeq = 0;
  let joining = false;
  const initial = readPersisted(storage);

  return createStore<AppState & AppActions>()((set, get) => {
    /** The stored `waitlistEmail`, when there is one and it belongs to this account's entry. */
    const storedEmail = (user: User): string | null => {
      const { waitlistEmail, waitlistDocId } = get().persisted;
      return waitlistEmail && (!waitlistDocId || waitlistDocId === user.uid) ? waitlistEmail : null;
    };

    /** Spec section 4: joined; confirmed (e-mail from the stored value) when one is stored. */
    const markJoined = (user: User): void => {
      const stored = storedEmail(user);
      set({
        joined: true,
        confirmed: stored !== null,
        email: stored ?? user.email,
        submitStatus: 'already',
      });
    };

    const onUser = async (user: User | null): Promise<void> => {
      if (user && get().user?.uid === user.uid) return set({ authReady: true });
      const seq = ++authSeq;
      if (!user) {
        set({
          authReady: true,
          user: null,
          email: '',
          joined: false,
          confirmed: false,
          submitStatus: 'idle',
          colleges: [],
          collegesLoading: false,
        });
        return;
      }
      set({ authReady: true, user, email: user.email, joined: false, confirmed: false });
      set({ submitStatus: 'idle' });
      try {
        const { isOnWaitlist } = await services();
        const exists = await isOnWaitlist(user.uid);
        if (seq === authSeq && exists && get().submitStatus === 'idle') markJoined(user);
      } catch (error) {
        log('Error checking the waitlist entry', error);
      }
    };

    const persist = (values: Partial<PersistedValues>): void => {
      writePersisted(storage, values);
      set({ persisted: { ...get().persisted, ...values } });
    };

    return {
      backendError: null,
      authReady: false,
      user: null,
      signingIn: false,
      email: '',
      joined: false,
      confirmed: false,
      submitStatus: 'idle',
      persisted: initial,
      selectedCollege: initial.selectedCollege,
      colleges: [],
      collegesLoading: false,
      heroStatus: 'loading',
      heroImages: [],

      start() {
        let unsubscribe: (() => void) | null = null;
        let stopped = false;
        services().then(
          ({ watchAuth }) => {
            if (!stopped) unsubscribe = watchAuth((user) => void onUser(user));
          },
          (error: unknown) => {
            log('The backend could not start', error);
            const missing = (error as { missing?: unknown } | null)?.missing;
            set({
              backendError: {
                missing: Array.isArray(missing) ? missing.filter((m) => typeof m === 'string') : [],
              },
            });
          },
        );
        return () => {
          stopped = true;
          unsubscribe?.();
        };
      },

      prepareSignIn() {
        services().then(
          ({ prepareSignIn }) => prepareSignIn(),
          () => {}, // start() reports a backend that cannot load
        );
      },

      async signIn() {
        if (get().signingIn) return IGNORED;
        set({ signingIn: true });
        try {
          const user = await (await services()).signIn();
          void onUser(user);
          return { ok: true, value: user };
        } catch (error) {
          return fail(error, 'auth/sign-in-failed');
        } finally {
          set({ signingIn: false });
        }
      },

      async signOut() {
        try {
          await (await services()).signOut();
          await onUser(null);
          return { ok: true, value: undefined };
        } catch (error) {
          log('Error signing out', error);
          return fail(error);
        }
      },

      selectCollege(college) {
        if (get().submitStatus !== 'idle') return;
        set({ selectedCollege: college });
        persist({ selectedCollege: college });
      },

      async searchColleges(query, withInitialList = true) {
        const seq = ++searchSeq;
        set({ collegesLoading: true });
        try {
          const outcome = await (await services()).searchColleges(query, withInitialList);
          if (seq !== searchSeq) return { ok: true, value: undefined };
          set({ colleges: outcome.colleges, collegesLoading: false });
          if (outcome.error) {
            log('Error searching colleges', outcome.error);
            return fail(outcome.error);
          }
          return { ok: true, value: undefined };
        } catch (error) {
          log('Error searching colleges', error);
          if (seq === searchSeq) set({ collegesLoading: false });
          return fail(error);
        }
      },

      clearColleges() {
        searchSeq++;
        set({ colleges: [], collegesLoading: false });
      },

      async join() {
        const { user, selectedCollege, submitStatus } = get();
        if (!user || submitStatus !== 'idle' || joining) return IGNORED;
        joining = true;
        try {
          const { joinWaitlist } = await services();
          const write = joinWaitlist({ user, college: selectedCollege });
          if (selectedCollege) set({ submitStatus: 'processing' });
          const entry = await write;
          persist({
            waitlistEmail: entry.email,
            waitlistDocId: user.uid,
            waitlistData: {
              email: entry.email,
              collegeId: entry.collegeId,
              timestamp: entry.timestamp.toISOString(),
            },
          });
          set({ submitStatus: 'success', joined: true, confirmed: true });
          return { ok: true, value: undefined };
        } catch (error) {
          if (!isAppError(error) || error.code !== 'validation/college-required') {
            log('Error joining the waitlist', error);
          }
          set({ submitStatus: 'idle' });
          return fail(error);
        } finally {
          joining = false;
        }
      },

      async loadHeroImages() {
        set({ heroStatus: 'loading' });
        try {
          const { images, error } = await (await services()).loadHeroImages();
          if (error) log('Error loading hero images', error);
          set({ heroImages: images, heroStatus: 'loaded' });
        } catch (error) {
          log('Error loading hero images', error);
          set({ heroImages: [], heroStatus: 'loaded' });
        }
      },

      syncPersisted(key) {
        const persisted = readPersisted(storage);
        set({ persisted });
        if (key === 'selectedCollege' && get().submitStatus === 'idle') {
          set({ selectedCollege: persisted.selectedCollege });
        }
        const { user, submitStatus } = get();
        if (user && persisted.waitlistDocId === user.uid && submitStatus === 'idle') {
          markJoined(user);
        }
      },
    };
  });
}
