import { describe, expect, it } from 'vitest';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import type { WaitlistEntry } from '@/domain/waitlist-entry';
import {
  JOIN_TERMS,
  JOIN_TERMS_GRACE_UNTIL,
  type OfferedJoinTerms,
  PUBLISHED_NOTICE_VERSIONS,
} from '@/domain/join-terms';

/**
 * Another student's uid. UUID-shaped, since Supabase keys users by UUID (a non-UUID would be
 * refused as malformed before any rule runs); any string is a uid to the other backends.
 */
const SOMEONE_ELSE = '0badc0de-0000-4000-8000-000000000000';

export interface WaitlistHarness {
  readonly repo: WaitlistRepo;
  /** Signs in as a fresh student (signing out whoever was signed in) and returns their uid and e-mail. */
  signIn(): Promise<{ uid: string; email: string }>;
  /** How many entries the backend holds for the uid (0 or 1), read behind the port. */
  countEntries(uid: string): Promise<number>;
  /** Moves the last change of the student's campus over a minute back, behind the port. */
  ageCollegeChange(uid: string): Promise<void>;
  /**
   * Joins as the signed-in student sending these terms instead of the page's (an old or a forged
   * page), behind the port: resolves when the backend accepted the entry, rejects with its code.
   */
  joinWithTerms(uid: string, entry: WaitlistEntry, terms: OfferedJoinTerms): Promise<void>;
}

/** Whether the grace of the join terms is over on the backends' clock (the real time). */
const afterGrace = () => Date.now() >= Date.parse(`${JOIN_TERMS_GRACE_UNTIL}T00:00:00Z`);

export function describeWaitlistContract(name: string, setup: () => Promise<WaitlistHarness>) {
  describe(`WaitlistRepo contract: ${name}`, () => {
    it('has no entry for a new student, and one after joining', async () => {
      const h = await setup();
      const { uid, email } = await h.signIn();
      expect(await h.repo.get(uid)).toBeNull();
      await h.repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
      expect(await h.repo.get(uid)).not.toBeNull();
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

    it('reads back the entry as stored, and null when there is none', async () => {
      const h = await setup();
      const { uid, email } = await h.signIn();
      expect(await h.repo.get(uid)).toBeNull();
      const joined = await h.repo.join(uid, {
        email,
        collegeId: 'udg-cucei',
        timestamp: new Date(),
      });
      const read = await h.repo.get(uid);
      expect(read).toMatchObject({ email, collegeId: 'udg-cucei' });
      expect(read!.timestamp).toBeInstanceOf(Date);
      expect(Math.abs(read!.timestamp.getTime() - joined.timestamp.getTime())).toBeLessThan(5_000);
      // The join answered with the entry as stored (the server's date, where the server sets it).
      expect(joined).toEqual(read);
    });

    it('changes the campus of the entry and nothing else', async () => {
      const h = await setup();
      const { uid, email } = await h.signIn();
      await h.repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
      const before = (await h.repo.get(uid))!;
      const changed = await h.repo.changeCollege(uid, 'itesm-gdl');
      expect(changed).toMatchObject({ email, collegeId: 'itesm-gdl' });
      const after = (await h.repo.get(uid))!;
      expect(after).toMatchObject({ email, collegeId: 'itesm-gdl' });
      expect(after.timestamp.getTime()).toBe(before.timestamp.getTime());
      expect(await h.countEntries(uid)).toBe(1);
    });

    it('changes the campus at most once a minute: a second change is resource-exhausted and changes nothing (issue 59)', async () => {
      const h = await setup();
      const { uid, email } = await h.signIn();
      await h.repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
      await h.repo.changeCollege(uid, 'itesm-gdl');
      await expect(h.repo.changeCollege(uid, 'udg-cucea')).rejects.toMatchObject({
        code: 'resource-exhausted',
      });
      expect(await h.repo.get(uid)).toMatchObject({ collegeId: 'itesm-gdl' });
      // A minute later, it may change again, and then not at once again.
      await h.ageCollegeChange(uid);
      expect(await h.repo.changeCollege(uid, 'udg-cucea')).toMatchObject({
        collegeId: 'udg-cucea',
      });
      await expect(h.repo.changeCollege(uid, 'udg-cucei')).rejects.toMatchObject({
        code: 'resource-exhausted',
      });
      expect(await h.repo.get(uid)).toMatchObject({ collegeId: 'udg-cucea' });
    });

    it('accepts a join with the 18+ confirmation and a published notice version (issue 59)', async () => {
      const h = await setup();
      const { uid, email } = await h.signIn();
      expect(PUBLISHED_NOTICE_VERSIONS).toContain(JOIN_TERMS.noticeVersion);
      await h.joinWithTerms(
        uid,
        { email, collegeId: 'udg-cucei', timestamp: new Date() },
        { adult: true, noticeVersion: PUBLISHED_NOTICE_VERSIONS[0] },
      );
      expect(await h.countEntries(uid)).toBe(1);
    });

    it(`refuses, from ${JOIN_TERMS_GRACE_UNTIL}, a join without the 18+ confirmation or with a notice never published; before it, accepts them (issue 59)`, async () => {
      for (const terms of [
        {},
        { adult: true, noticeVersion: '2020-01-01' },
      ] satisfies OfferedJoinTerms[]) {
        const h = await setup();
        const { uid, email } = await h.signIn();
        const joined = h
          .joinWithTerms(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() }, terms)
          .then(
            () => 'accepted',
            (error: { code?: string }) => error.code,
          );
        expect(await joined, JSON.stringify(terms)).toBe(
          afterGrace() ? 'permission-denied' : 'accepted',
        );
        expect(await h.countEntries(uid)).toBe(afterGrace() ? 0 : 1);
      }
      // Never: a confirmation without a version, or a version that is no date.
      for (const terms of [
        { adult: true },
        { adult: false, noticeVersion: JOIN_TERMS.noticeVersion },
        { adult: true, noticeVersion: 'la última' },
      ] satisfies OfferedJoinTerms[]) {
        const h = await setup();
        const { uid, email } = await h.signIn();
        // Refused by the rules, or (Postgres) by the version's own check constraint.
        const refused = await h
          .joinWithTerms(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() }, terms)
          .then(
            () => 'accepted',
            (error: { code?: string }) => error.code,
          );
        expect(['permission-denied', 'invalid-argument'], JSON.stringify(terms)).toContain(refused);
        expect(await h.countEntries(uid)).toBe(0);
      }
    });

    it('changing the campus with no entry fails with not-found and writes nothing', async () => {
      const h = await setup();
      const { uid } = await h.signIn();
      await expect(h.repo.changeCollege(uid, 'itesm-gdl')).rejects.toMatchObject({
        code: 'not-found',
      });
      expect(await h.countEntries(uid)).toBe(0);
    });

    it('leaving deletes the entry; leaving again is no error; joining again works', async () => {
      const h = await setup();
      const { uid, email } = await h.signIn();
      await h.repo.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
      await h.repo.leave(uid);
      expect(await h.countEntries(uid)).toBe(0);
      expect(await h.repo.get(uid)).toBeNull();
      await h.repo.leave(uid);
      const again = await h.repo.join(uid, {
        email,
        collegeId: 'udg-cucea',
        timestamp: new Date(),
      });
      expect(again).toMatchObject({ email, collegeId: 'udg-cucea' });
      expect(await h.countEntries(uid)).toBe(1);
    });

    it("never changes or deletes another student's entry", async () => {
      const h = await setup();
      const first = await h.signIn();
      await h.repo.join(first.uid, {
        email: first.email,
        collegeId: 'udg-cucei',
        timestamp: new Date(),
      });
      await h.signIn(); // someone else now
      const change = await h.repo.changeCollege(first.uid, 'itesm-gdl').then(
        () => 'changed',
        (error: { code?: string }) => error.code,
      );
      expect(['permission-denied', 'not-found']).toContain(change);
      await h.repo.leave(first.uid).catch(() => {});
      expect(await h.countEntries(first.uid)).toBe(1);
      expect(await h.repo.get(first.uid).catch(() => null)).toBeNull();
    });
  });
}
