import { describe, expect, it } from 'vitest';
import type { HeroConsentRepo } from '@/ports/hero-consent.port';

export interface HeroConsentHarness {
  readonly repo: HeroConsentRepo;
  /** Signs in as a fresh student (signing out whoever was signed in) and returns their uid. */
  signIn(): Promise<{ uid: string }>;
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
    it('has no consent for a new student (off by default)', async () => {
      const h = await setup();
      const { uid } = await h.signIn();
      expect(await h.repo.get(uid)).toBeNull();
      expect(await h.hasConsent(uid)).toBe(false);
    });

    it('records the consent with its date, and revoking deletes it', async () => {
      const h = await setup();
      const { uid } = await h.signIn();
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
      const { uid } = await h.signIn();
      await h.repo.grant(uid);
      await h.repo.grant(uid);
      expect(await h.hasConsent(uid)).toBe(true);
      await h.repo.revoke(uid);
      await h.repo.revoke(uid);
      expect(await h.hasConsent(uid)).toBe(false);
    });

    it("never reads, writes or revokes another student's consent", async () => {
      const h = await setup();
      const first = await h.signIn();
      await h.repo.grant(first.uid);
      const second = await h.signIn();
      expect(await h.repo.get(first.uid).catch(() => null)).toBeNull();
      await h.repo.revoke(first.uid).catch(() => {});
      expect(await h.hasConsent(first.uid)).toBe(true);
      await h.signIn();
      await expect(h.repo.grant(second.uid)).rejects.toMatchObject({ code: 'permission-denied' });
      expect(await h.hasConsent(second.uid)).toBe(false);
    });
  });
}
