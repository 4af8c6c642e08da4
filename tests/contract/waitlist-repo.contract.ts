import { describe, expect, it } from 'vitest';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';

/**
 * Another student's uid. UUID-shaped, since Supabase keys users by UUID (a non-UUID would be
 * refused as malformed before any rule runs); any string is a uid to the other backends.
 */
const SOMEONE_ELSE = '0badc0de-0000-4000-8000-000000000000';

export interface WaitlistHarness {
  readonly repo: WaitlistRepo;
  /** Signs in as a fresh student and returns their uid and e-mail. */
  signIn(): Promise<{ uid: string; email: string }>;
  /** How many entries the backend holds for the uid (0 or 1), read behind the port. */
  countEntries(uid: string): Promise<number>;
}

export function describeWaitlistContract(name: string, setup: () => Promise<WaitlistHarness>) {
  describe(`WaitlistRepo contract: ${name}`, () => {
    it('has no entry for a new student, and one after joining', async () => {
      const h = await setup();
      const { uid, email } = await h.signIn();
      expect(await h.repo.exists(uid)).toBe(false);
      await h.repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
      expect(await h.repo.exists(uid)).toBe(true);
    });

    it('joining twice leaves one entry', async () => {
      const h = await setup();
      const { uid, email } = await h.signIn();
      await h.repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
      await h.repo
        .join(uid, { email, collegeId: 'udg-cucea', timestamp: new Date() })
        .catch(() => {});
      expect(await h.countEntries(uid)).toBe(1);
    });

    it('the first entry stands: a re-join with another college answers with the stored one', async () => {
      const h = await setup();
      const { uid, email } = await h.signIn();
      const first = await h.repo.join(uid, {
        email,
        collegeId: 'udg-cucei',
        timestamp: new Date(),
      });
      expect(first).toMatchObject({ email, collegeId: 'udg-cucei' });
      expect(first.timestamp).toBeInstanceOf(Date);
      const again = await h.repo.join(uid, {
        email,
        collegeId: 'udg-cucea',
        timestamp: new Date(Date.now() + 60_000),
      });
      expect(again).toMatchObject({ email, collegeId: 'udg-cucei' });
      expect(Math.abs(again.timestamp.getTime() - first.timestamp.getTime())).toBeLessThan(5_000);
      expect(await h.countEntries(uid)).toBe(1);
    });

    it("refuses to write another student's entry with permission-denied", async () => {
      const h = await setup();
      const { email } = await h.signIn();
      await expect(
        h.repo.join(SOMEONE_ELSE, { email, collegeId: 'udg-cucei', timestamp: new Date() }),
      ).rejects.toMatchObject({ code: 'permission-denied' });
      expect(await h.countEntries(SOMEONE_ELSE)).toBe(0);
    });
  });
}
