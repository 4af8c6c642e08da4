/**
 * The hero strip's photos on Firebase (spec section 7, call 1; issue 23): the callable
 * `get_hero_profile_images` and the consent source it reads in Firestore and Auth. Who may appear,
 * the bounds of a call, the photo download and its cache are hero-images.logic.ts (free of
 * Firebase, tested on its own).
 *
 * - `heroConsent/{uid}` = `{ grantedAt, noticeVersion }` (no version from a page before it),
 *   present while consent is current;
 * - `heroApproval/{uid}` = `{ photoURL, approved, decidedAt }`: the operator's photo decisions
 *   (admin-only);
 * - `heroSettings/strip` = `{ enabled }`: the operator's kill switch (admin-only).
 */
import type { Auth } from 'firebase-admin/auth';
import { type Firestore, Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import {
  type ConsentedProfile,
  createHeroImagesHandler,
  createPhotoFetcher,
  MAX_APPROVALS_READ,
  MAX_CONSENT_RECORDS,
  readConsented,
} from './hero-images.logic';
import { COLLECTIONS, HERO_STRIP_DOC } from './mirror/adapters/firebase/firestore-names';
import { adminAuth, CALLABLE, db, emulator } from './platform';

/** The documents `collection/{uid}` of these uids: one `getAll` call. */
function readEach(collection: string, uids: string[]) {
  return db().getAll(...uids.map((uid) => db().collection(collection).doc(uid)));
}

/**
 * The consent source, in one place: who may appear in the hero strip. The current consent records
 * of the students whose photo the operator approved, oldest first, then, for exactly those, their
 * Auth profiles (one `getUsers` call; the photo of their `google.com` provider entry), their
 * entries and the operator's approvals (one `getAll` each).
 */
function listConsented(limit: number, signal: AbortSignal): Promise<ConsentedProfile[]> {
  return readConsented(
    {
      async listConsentUids(max) {
        // Approved photos first (issue 51): the approvals (ids only), then those students'
        // consent records, oldest consent first. Reading the oldest consents first let twenty
        // early consents without an approval hide every later approved photo.
        const approvals = await db()
          .collection(COLLECTIONS.heroApproval)
          .where('approved', '==', true)
          .limit(MAX_APPROVALS_READ)
          .select()
          .get();
        if (approvals.empty) return [];
        const consents = await db().getAll(
          ...approvals.docs.map((doc) => db().collection(COLLECTIONS.heroConsent).doc(doc.id)),
          { fieldMask: ['grantedAt'] },
        );
        const granted = (s: (typeof consents)[number]) =>
          s.get('grantedAt')?.toMillis?.() ?? Number.POSITIVE_INFINITY;
        return consents
          .filter((s) => s.exists)
          .sort((a, b) => granted(a) - granted(b) || a.id.localeCompare(b.id))
          .slice(0, max)
          .map((s) => s.id);
      },
      async getProfiles(uids) {
        const { users } = await adminAuth().getUsers(uids.map((uid) => ({ uid })));
        return users.map((u) => ({
          uid: u.uid,
          photoURL: u.providerData.find((p) => p.providerId === 'google.com')?.photoURL,
          disabled: u.disabled,
        }));
      },
      async onList(uids) {
        const entries = await readEach(COLLECTIONS.waitlist, uids);
        return new Set(entries.filter((s) => s.exists).map((s) => s.id));
      },
      async approvedPhotos(uids) {
        const snapshots = await readEach(COLLECTIONS.heroApproval, uids);
        const approved = new Map<string, string>();
        for (const s of snapshots) {
          const data = s.data();
          if (data?.approved === true && typeof data.photoURL === 'string') {
            approved.set(s.id, data.photoURL);
          }
        }
        return approved;
      },
    },
    { limit, maxRecords: MAX_CONSENT_RECORDS, signal, allowLoopbackHttp: emulator },
  );
}

/** The kill switch: the strip shows nobody while `heroSettings/strip` says `enabled: false`. */
async function stripEnabled(): Promise<boolean> {
  const snapshot = await db().collection(COLLECTIONS.heroSettings).doc(HERO_STRIP_DOC).get();
  return snapshot.data()?.enabled !== false;
}

const handler = createHeroImagesHandler({
  listConsented,
  stripEnabled,
  fetchImage: createPhotoFetcher({
    // The reason only: a photo's address identifies its student.
    onFailure: (_url, reason) =>
      logger.warn('A hero profile photo could not be downloaded', { reason }),
  }),
  now: Date.now,
  allowLoopbackHttp: emulator,
});

/** Spec section 7, call 1: `{ success, profileImages: [{ imageData, photoURL }], fromCache }`. */
export const get_hero_profile_images = onCall(CALLABLE, async () => {
  try {
    return await handler();
  } catch (error) {
    logger.error('get_hero_profile_images failed', error);
    throw new HttpsError('unavailable', 'Hero images are not available right now.');
  }
});

const googlePhoto = (
  user: { providerData: readonly { providerId: string; photoURL?: string }[] } | undefined,
) => user?.providerData.find((p) => p.providerId === 'google.com')?.photoURL ?? null;

/** A photo in the operators' review: the student, when they consented, the photo and its state. */
export interface HeroReviewRow {
  uid: string;
  /** ISO instant of the consent. */
  granted: string;
  photo: string;
  status: 'pending' | 'approved' | 'rejected';
}

/**
 * The operators' review queue (issue 23; the console and `npm run hero:photos`, issue 61):
 * consenting students on the list with a Google photo, oldest consent first, each photo's state
 * (a photo changed since its decision is pending again).
 */
export async function heroQueue(
  store: Firestore,
  auth: Pick<Auth, 'getUsers'>,
): Promise<HeroReviewRow[]> {
  const consents = await store
    .collection(COLLECTIONS.heroConsent)
    .orderBy('grantedAt', 'asc')
    .get();
  const uids = consents.docs.map((d) => d.id);
  if (!uids.length) return [];
  const refs = (name: string) => uids.map((uid) => store.collection(name).doc(uid));
  const [entries, decisions] = await Promise.all([
    store.getAll(...refs(COLLECTIONS.waitlist)),
    store.getAll(...refs(COLLECTIONS.heroApproval)),
  ]);
  const users = new Map<string, Parameters<typeof googlePhoto>[0]>();
  for (let i = 0; i < uids.length; i += 100) {
    const { users: found } = await auth.getUsers(uids.slice(i, i + 100).map((uid) => ({ uid })));
    for (const user of found) users.set(user.uid, user);
  }
  return uids.flatMap((uid, i): HeroReviewRow[] => {
    const photo = googlePhoto(users.get(uid));
    if (!entries[i]!.exists || !photo) return [];
    const decision = decisions[i]!.data();
    const status =
      decision?.photoURL !== photo
        ? 'pending'
        : decision?.approved === true
          ? 'approved'
          : 'rejected';
    const granted = consents.docs[i]!.get('grantedAt') as unknown;
    return [
      {
        uid,
        granted: granted instanceof Timestamp ? granted.toDate().toISOString() : '',
        photo,
        status,
      },
    ];
  });
}
