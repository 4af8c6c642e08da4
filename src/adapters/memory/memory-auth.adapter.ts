import type { Clock } from '@/ports/clock.port';
import type { AuthPort } from '@/ports/auth.port';
import type { User } from '@/domain/user';
import type { Controls } from './memory-controls';
import { type StateStore, withoutStudent } from './memory-state';

/** Lets the student pick an account; rejects with `auth/popup-closed-by-user` on cancel. */
export type ChooseAccount = (accounts: readonly User[]) => Promise<User>;

export interface MemoryAuthOptions {
  readonly store: StateStore;
  readonly controls: Controls;
  readonly chooseAccount: ChooseAccount;
  /** The "server's" time: each sign-in is recorded as the account's last (the retention job). */
  readonly clock?: Clock;
  /** Subscribes to changes made by another tab; returns the unsubscribe function. */
  readonly onExternalChange?: (listener: () => void) => () => void;
}

const currentUser = (store: StateStore): User | null => {
  const { accounts, sessionUid } = store.read();
  return accounts.find((a) => a.uid === sessionUid) ?? null;
};

/** Auth that behaves like a provider popup, with the session kept in storage. */
export function createMemoryAuth(options: MemoryAuthOptions): AuthPort {
  const { store, controls, chooseAccount, onExternalChange } = options;
  const now = () => (options.clock ?? { now: () => new Date() }).now().toISOString();
  const listeners = new Set<(user: User | null) => void>();
  let last: User | null | undefined;

  const notify = (): void => {
    const user = currentUser(store);
    if (last !== undefined && last?.uid === user?.uid) return;
    last = user;
    listeners.forEach((listener) => listener(user));
  };

  onExternalChange?.(notify);

  return {
    async signInWithPopup() {
      await controls.enter('signIn');
      const user = await chooseAccount(store.read().accounts);
      // The first sign-in creates the account this backend holds, as a real provider does.
      store.update((state) => ({
        ...state,
        users: { ...state.users, [user.uid]: now() },
        created: { ...state.created, [user.uid]: state.created[user.uid] ?? now() },
        sessionUid: user.uid,
      }));
      notify();
      return user;
    },
    async prepareSignIn() {
      // The account chooser is part of the page: nothing to load ahead.
    },
    async signOut() {
      await controls.enter('signOut');
      store.update((state) => ({ ...state, sessionUid: null }));
      notify();
    },
    async deleteAccount() {
      await controls.enter('deleteAccount');
      const uid = store.read().sessionUid;
      if (uid) store.update((state) => withoutStudent(state, uid));
      notify();
    },
    onAuthStateChanged(listener) {
      listeners.add(listener);
      const user = currentUser(store);
      queueMicrotask(() => {
        if (listeners.has(listener)) listener(user);
      });
      if (last === undefined) last = user;
      return () => listeners.delete(listener);
    },
  };
}
