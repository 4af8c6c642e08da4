/**
 * What every Cloud Function shares (issue 58): the Admin app, the Firestore handle, the options of
 * the page's callables, the caller guard, the failure answer and the secrets. Each feature's file
 * (invites.ts, mail.ts, ...) holds its own functions and imports these; index.ts only re-exports
 * the deployed functions and starts this module first.
 *
 * Nothing is set up when this module loads, only on `start()` (index.ts) or a first use: an
 * operator's command loads feature code (functions/lib) beside its own Admin app, which a default
 * app made here would collide with.
 */
import { type App, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import { type Firestore, initializeFirestore, Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { defineSecret } from 'firebase-functions/params';
import { HttpsError } from 'firebase-functions/v2/https';
import { allowedOrigins } from './hero-images.logic';

let started: { app: App; firestore: Firestore } | null = null;

/**
 * The Admin app and Firestore, REST instead of gRPC: a faster start for a function making one
 * query. Started when index.ts loads, before any function runs: a Firestore trigger's event is
 * decoded with `getFirestore()` before its handler starts, and a later `initializeFirestore()`
 * with other options throws (a cold `on_waitlist_written` failed so on every event until the real
 * Firestore emulator showed it, issue 50). Making the client opens no connection.
 */
export function start(): { app: App; firestore: Firestore } {
  if (started) return started;
  // Throws without a usable SITE_ORIGIN: a deploy without it fails to load (hero-images.logic.ts).
  allowedOrigins(siteOrigin);
  const app = initializeApp();
  const firestore = initializeFirestore(app, { preferRest: true });
  if (process.env.FIRESTORE_EMULATOR_HOST) {
    // Against an emulator, the REST client still asks Google's auth library for credentials,
    // which a machine without any fails on; the client adds the emulator's `Bearer owner`.
    try {
      firestore.settings({
        authClient: { universeDomain: 'googleapis.com', getRequestHeaders: async () => ({}) },
      });
    } catch {
      // Set already: this module evaluated again in one process (a test reloading it).
    }
  }
  started = { app, firestore };
  return started;
}

/**
 * An operator's command (scripts/ops/shared/firebase.mjs, issue 61): the feature code it runs
 * (the console's operations) uses the command's own Admin app and Firestore, never a second
 * default app. Called once, before any use.
 */
export function adopt(app: App, firestore: Firestore): void {
  started = { app, firestore };
}

/** The project's Firestore (Admin SDK: the rules do not apply). */
export const db = (): Firestore => start().firestore;

/** The project's Firebase Auth. */
export const adminAuth = (): Auth => getAuth(start().app);

/** In the Functions emulator: loopback origins and photo hosts are allowed. */
export const emulator = process.env.FUNCTIONS_EMULATOR === 'true';

const siteOrigin = { siteOrigin: process.env.SITE_ORIGIN, emulator };

/** The options of the page's callable functions. */
export const CALLABLE = {
  region: 'us-central1',
  // Our site only (SITE_ORIGIN, written to functions/.env.<project> by `npm run deploy` from
  // VITE_SITE_URL); loopback origins in the emulator. Loading index.ts fails without it (start);
  // an operator's command, which loads feature code and serves nothing, gets no origin at all.
  cors: ((): (string | RegExp)[] => {
    try {
      return allowedOrigins(siteOrigin);
    } catch {
      return [];
    }
  })(),
  maxInstances: 5,
  memory: '256MiB',
  timeoutSeconds: 20,
} as const;

/** Server-side secrets (Secret Manager; functions/.secret.local in the emulator). */
export const MAIL_TOKEN_SECRET = defineSecret('MAIL_TOKEN_SECRET');
export const SMTP_URL = defineSecret('SMTP_URL');
export const MAIL_FROM = defineSecret('MAIL_FROM');

/** The callables that sign or read a token: the leave links, the verification codes. */
export const SIGNING_CALLABLE = { ...CALLABLE, secrets: [MAIL_TOKEN_SECRET] };

/**
 * The caller guard: the signed-in caller's uid, refusing a call without a sign-in and another uid
 * asked for (`{ uid }`, as the page sends it).
 */
export function caller(request: { auth?: { uid: string }; data: unknown }): string {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError('unauthenticated', 'Sign in first.');
  const asked = (request.data as { uid?: unknown } | null)?.uid;
  if (asked !== undefined && asked !== uid) {
    throw new HttpsError('permission-denied', "Another student's data is not the caller's.");
  }
  return uid;
}

/**
 * A callable's failure: an HttpsError it threw on purpose goes to the page as it is; anything
 * else is logged under the function's name and answered `unavailable` with `message`.
 */
export function unavailable(name: string, message: string, error: unknown): never {
  if (error instanceof HttpsError) throw error;
  logger.error(`${name} failed`, { error: String(error) });
  throw new HttpsError('unavailable', message);
}

/** A field of a callable's `data` object (`{ code }`, `{ token }`, ...), whatever was sent. */
export const field = (data: unknown, name: string): unknown =>
  (data as Record<string, unknown> | null | undefined)?.[name];

/**
 * A write of a waitlist entry (`waitlist/{uid}`) as each feature's step of `on_waitlist_written`
 * sees it (waitlist.ts): the entry before and after (undefined: none; both set: a change of
 * campus or a rewrite).
 */
export interface EntryWrite {
  readonly uid: string;
  readonly before: Record<string, unknown> | undefined;
  readonly after: Record<string, unknown> | undefined;
}

/** The entry's date of joining in ms (the leave link's `joined`), or null when it has none. */
export function joinedOf(entry: { timestamp?: unknown } | undefined | null): number | null {
  const at = entry?.timestamp;
  return at instanceof Timestamp ? at.toMillis() : null;
}
