import { PRIVACY_NOTICE_VERSION } from '@/domain/join-terms';
import type { HeroConsentRepo } from '@/ports/hero-consent.port';
import { AppError } from '@/domain/errors';
import { assertSignedIn } from './memory-auth.adapter';
import type { MemoryContext, Slice } from './memory-store';
import { isDate, recordOf, without } from './memory-values';
import { isNotice } from './memory-waitlist.adapter';

declare module './memory-store' {
  interface MemoryState {
    /** Hero-strip consents, keyed by uid: when each was given (ISO 8601). */
    readonly consents: Readonly<Record<string, string>>;
    /** The privacy notice's version each current hero consent was given under, keyed by uid. */
    readonly consentNotices: Readonly<Record<string, string>>;
  }
}

/** The hero consent's slice: who consented, when, and under which privacy notice. */
export const heroConsentSlice: Slice<'consents' | 'consentNotices'> = {
  empty: () => ({ consents: {}, consentNotices: {} }),
  parse: (d) => ({
    consents: recordOf(d.consents, isDate),
    consentNotices: recordOf(d.consentNotices, isNotice),
  }),
  withoutStudent: (state, uid) => ({
    consents: without(state.consents, uid),
    consentNotices: without(state.consentNotices, uid),
  }),
};

/** The hero consent's operator control. */
export interface HeroConsentControls {
  /** The hero-strip consents: when each student gave theirs (ISO 8601), keyed by uid. */
  consents(): Record<string, string>;
}

export const heroConsentControls = ({ store }: MemoryContext): HeroConsentControls => ({
  consents: () => ({ ...store.read().consents }),
});

/**
 * Hero-strip consents in storage, keyed by uid; only the signed-in student touches their own, and
 * only once on the list (as the real backends' rules say).
 */
export function createMemoryHeroConsent({
  store,
  controls,
  clock,
}: MemoryContext): HeroConsentRepo {
  const own = (uid: string): void => assertSignedIn(store.read(), uid, 'use their consent');
  return {
    async get(uid) {
      await controls.enter('getConsent');
      own(uid);
      const grantedAt = store.read().consents[uid];
      return grantedAt ? { grantedAt: new Date(grantedAt) } : null;
    },
    async grant(uid) {
      await controls.enter('grantConsent');
      own(uid);
      if (!Object.hasOwn(store.read().entries, uid)) {
        throw new AppError('permission-denied', 'Only a student on the list may consent');
      }
      // Giving it again keeps the first date: renewing never moves a student up the strip.
      const grantedAt = store.read().consents[uid] ?? clock.now().toISOString();
      store.update((state) => ({
        ...state,
        consents: { ...state.consents, [uid]: grantedAt },
        consentNotices: {
          ...state.consentNotices,
          [uid]: state.consentNotices[uid] ?? PRIVACY_NOTICE_VERSION,
        },
      }));
    },
    async revoke(uid) {
      await controls.enter('revokeConsent');
      own(uid);
      // The operator's approval of the photo goes with the consent.
      store.update((state) => ({
        ...state,
        consents: without(state.consents, uid),
        consentNotices: without(state.consentNotices, uid),
        reviews: without(state.reviews, uid),
      }));
    },
  };
}
