import { campusIdOfPath, campusPagePath } from '@/domain/campus-page';
import { AppError } from '@/domain/errors';
import { inAppBrowserName } from '@/domain/in-app-browser';

/** The message the callback page (public/auth/callback.js) sends back with the URL it got. */
export const CALLBACK_MESSAGE = 'de-estudiantes:auth-callback';
/** Set in sessionStorage before a redirect sign-in: the callback page then returns to the page. */
export const REDIRECT_FLAG = 'de-estudiantes:auth-redirect';

/** A sign-in popup, opened before the provider's URL is known (within the click). */
export interface SignInPopup {
  /** Sends the popup to the provider's page. */
  go(url: string): void;
  /** The callback URL the popup came back to; rejects with auth/popup-closed-by-user if closed. */
  readonly result: Promise<string>;
  close(): void;
}

/** Opens a sign-in popup at once, or gives null when the browser blocks it. */
export type OpenPopup = () => SignInPopup | null;

/** In-app browsers (the domain's list, in-app-browser.ts) lose popups: they sign in by redirect. */
export const isInAppBrowser = (userAgent: string): boolean => inAppBrowserName(userAgent) !== null;

/** How long a closed popup may still deliver its result (a message can trail the close). */
const CLOSE_GRACE_MS = 800;

/**
 * The browser's popup: `window.open` within the click, then the provider's URL. The callback page
 * on our origin hands the URL back by `postMessage` to its opener and on a BroadcastChannel (for
 * when the provider's opener policy cut the opener link), then closes.
 */
export const openBrowserPopup: OpenPopup = () => {
  const width = 480;
  const height = 640;
  const left = Math.max(0, (window.screenX ?? 0) + (window.outerWidth - width) / 2);
  const top = Math.max(0, (window.screenY ?? 0) + (window.outerHeight - height) / 2);
  const popup = window.open(
    'about:blank',
    'de-estudiantes-auth',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!popup) return null;

  let cleanup = () => {};
  const result = new Promise<string>((resolve, reject) => {
    const channel =
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(CALLBACK_MESSAGE) : null;
    let closedAt = 0;
    const deliver = (data: unknown) => {
      const url = (data as { type?: unknown; url?: unknown } | null)?.url;
      if ((data as { type?: unknown } | null)?.type !== CALLBACK_MESSAGE) return;
      if (typeof url !== 'string') return;
      cleanup();
      resolve(url);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) deliver(event.data);
    };
    const onChannel = (event: MessageEvent) => deliver(event.data);
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      closedAt ||= Date.now();
      if (Date.now() - closedAt < CLOSE_GRACE_MS) return;
      cleanup();
      reject(new AppError('auth/popup-closed-by-user', 'Popup closed by user'));
    }, 200);
    window.addEventListener('message', onMessage);
    channel?.addEventListener('message', onChannel);
    cleanup = () => {
      window.clearInterval(timer);
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  });
  // Handled by the sign-in once the provider's URL is known; a popup closed before that must not
  // be reported as an unhandled rejection meanwhile.
  result.catch(() => {});
  return {
    go(url) {
      if (!popup.closed) popup.location.href = url;
    },
    result,
    close() {
      cleanup();
      if (!popup.closed) popup.close();
    },
  };
};

/**
 * Forgets a redirect sign-in that never came back (the student pressed Back), before a popup
 * opens: the popup starts with a copy of this tab's sessionStorage, and its callback page would
 * take a stale flag for a redirect.
 */
export function clearRedirectFlag(): void {
  try {
    sessionStorage.removeItem(REDIRECT_FLAG);
  } catch {
    // No session storage: there is no flag either.
  }
}

/**
 * Marks that a redirect sign-in is under way, for the callback page; false without storage. On a
 * campus's page (issue 60) the flag is that page's path, and the callback comes back to it
 * (public/auth/callback.js checks the path's form); elsewhere '1', and it comes back to '/'.
 */
export function setRedirectFlag(pathname = location.pathname): boolean {
  try {
    const campus = campusIdOfPath(pathname);
    sessionStorage.setItem(REDIRECT_FLAG, campus ? campusPagePath(campus) : '1');
    return true;
  } catch {
    return false;
  }
}

/** The provider's answer in the callback URL: a code, or an error (access_denied: the student said no). */
export function codeFrom(callbackUrl: string): string {
  const url = new URL(callbackUrl);
  const params = new URLSearchParams(url.search);
  for (const [k, v] of new URLSearchParams(url.hash.slice(1))) if (!params.has(k)) params.set(k, v);
  const error = params.get('error');
  if (error === 'access_denied') {
    throw new AppError('auth/popup-closed-by-user', params.get('error_description') ?? error);
  }
  const code = params.get('code');
  if (error || !code) throw new Error(params.get('error_description') ?? error ?? 'No code');
  return code;
}
