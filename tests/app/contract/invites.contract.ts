import { describe, expect, it } from 'vitest';
import {
  INVITE_CREDIT_WINDOW_MS,
  MAX_INVITE_CREDITS_PER_DAY,
  parseInviteCode,
} from '@/domain/invite-code';
import type { Invites } from '@/ports/invites.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { onList } from './on-list';

export interface Student {
  readonly uid: string;
  readonly email: string;
}

export interface InvitesHarness {
  readonly repo: Invites;
  /** The same backend's waitlist: invites need an entry. */
  readonly waitlist: WaitlistRepo;
  /**
   * Signs in as a fresh student (signing out whoever was signed in): with a university address
   * of the campus the tests join (udg-cucei) by default, or a personal one.
   */
  newStudent(kind?: 'university' | 'personal'): Promise<Student>;
  /**
   * Arranges, behind the port, that the student verified a university address of udg-cucei by a
   * code (issue 48), as the verification port records it; the backend's counts follow.
   */
  verify(student: Student): Promise<void>;
  /** Signs in again as a student made earlier. */
  signInAs(student: Student): Promise<void>;
  /** Arranges, behind the port, that the student's entry was made `ms` before now. */
  ageEntry(student: Student, ms: number): Promise<void>;
  /** Arranges, behind the port, that the backend made the student's account `ms` before now. */
  ageAccount(student: Student, ms: number): Promise<void>;
  /** Arranges, behind the port, that `n` arrivals were credited to the inviter today already. */
  creditedToday(inviter: Student, n: number): Promise<void>;
}

/**
 * Every backend keeps invites the same way: one code per student, made by the backend; one credit
 * per account; a self-invite, a second credit, an unknown or malformed code change nothing.
 */
export function describeInvitesContract(name: string, setup: () => Promise<InvitesHarness>) {
  describe(`Invites contract: ${name}`, () => {
    const joined = (
      h: InvitesHarness,
      kind: 'university' | 'personal' = 'university',
    ): Promise<Student> => onList(h, h.newStudent(kind));

    it('a student without an entry has no invites (not-found), and cannot be credited', async () => {
      const h = await setup();
      const inviter = await joined(h);
      const { code } = await h.repo.mine(inviter.uid);
      const outsider = await h.newStudent();
      await expect(h.repo.mine(outsider.uid)).rejects.toMatchObject({ code: 'not-found' });
      expect(await h.repo.accept(outsider.uid, code)).toBe(false);
      await h.signInAs(inviter);
      expect((await h.repo.mine(inviter.uid)).joined).toBe(0);
    });

    it('gives each student one well-formed code of their own, the same on every read', async () => {
      const h = await setup();
      const a = await joined(h);
      const first = await h.repo.mine(a.uid);
      expect(parseInviteCode(first.code)).toBe(first.code);
      expect(first.joined).toBe(0);
      expect((await h.repo.mine(a.uid)).code).toBe(first.code);
      const b = await joined(h);
      expect((await h.repo.mine(b.uid)).code).not.toBe(first.code);
    });

    it('credits a classmate who joined with the code once, and never twice', async () => {
      const h = await setup();
      const inviter = await joined(h);
      const { code } = await h.repo.mine(inviter.uid);
      const classmate = await joined(h);
      // Written as a student might paste it: lowercase, with spaces.
      expect(await h.repo.accept(classmate.uid, `  ${code.toLowerCase()} `)).toBe(true);
      expect(await h.repo.accept(classmate.uid, code)).toBe(false);
      const third = await joined(h);
      const { code: thirdCode } = await h.repo.mine(third.uid);
      await h.signInAs(classmate);
      expect(await h.repo.accept(classmate.uid, thirdCode)).toBe(false); // already credited
      await h.signInAs(inviter);
      expect((await h.repo.mine(inviter.uid)).joined).toBe(1);
      await h.signInAs(third);
      expect((await h.repo.mine(third.uid)).joined).toBe(0);
      // A classmate who left the list no longer counts.
      await h.signInAs(classmate);
      await h.waitlist.leave(classmate.uid);
      await h.signInAs(inviter);
      expect((await h.repo.mine(inviter.uid)).joined).toBe(0);
    });

    it('credits only an entry made within a day (issue 51: an old account is not farmed)', async () => {
      const h = await setup();
      const inviter = await joined(h);
      const { code } = await h.repo.mine(inviter.uid);
      const old = await joined(h);
      await h.ageEntry(old, INVITE_CREDIT_WINDOW_MS + 60_000);
      await h.signInAs(old);
      expect(await h.repo.accept(old.uid, code)).toBe(false);
      const recent = await joined(h);
      await h.verify(recent);
      await h.ageEntry(recent, INVITE_CREDIT_WINDOW_MS - 60_000);
      await h.signInAs(recent);
      expect(await h.repo.accept(recent.uid, code)).toBe(true);
      await h.signInAs(inviter);
      expect((await h.repo.mine(inviter.uid)).joined).toBe(1);
    });

    it('credits no old account that joins anew (issue 51: leaving and joining again farms nothing)', async () => {
      const h = await setup();
      const inviter = await joined(h);
      const { code } = await h.repo.mine(inviter.uid);
      // An entry made just now, by an account the backend has held for more than a day.
      const old = await joined(h);
      await h.ageAccount(old, INVITE_CREDIT_WINDOW_MS + 60_000);
      await h.signInAs(old);
      expect(await h.repo.accept(old.uid, code)).toBe(false);
      const fresh = await joined(h);
      await h.verify(fresh);
      await h.ageAccount(fresh, INVITE_CREDIT_WINDOW_MS - 60_000);
      await h.signInAs(fresh);
      expect(await h.repo.accept(fresh.uid, code)).toBe(true);
      await h.signInAs(inviter);
      expect((await h.repo.mine(inviter.uid)).joined).toBe(1);
    });

    it(`credits an inviter at most ${MAX_INVITE_CREDITS_PER_DAY} arrivals a day (issue 51)`, async () => {
      const h = await setup();
      const inviter = await joined(h);
      const { code } = await h.repo.mine(inviter.uid);
      await h.creditedToday(inviter, MAX_INVITE_CREDITS_PER_DAY - 1);
      const last = await joined(h);
      expect(await h.repo.accept(last.uid, code)).toBe(true);
      const over = await joined(h);
      expect(await h.repo.accept(over.uid, code)).toBe(false);
      await h.signInAs(inviter);
      expect((await h.repo.mine(inviter.uid)).joined).toBe(1); // the arranged ones are no accounts
    });

    it("counts a credited classmate only while verified at the inviter's campus (issue 48)", async () => {
      const h = await setup();
      const inviter = await joined(h);
      const { code } = await h.repo.mine(inviter.uid);
      const classmate = await joined(h, 'personal');
      // Recorded, but a personal address counts for no campus.
      expect(await h.repo.accept(classmate.uid, code)).toBe(true);
      await h.signInAs(inviter);
      expect((await h.repo.mine(inviter.uid)).joined).toBe(0);
      // Once verified, the credit comes.
      await h.verify(classmate);
      expect((await h.repo.mine(inviter.uid)).joined).toBe(1);
      // At another campus (of the same university: still verified) it goes, and comes back.
      await h.signInAs(classmate);
      await h.waitlist.changeCollege(classmate.uid, 'udg-cucea');
      await h.signInAs(inviter);
      expect((await h.repo.mine(inviter.uid)).joined).toBe(0);
      await h.signInAs(classmate);
      await h.waitlist.changeCollege(classmate.uid, 'udg-cucei');
      await h.signInAs(inviter);
      expect((await h.repo.mine(inviter.uid)).joined).toBe(1);
      // Leaving takes it away.
      await h.signInAs(classmate);
      await h.waitlist.leave(classmate.uid);
      await h.signInAs(inviter);
      expect((await h.repo.mine(inviter.uid)).joined).toBe(0);
    });

    it('previews the campus of a code and its floored progress, nothing of the inviter (issue 48)', async () => {
      const h = await setup();
      const inviter = await joined(h);
      const { code } = await h.repo.mine(inviter.uid);
      const preview = await h.repo.preview(code.toLowerCase());
      expect(preview?.college.id).toBe('udg-cucei');
      expect(preview?.college.shortName).toBe('UDG - CUCEI');
      // Floored as everywhere: no figure under 10 (a shared database may hold more students).
      const shown = preview?.progress.verified ?? null;
      expect(shown === null || shown >= 10).toBe(true);
      expect(JSON.stringify(preview)).not.toContain(inviter.uid);
      expect(JSON.stringify(preview)).not.toContain(inviter.email);
      expect(await h.repo.preview('ZZZZZZZZ')).toBeNull();
      for (const bad of ['', 'abc', '<script>', `${code}X`]) {
        expect(await h.repo.preview(bad)).toBeNull();
      }
      // A code whose student left has no campus to show.
      await h.waitlist.leave(inviter.uid);
      expect(await h.repo.preview(code)).toBeNull();
    });

    it('refuses a self-invite, and ignores an unknown or malformed code', async () => {
      const h = await setup();
      const student = await joined(h);
      const { code } = await h.repo.mine(student.uid);
      expect(await h.repo.accept(student.uid, code)).toBe(false);
      expect(await h.repo.accept(student.uid, 'ZZZZZZZZ')).toBe(false);
      for (const bad of ['', 'abc', 'ZZZZ ZZZZ', '0OIL1UUU', `${code}X`, '<script>']) {
        expect(await h.repo.accept(student.uid, bad)).toBe(false);
      }
      expect((await h.repo.mine(student.uid)).joined).toBe(0);
    });

    it("another student's invites are refused", async () => {
      const h = await setup();
      const first = await joined(h);
      await joined(h);
      await expect(h.repo.mine(first.uid)).rejects.toMatchObject({ code: 'permission-denied' });
      await expect(h.repo.accept(first.uid, 'ZZZZZZZZ')).rejects.toMatchObject({
        code: 'permission-denied',
      });
    });
  });
}
