import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { type Firestore, initializeFirestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { HttpsError, onCall, onRequest } from 'firebase-functions/v2/https';
import { handleCspReport } from './csp-report';
import {
  allowedOrigins,
  type ConsentedProfile,
  createHeroImagesHandler,
  createPhotoFetcher,
  MAX_CONSENT_RECORDS,
  readConsented,
} from './hero-images';

const app = initializeApp();

let firestore: Firestore | undefined;
/**
 * Firestore, set up on first use (a cold start that serves from nothing else does not pay for
 * it). REST instead of gRPC: a faster start for a function making one query, and the protocol
 * the tests' Firestore stand-in speaks (FIRESTORE_EMULATOR_HOST, stand-ins/fake-firestore-admin.ts).
 */
function consentStore(): Firestore {
  if (!firestore) {
    firestore = initializeFirestore(app, { preferRest: true });
    if (process.env.FIRESTORE_EMULATOR_HOST) {
      // Against an emulator, the REST client still asks Google's auth library for credentials,
      // which a machine without any fails on; the client adds the emulator's `Bearer owner`.
      firestore.settings({
        authClient: { universeDomain: 'googleapis.com', getRequestHeaders: async () => ({}) },
      });
    }
  }
  return firestore;
}

const emulator = process.env.FUNCTIONS_EMULATOR === 'true';

/** The consent records: `heroConsent/{uid}` = `{ grantedAt }`, present while consent is current. */
export const CONSENT_COLLECTION = 'heroConsent';

/**
 * The consent source, in one place: who may appear in the hero strip. The newest current consent
 * records (document ids only: `select()` reads no field), then the Auth profiles of exactly those
 * students, in one `getUsers` call.
 */
function listConsented(limit: number, signal: AbortSignal): Promise<ConsentedProfile[]> {
  return readConsented(
    {
      async listConsentUids(max) {
        const snapshot = await consentStore()
          .collection(CONSENT_COLLECTION)
          .orderBy('grantedAt', 'desc')
          .limit(max)
          .select()
          .get();
        return snapshot.docs.map((doc) => doc.id);
      },
      async getProfiles(uids) {
        const { users } = await getAuth(app).getUsers(uids.map((uid) => ({ uid })));
        return users.map((u) => ({ uid: u.uid, photoURL: u.photoURL, disabled: u.disabled }));
      },
    },
    { limit, maxRecords: MAX_CONSENT_RECORDS, signal },
  );
}

const handler = createHeroImagesHandler({
  listConsented,
  fetchImage: createPhotoFetcher({
    onFailure: (url, reason) =>
      logger.warn('A hero profile photo could not be downloaded', { url, reason }),
  }),
  now: Date.now,
  allowLoopbackHttp: emulator,
});

/** Spec section 7, call 1: `{ success, profileImages: [{ imageData, photoURL }], fromCache }`. */
export const get_hero_profile_images = onCall(
  {
    region: 'us-central1',
    // Our site only (SITE_ORIGIN, written to functions/.env.<project> by `npm run deploy` from
    // VITE_SITE_URL); loopback origins in the emulator. Loading fails without it.
    cors: allowedOrigins({ siteOrigin: process.env.SITE_ORIGIN, emulator }),
    maxInstances: 5,
    memory: '256MiB',
    timeoutSeconds: 20,
  },
  async () => {
    try {
      return await handler();
    } catch (error) {
      logger.error('get_hero_profile_images failed', error);
      throw new HttpsError('unavailable', 'Hero images are not available right now.');
    }
  },
);

/**
 * The page's CSP violation reports (`report-uri /csp-report`, `report-to csp-endpoint`): a Hosting
 * rewrite sends /csp-report here, so reports stay on the site's origin. Each violation is logged
 * as a warning (Cloud Logging: `CSP violation`); the body is bounded (functions/src/csp-report.ts).
 */
export const csp_report = onRequest(
  { region: 'us-central1', cors: false, maxInstances: 2, memory: '128MiB', timeoutSeconds: 10 },
  (req, res) => {
    const { status, violations } = handleCspReport({
      method: req.method,
      contentType: req.get('content-type'),
      rawBody: req.rawBody,
    });
    for (const violation of violations) logger.warn('CSP violation', violation);
    res.status(status).end();
  },
);
