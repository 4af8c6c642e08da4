import type { Session, User as SupabaseUser } from '@supabase/auth-js';
import type { AuthPort } from '@/ports/auth.port';
import { toSignInError } from '@/domain/errors';
import type { User } from '@/domain/user';
import type { SupabaseClientLoader } from './supabase-client';
import { dataOf } from './supabase-calls';
import {
  clearRedirectFlag,
  codeFrom,
  isInAppBrowser,
  openBrowserPopup,
  type OpenPopup,
  setRedirectFlag,
} from './supabase-popup';

/** The SQL function of supabase/migrations that deletes the caller's account. */
export const DELETE_ACCOUNT_FUNCTION = 'delete_my_account';

export interface SupabaseAuthOptions {
  readonly client: SupabaseClientLoader;
  /** The callback page on our origin (public/auth/callback.html), in the project's redirect URLs. */
  readonly callbackUrl: string;
  /** Opens the sign-in popup (default: the browser's window.open). Tests pass their own. */
  readonly openPopup?: OpenPopup;
  /** Leaves the page for the provider (default: location.assign), for the redirect fallback. */
  readonly redirect?: (url: string) => void;
  /** The browser's user agent (default: navigator's), to spot in-app browsers. */
  readonly userAgent?: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const toUser = (user: SupabaseUser): User => ({
  uid: user.id,
  email: user.email ?? '',
  displayName: text(user.user_metadata?.full_name) || text(user.user_metadata?.name),
});

/**
 * Supabase Auth with Google, in a popup, by the PKCE flow: the popup opens within the click, goes
 * to `/auth/v1/authorize`, and comes back to our callback page with `?code=`, which the page
 * exchanges for a session (the verifier never left this window). Closing the popup gives
 * `auth/popup-closed-by-user`. A blocked popup, or an in-app browser, signs in by redirect: the
 * page leaves and comes back to `/?code=...#waitlist` signed in. The session (localStorage)
 * survives a reload.
 */
export function createSupabaseAuth(options: SupabaseAuthOptions): AuthPort {
  const { client, callbackUrl } = options;
  let prepared: Promise<void> | null = null;

  const authorizeUrl = async (): Promise<string> => {
    const sb = await client();
    const { data, error } = await sb.auth.signInWithOAuth({
      provider: 'google',
      options: {
        redirectTo: callbackUrl,
        skipBrowserRedirect: true,
        queryParams: { prompt: 'select_account' },
      },
    });
    if (error || !data.url) throw error ?? new Error('No authorize URL');
    return data.url;
  };

  async function signInByRedirect(): Promise<never> {
    setRedirectFlag();
    try {
      const url = await authorizeUrl();
      (options.redirect ?? ((u: string) => window.location.assign(u)))(url);
    } catch (error) {
      throw toSignInError(error);
    }
    // The page navigates away and comes back signed in: this call never settles.
    return new Promise<never>(() => {});
  }

  return {
    async signInWithPopup() {
      const userAgent =
        options.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
      // Opened before any await, within the click's user activation.
      clearRedirectFlag();
      const popup = isInAppBrowser(userAgent) ? null : (options.openPopup ?? openBrowserPopup)();
      if (!popup) return signInByRedirect();
      try {
        popup.go(await authorizeUrl());
        const code = codeFrom(await popup.result);
        const sb = await client();
        const { data, error } = await sb.auth.exchangeCodeForSession(code);
        if (error) throw error;
        return toUser(data.user);
      } catch (error) {
        popup.close();
        throw toSignInError(error);
      }
    },

    prepareSignIn() {
      // Loads the SDK ahead of the click, so the popup gets its URL at once.
      return (prepared ??= client().then(
        () => undefined,
        (error: unknown) => {
          prepared = null;
          console.warn('Sign-in could not be prepared', error);
        },
      ));
    },

    async signOut() {
      const sb = await client();
      const { error } = await sb.auth.signOut();
      if (!error) return;
      // The server could not end the session (offline, a 5xx): supabase-js then keeps it here.
      // The student asked to leave this browser signed out: end it locally all the same.
      console.warn('Supabase sign-out did not reach the server; ending the session here', error);
      const local = await sb.auth.signOut({ scope: 'local' });
      if (local.error) throw toSignInError(local.error);
    },

    async deleteAccount() {
      const sb = await client();
      const { data } = await sb.auth.getSession();
      if (!data.session) return; // already gone and signed out: a retry has nothing to do
      // The database deletes the caller's auth.users row; the entry and the consent go with it.
      dataOf(await sb.rest.rpc(DELETE_ACCOUNT_FUNCTION));
      // The account is gone, and with it its refresh token: end the session here.
      await sb.auth.signOut({ scope: 'local' });
    },

    onAuthStateChanged(listener) {
      let stopped = false;
      let unsubscribe: (() => void) | null = null;
      let last: string | null | undefined; // undefined: nothing reported yet
      const report = (session: Session | null) => {
        const user = session?.user ? toUser(session.user) : null;
        const key = user ? `${user.uid}\n${user.email}` : null;
        if (key === last) return; // token refreshes change nothing the page shows
        last = key;
        // Out of supabase-js's auth lock: a listener that calls the database must not wait on it.
        setTimeout(() => {
          if (!stopped) listener(user);
        }, 0);
      };
      client().then(
        (sb) => {
          if (stopped) return;
          unsubscribe = sb.auth.onAuthStateChange((_event, session) => report(session)).data
            .subscription.unsubscribe;
        },
        (error: unknown) => {
          console.error('Supabase Auth could not load', error);
          if (!stopped) listener(null);
        },
      );
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
  };
}
