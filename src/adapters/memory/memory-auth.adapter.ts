import type { AuthPort } from '@/ports/auth.port';
import { AppError } from '@/domain/errors';
import type { User } from '@/domain/user';
import type { MemoryContext, MemoryState, Slice, StateStore } from './memory-store';
import { isDate, isString, recordOf, without } from './memory-values';

declare module './memory-store' {
  interface MemoryState {
    /** The provider's accounts the chooser offers (Google's: they exist before any sign-in). */
    readonly accounts: readonly User[];
    /** The accounts this backend holds, keyed by uid: when each last signed in (ISO 8601). */
    readonly users: Readonly<Record<string, string>>;
    /** When this backend made each account it holds (its first sign-in; ISO 8601), keyed by uid. */
    readonly created: Readonly<Record<string, string>>;
    readonly sessionUid: string | null;
  }
}

/**
 * The demo operator (issue 61): a non-university address, offered by the account chooser, holding
 * the operator role in a fresh state (memory-operators.ts) so the console at /operador opens offline.
 */
export const DEMO_OPERATOR: User = {
  uid: 'demo-operadora',
  email: 'operadora@deestudiantes.example',
  displayName: 'Operadora Demo',
};

/**
 * Demo accounts offered by the in-page account chooser: students (the fifth with a personal
 * e-mail), then the demo operator.
 */
export const DEMO_ACCOUNTS: readonly User[] = [
  { uid: 'demo-ana', email: 'ana.garcia@alumnos.udg.mx', displayName: 'Ana García' },
  { uid: 'demo-luis', email: 'luis.hernandez@alumnos.udg.mx', displayName: 'Luis Hernández' },
  { uid: 'demo-sofia', email: 'sofia.ramirez@tec.mx', displayName: 'Sofía Ramírez' },
  { uid: 'demo-diego', email: 'diego.lopez@iteso.mx', displayName: 'Diego López' },
  // A personal address: on the list, but not verified by any university (issue 28).
  { uid: 'demo-mariana', email: 'mariana.cruz.mx@gmail.com', displayName: 'Mariana Cruz' },
  DEMO_OPERATOR,
];

function parseUser(value: unknown): User | null {
  const v = value as Partial<Record<keyof User, unknown>> | null;
  return v && isString(v.uid) && isString(v.email) && isString(v.displayName)
    ? { uid: v.uid, email: v.email, displayName: v.displayName }
    : null;
}

/** The accounts' slice: the provider's accounts, the ones held here, and the session. */
export const authSlice: Slice<'accounts' | 'users' | 'created' | 'sessionUid'> = {
  empty: () => ({ accounts: DEMO_ACCOUNTS, users: {}, created: {}, sessionUid: null }),
  parse(d) {
    const accounts = Array.isArray(d.accounts)
      ? d.accounts.map(parseUser).filter((u): u is User => u !== null)
      : [];
    const users = recordOf(d.users, isDate);
    const known = accounts.length ? accounts : DEMO_ACCOUNTS;
    const sessionUid =
      isString(d.sessionUid) && known.some((a) => a.uid === d.sessionUid) ? d.sessionUid : null;
    // A session kept from before accounts were recorded is an account held.
    if (sessionUid && !users[sessionUid]) users[sessionUid] = new Date(0).toISOString();
    // An account kept from before its creation was recorded: made when it last signed in.
    const created = { ...users, ...recordOf(d.created, isDate) };
    return {
      accounts: known,
      users,
      created: Object.fromEntries(Object.entries(created).filter(([uid]) => uid in users)),
      sessionUid,
    };
  },
  withoutStudent: (state, uid) => ({
    users: without(state.users, uid),
    created: without(state.created, uid),
    sessionUid: state.sessionUid === uid ? null : state.sessionUid,
  }),
};

/**
 * The signed-in guard every memory "server" applies, as the real backends' rules and callables
 * do: only the signed-in student reads or writes what is kept under their uid. `what` completes
 * the error's message ('Only the signed-in user may …').
 */
export function assertSignedIn(state: MemoryState, uid: string, what: string): void {
  if (state.sessionUid !== uid) {
    throw new AppError('permission-denied', `Only the signed-in user may ${what}`);
  }
}

/** The accounts' operator control. */
export interface AuthControls {
  /** The accounts this backend holds (created at first sign-in), keyed by uid. */
  accounts(): Record<string, string>;
}

export const authControls = ({ store }: MemoryContext): AuthControls => ({
  accounts: () => ({ ...store.read().users }),
});

/** Lets the student pick an account; rejects with `auth/popup-closed-by-user` on cancel. */
export type ChooseAccount = (accounts: readonly User[]) => Promise<User>;

export interface MemoryAuthOptions {
  readonly chooseAccount: ChooseAccount;
  /** Subscribes to changes made by another tab; returns the unsubscribe function. */
  readonly onExternalChange?: (listener: () => void) => () => void;
}

const currentUser = (store: StateStore): User | null => {
  const { accounts, sessionUid } = store.read();
  return accounts.find((a) => a.uid === sessionUid) ?? null;
};

/**
 * Auth that behaves like a provider popup, with the session kept in storage; each sign-in is
 * recorded as the account's last, by the "server's" clock (the retention job).
 */
export function createMemoryAuth(
  { store, controls, clock }: MemoryContext,
  { chooseAccount, onExternalChange }: MemoryAuthOptions,
): AuthPort {
  const now = () => clock.now().toISOString();
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
      if (uid) store.update((state) => store.withoutStudent(state, uid));
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
