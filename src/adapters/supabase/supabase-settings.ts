/** A Supabase project's public settings (no secrets: the anon key is public by design). */
export interface SupabaseSettings {
  /** The project's API URL, e.g. https://abcdefghijklmnop.supabase.co. */
  readonly url: string;
  /** The project's anon (public) key. */
  readonly anonKey: string;
  /**
   * Where Supabase Auth sends the sign-in popup (and the redirect fallback) back to: the callback
   * page on our own origin, public/auth/callback.html. Must be in the project's redirect URLs.
   */
  readonly callbackUrl: string;
  /** Where the session is kept (default: localStorage). Tests give each client its own. */
  readonly storage?: {
    getItem(key: string): string | null | Promise<string | null>;
    setItem(key: string, value: string): void | Promise<void>;
    removeItem(key: string): void | Promise<void>;
  };
  /** The session's storage key (default: supabase-js's, from the project URL). */
  readonly storageKey?: string;
}
