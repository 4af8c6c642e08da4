import { describe, expect, it } from 'vitest';
import type { SellerCategory } from '@/domain/seller-choice';
import type { SellerChoices } from '@/ports/seller-choices.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { onList } from './on-list';

export interface SellerChoicesHarness {
  readonly repo: SellerChoices;
  readonly waitlist: WaitlistRepo;
  /** Signs in as a fresh student (signing out whoever was signed in). */
  signIn(): Promise<{ uid: string; email: string }>;
  signInAs(student: { uid: string; email: string }): Promise<void>;
  /** The student's choice as stored, behind the port (admin-only): null when no record. */
  held(uid: string): Promise<string[] | null>;
}

/** Every backend keeps who will sell, and what, the same way (issue 49, part 1). */
export function describeSellerChoicesContract(
  name: string,
  setup: () => Promise<SellerChoicesHarness>,
) {
  describe(`SellerChoices contract: ${name}`, () => {
    const joined = (h: SellerChoicesHarness) => onList(h, h.signIn());

    it('has none at first, saves a choice in the landing order, changes and clears it', async () => {
      const h = await setup();
      const s = await joined(h);
      expect(await h.repo.get(s.uid)).toEqual([]);
      expect(await h.repo.save(s.uid, ['postres', 'comida-casera'])).toEqual([
        'comida-casera',
        'postres',
      ]);
      expect(await h.repo.get(s.uid)).toEqual(['comida-casera', 'postres']);
      expect(await h.repo.save(s.uid, ['material-de-estudio'])).toEqual(['material-de-estudio']);
      expect(await h.repo.get(s.uid)).toEqual(['material-de-estudio']);
      expect(await h.repo.save(s.uid, [])).toEqual([]);
      expect(await h.repo.get(s.uid)).toEqual([]);
      expect(await h.held(s.uid)).toBeNull();
    });

    it('refuses an unknown category and keeps what was saved', async () => {
      const h = await setup();
      const s = await joined(h);
      await h.repo.save(s.uid, ['snacks']);
      for (const bad of [['snacks', 'tacos'], ['SNACKS'], [7], ['snacks', '']]) {
        await expect(h.repo.save(s.uid, bad as unknown as SellerCategory[])).rejects.toMatchObject({
          code: 'invalid-argument',
        });
      }
      expect(await h.repo.get(s.uid)).toEqual(['snacks']);
    });

    it('refuses a student who is not on the list (not-found), and writes nothing', async () => {
      const h = await setup();
      const s = await h.signIn();
      await expect(h.repo.save(s.uid, ['servicios'])).rejects.toMatchObject({
        code: 'not-found',
      });
      expect(await h.held(s.uid)).toBeNull();
    });

    it("refuses another student's uid, to read or to write", async () => {
      const h = await setup();
      const first = await joined(h);
      await h.repo.save(first.uid, ['postres']);
      await h.signIn();
      await expect(h.repo.get(first.uid)).rejects.toMatchObject({ code: 'permission-denied' });
      await expect(h.repo.save(first.uid, ['snacks'])).rejects.toMatchObject({
        code: 'permission-denied',
      });
      expect(await h.held(first.uid)).toEqual(['postres']);
    });

    it('deletes the choice when the student leaves', async () => {
      const h = await setup();
      const s = await joined(h);
      await h.repo.save(s.uid, ['servicios', 'snacks']);
      await h.waitlist.leave(s.uid);
      expect(await h.held(s.uid)).toBeNull();
      await h.signInAs(s);
      await h.waitlist.join(s.uid, {
        email: s.email,
        collegeId: 'udg-cucei',
        timestamp: new Date(),
      });
      expect(await h.repo.get(s.uid)).toEqual([]);
    });
  });
}
