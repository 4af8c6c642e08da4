/**
 * The last resort for a lazy chunk (the backend module, an SDK, the join form) that cannot load
 * again. Every lazy load is retried with a fresh import after a failure (onceUntilFailure, the
 * join form's 'Reintentar'), which is enough where the browser requests the module again. Some
 * browsers (Debian's Chromium 150 among them) remember a failed module import for the life of the
 * page and fail every retry without a request. When the same import fails a second time while the
 * site answers, the page reloads, in a controlled way: the session and what the page keeps are in
 * storage, and the address (with its hash) stays.
 *
 * On its own the page reloads at most once a minute, so a chunk that is really gone shows its
 * error instead of a reload loop. A failure that follows a student's 'Reintentar' (noted with
 * `noteRetryIntent`) may reload again within that minute: one reload per tap is no loop, and on a
 * browser that remembers the failure it is the only way the tap can work.
 */
export interface LostChunkRecoveryDeps {
  /** Where Vite dispatches `vite:preloadError` (window). */
  readonly target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Whether the site answers now (a network that is still down makes a reload worse). */
  readonly probe: () => Promise<boolean>;
  readonly reload: () => void;
  /** Remembers the last controlled reload across it (sessionStorage), so it never loops. */
  readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  readonly now: () => number;
  /** When the student last tapped a 'Reintentar' that loads code again (-Infinity: never). */
  readonly retriedAt?: () => number;
  readonly log?: (message: string, error?: unknown) => void;
}

export const RELOAD_KEY = 'de-estudiantes:lost-chunk-reload-at';
/** At most one controlled reload in this time: a chunk that is really gone shows its error. */
export const RELOAD_GUARD_MS = 60_000;
/** A failure this soon after a 'Reintentar' is that retry's own. */
export const RETRY_INTENT_MS = 5_000;

const describe = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'unknown';

export function installLostChunkRecovery(deps: LostChunkRecoveryDeps): () => void {
  const failed = new Set<string>();
  let reloading = false;

  const recentlyReloaded = (): boolean => {
    try {
      const at = Number(deps.storage?.getItem(RELOAD_KEY));
      return Number.isFinite(at) && at > 0 && deps.now() - at < RELOAD_GUARD_MS;
    } catch {
      return false;
    }
  };

  const onPreloadError = (event: Event): void => {
    const message = describe((event as Event & { payload?: unknown }).payload);
    if (!failed.has(message)) {
      failed.add(message); // the first failure: the caller's own retry requests it afresh
      return;
    }
    const asked = deps.now() - (deps.retriedAt?.() ?? -Infinity) < RETRY_INTENT_MS;
    if (reloading || (!asked && recentlyReloaded())) return;
    reloading = true;
    deps.probe().then(
      (reachable) => {
        if (!reachable) return void (reloading = false);
        try {
          deps.storage?.setItem(RELOAD_KEY, String(deps.now()));
        } catch {
          // Without storage the guard is this page's flag alone.
        }
        deps.log?.('A lost part of the page failed again: reloading once', message);
        deps.reload();
      },
      () => void (reloading = false),
    );
  };

  deps.target.addEventListener('vite:preloadError', onPreloadError);
  return () => deps.target.removeEventListener('vite:preloadError', onPreloadError);
}

let retryTappedAt = -Infinity;

/** The student tapped a 'Reintentar' that loads code again (the join form, the backend). */
export function noteRetryIntent(): void {
  retryTappedAt = Date.now();
}

/** The browser's wiring: the page's own address answers, sessionStorage, location.reload(). */
export function installBrowserLostChunkRecovery(): () => void {
  let storage: Storage | null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return installLostChunkRecovery({
    target: window,
    probe: () =>
      fetch(location.pathname, { method: 'HEAD', cache: 'no-store' }).then(
        (response) => response.ok || response.status === 404,
        () => false,
      ),
    reload: () => location.reload(),
    storage,
    now: () => Date.now(),
    retriedAt: () => retryTappedAt,
    log: (message, detail) => console.warn(message, detail),
  });
}
