import { describe, expect, it } from 'vitest';
import type { HeroConsentRepo } from '@/ports/hero-consent.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { onList } from './on-list';

export interface HeroConsentHarness {
  readonly repo: HeroConsentRepo;
  /** The same backend's waitlist: consent needs an entry. */
  readonly waitlist: WaitlistRepo;
  /** Signs in as a fresh student (signing out whoever was signed in). */
  signIn(): Promise<{ uid: string; email: string }>;
  /** Whether the backend holds a consent record for the uid, read behind the port. */
  hasConsent(uid: string): Promise<boolean>;
}

/** A consent's date is the backend's: near this machine's clock, within a generous skew. */
const SKEW_MS = 5 * 60_000;

export function describeHeroConsentContract(
  name: string,
  setup: () => Promise<HeroConsentHarness>,
) {
  describe(`HeroConsentRepo contract: ${name}`, () => {
    /** Signs in as a fresh student and puts them on the list. */
    const joined = (h: HeroConsentHarness) => onList(h, h.signIn());

    it('has no consent for a new student (off by default)', async () => {
      const h = await setup();
      const { uid } = await joined(h);
      expect(await h.repo.get(uid)).toBeNull();
      expect(await h.hasConsent(uid)).toBe(false);
    });

    it('records the consent with its date, and revoking deletes it', async () => {
      const h = await setup();
      const { uid } = await joined(h);
      await h.repo.grant(uid);
      const consent = await h.repo.get(uid);
      expect(consent?.grantedAt).toBeInstanceOf(Date);
      expect(Math.abs(consent!.grantedAt.getTime() - Date.now())).toBeLessThan(SKEW_MS);
      expect(await h.hasConsent(uid)).toBe(true);
      await h.repo.revoke(uid);
      expect(await h.repo.get(uid)).toBeNull();
      expect(await h.hasConsent(uid)).toBe(false);
    });

    it('granting twice keeps one record; revoking twice is no error', async () => {
      const h = await setup();
      const { uid } = await joined(h);
      await h.repo.grant(uid);
      await h.repo.grant(uid);
      expect(await h.hasConsent(uid)).toBe(true);
      await h.repo.revoke(uid);
      await h.repo.revoke(uid);
      expect(await h.hasConsent(uid)).toBe(false);
    });

    it("never reads, writes or revokes another student's consent", async () => {
      const h = await setup();
      const first = await joined(h);
      await h.repo.grant(first.uid);
      const second = await joined(h);
      expect(await h.repo.get(first.uid).catch(() => null)).toBeNull();
      await h.repo.revoke(first.uid).catch(() => {});
      expect(await h.hasConsent(first.uid)).toBe(true);
      await h.signIn();
      await expect(h.repo.grant(second.uid)).rejects.toMatchObject({ code: 'permission-denied' });
      expect(await h.hasConsent(second.uid)).toBe(false);
    });

    it('refuses the consent of a student who is not on the list', async () => {
      const h = await setup();
      const { uid } = await h.signIn();
      await expect(h.repo.grant(uid)).rejects.toMatchObject({ code: 'permission-denied' });
      expect(await h.hasConsent(uid)).toBe(false);
    });

    it('giving the consent again keeps its first date (renewing never moves a student up)', async () => {
      const h = await setup();
      const { uid } = await joined(h);
      await h.repo.grant(uid);
      const first = (await h.repo.get(uid))!.grantedAt.getTime();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await h.repo.grant(uid);
      expect((await h.repo.get(uid))!.grantedAt.getTime()).toBe(first);
    });
  });
}
