import { PRIVACY_NOTICE_VERSION } from '@/domain/join-terms';
import type { Clock } from '@/ports/clock.port';
import type { HeroConsentRepo } from '@/ports/hero-consent.port';
import { AppError } from '@/domain/errors';
import type { Controls } from './memory-controls';
import { type StateStore, without } from './memory-state';

/**
 * Hero-strip consents in storage, keyed by uid; only the signed-in student touches their own, and
 * only once on the list (as the real backends' rules say).
 */
export function createMemoryHeroConsent({
  store,
  controls,
  clock,
}: {
  store: StateStore;
  controls: Controls;
  clock: Clock;
}): HeroConsentRepo {
  const own = (uid: string): void => {
    if (store.read().sessionUid !== uid) {
      throw new AppError('permission-denied', 'Only the signed-in user may use their consent');
    }
  };
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
