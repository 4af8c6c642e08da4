import { initializeApp } from 'firebase-admin/app';
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { logger } from 'firebase-functions';
import { HttpsError, onCall, onRequest } from 'firebase-functions/v2/https';
import { handleCspReport } from './csp-report';
import {
  allowedOrigins,
  type ConsentedProfile,
  createHeroImagesHandler,
  createPhotoFetcher,
  MAX_SCANNED_ACCOUNTS,
  scanConsented,
} from './hero-images';

initializeApp();

const emulator = process.env.FUNCTIONS_EMULATOR === 'true';

/** The custom claim an administrator sets on a student who agreed to appear in the hero strip. */
export const CONSENT_CLAIM = 'heroConsent';

/**
 * The consent source, in one place: who may appear in the hero strip. Today, Auth accounts with
 * the `heroConsent` claim and a profile photo (functions/scripts/hero-consent.mjs sets it); a
 * consent record elsewhere replaces only this function.
 */
function listConsented(limit: number, signal: AbortSignal): Promise<ConsentedProfile[]> {
  return scanConsented(
    async (pageToken) => {
      const page = await getAuth().listUsers(1000, pageToken);
      return { accounts: page.users, pageToken: page.pageToken };
    },
    (user: UserRecord) =>
      user.customClaims?.[CONSENT_CLAIM] === true && user.photoURL && !user.disabled
        ? { uid: user.uid, photoURL: user.photoURL }
        : null,
    { limit, maxScanned: MAX_SCANNED_ACCOUNTS, signal },
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
