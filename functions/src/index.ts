import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { logger } from 'firebase-functions';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { type ConsentedProfile, createHeroImagesHandler, MAX_IMAGES } from './hero-images';

initializeApp();

/** The custom claim an administrator sets on a student who agreed to appear in the hero strip. */
export const CONSENT_CLAIM = 'heroConsent';

/** Every Auth user with the consent claim and a profile photo, at most MAX_IMAGES. */
async function listConsented(): Promise<ConsentedProfile[]> {
  const found: ConsentedProfile[] = [];
  let pageToken: string | undefined;
  do {
    const page = await getAuth().listUsers(1000, pageToken);
    for (const user of page.users) {
      if (user.customClaims?.[CONSENT_CLAIM] === true && user.photoURL && !user.disabled) {
        found.push({ uid: user.uid, photoURL: user.photoURL });
        if (found.length === MAX_IMAGES) return found;
      }
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return found;
}

async function fetchImage(url: string) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'follow' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return {
      contentType: response.headers.get('content-type') ?? '',
      bytes: new Uint8Array(await response.arrayBuffer()),
    };
  } catch (error) {
    logger.warn('A hero profile photo could not be downloaded', { url, error: String(error) });
    return null;
  }
}

const handler = createHeroImagesHandler({
  listConsented,
  fetchImage,
  now: Date.now,
  allowLoopbackHttp: process.env.FUNCTIONS_EMULATOR === 'true',
});

/** Spec section 7, call 1: `{ success, profileImages: [{ imageData, photoURL }], fromCache }`. */
export const get_hero_profile_images = onCall(
  { region: 'us-central1', cors: true, maxInstances: 5, memory: '256MiB' },
  async () => {
    try {
      return await handler();
    } catch (error) {
      logger.error('get_hero_profile_images failed', error);
      throw new HttpsError('unavailable', 'Hero images are not available right now.');
    }
  },
);
