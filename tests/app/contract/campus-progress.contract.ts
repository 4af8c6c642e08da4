import { describe, expect, it } from 'vitest';
import type { CampusSettings } from '@/domain/campus-progress';
import { DEFAULT_THRESHOLD, PROGRESS_FLOOR } from '@/domain/campus-progress';
import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import type { CampusRequests } from '@/ports/campus-requests.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { onList } from './on-list';

export interface CampusProgressHarness {
  readonly repo: CampusProgressRepo;
  /** The same backend's waitlist: the campus is the entry's. */
  readonly waitlist: WaitlistRepo;
  /**
   * Signs in as a fresh student (signing out whoever was signed in): with an address of the
   * University of Guadalajara's student domain, or a personal one.
   */
  signIn(kind: 'institutional' | 'personal'): Promise<{ uid: string; email: string }>;
  /** Signs out whoever is signed in: the page of a visitor who never signed in. */
  signOut(): Promise<void>;
  /** The same backend's campus requests: a pending campus is a student's request (issue 49). */
  readonly requests: CampusRequests;
  /** Adds `count` verified students of the campus, behind the port (other students' entries). */
  addVerified(collegeId: string, count: number): Promise<void>;
  /** The operators' settings of a campus, written behind the port (the ops command's job). */
  setCampus(collegeId: string, settings: CampusSettings): Promise<void>;
  /**
   * Two campuses of the University of Guadalajara (domain `alumnos.udg.mx`, 'de la UdeG') that
   * no other test has touched: counts start at zero.
   */
  readonly campuses: { readonly a: string; readonly b: string };
}

/**
 * Every backend answers the same campus for the same data: the caller's campus only, counted by
 * the backend, floored, with the operators' settings and the caller's verification.
 */
export function describeCampusProgressContract(
  name: string,
  setup: () => Promise<CampusProgressHarness>,
) {
  describe(`CampusProgressRepo contract: ${name}`, () => {
    const join = (
      h: CampusProgressHarness,
      kind: 'institutional' | 'personal',
      collegeId: string,
    ) => onList(h, h.signIn(kind), collegeId);

    it('a student with no entry has no campus (not-found)', async () => {
      const h = await setup();
      const { uid } = await h.signIn('institutional');
      await expect(h.repo.mine(uid)).rejects.toMatchObject({ code: 'not-found' });
    });

    it('an institutional address verifies the student; below the floor there is no figure', async () => {
      const h = await setup();
      const { uid } = await join(h, 'institutional', h.campuses.a);
      const mine = await h.repo.mine(uid);
      // (Issue 49's `names`, where a backend gives them, are the campus-add contract's.)
      expect(mine).toMatchObject({
        verified: true,
        university: 'de la UdeG',
        progress: {
          collegeId: h.campuses.a,
          state: 'gathering',
          threshold: DEFAULT_THRESHOLD,
          verified: null,
          opensOn: null,
        },
      });
    });

    it('the figure appears at the floor exactly, and counts verified students only', async () => {
      const h = await setup();
      await h.addVerified(h.campuses.a, PROGRESS_FLOOR - 2);
      await join(h, 'personal', h.campuses.a); // not verified: does not count
      const { uid } = await join(h, 'institutional', h.campuses.a);
      expect((await h.repo.mine(uid)).progress.verified).toBeNull(); // floor - 1
      await h.addVerified(h.campuses.a, 1);
      expect((await h.repo.mine(uid)).progress.verified).toBe(PROGRESS_FLOOR);
      await h.addVerified(h.campuses.b, 5); // another campus's students never count here
      expect((await h.repo.mine(uid)).progress.verified).toBe(PROGRESS_FLOOR);
    });

    it('a personal address is on the list but not verified', async () => {
      const h = await setup();
      const { uid } = await join(h, 'personal', h.campuses.a);
      const mine = await h.repo.mine(uid);
      expect(mine.verified).toBe(false);
      expect(mine.university).toBe('de la UdeG');
    });

    it("answers the operators' threshold, state and date", async () => {
      const h = await setup();
      await h.setCampus(h.campuses.a, { threshold: 40, state: 'opening', opensOn: '2027-01-15' });
      await h.addVerified(h.campuses.a, PROGRESS_FLOOR + 4);
      const { uid } = await join(h, 'institutional', h.campuses.a);
      expect((await h.repo.mine(uid)).progress).toEqual({
        collegeId: h.campuses.a,
        state: 'opening',
        threshold: 40,
        verified: PROGRESS_FLOOR + 5,
        opensOn: '2027-01-15',
      });
    });

    it('a change of campus moves the student: they count for the new one only', async () => {
      const h = await setup();
      await h.addVerified(h.campuses.a, PROGRESS_FLOOR);
      await h.addVerified(h.campuses.b, PROGRESS_FLOOR);
      const { uid } = await join(h, 'institutional', h.campuses.a);
      expect((await h.repo.mine(uid)).progress.verified).toBe(PROGRESS_FLOOR + 1);
      await h.waitlist.changeCollege(uid, h.campuses.b);
      const moved = await h.repo.mine(uid);
      expect(moved.progress).toMatchObject({
        collegeId: h.campuses.b,
        verified: PROGRESS_FLOOR + 1,
      });
    });

    it('after leaving there is no campus to read', async () => {
      const h = await setup();
      const { uid } = await join(h, 'institutional', h.campuses.a);
      await h.waitlist.leave(uid);
      await expect(h.repo.mine(uid)).rejects.toMatchObject({ code: 'not-found' });
    });

    it("another student's campus is refused", async () => {
      const h = await setup();
      const first = await join(h, 'institutional', h.campuses.a);
      await h.signIn('institutional');
      await expect(h.repo.mine(first.uid)).rejects.toMatchObject({ code: 'permission-denied' });
    });

    it("answers a campus's public progress to a visitor signed out, floored (issue 60)", async () => {
      const h = await setup();
      await h.setCampus(h.campuses.a, { threshold: 40, state: 'opening', opensOn: '2027-01-15' });
      await h.addVerified(h.campuses.a, PROGRESS_FLOOR - 1);
      await h.signOut();
      // Under the floor: the settings, and no figure.
      expect(await h.repo.ofCampus(h.campuses.a)).toEqual({
        collegeId: h.campuses.a,
        state: 'opening',
        threshold: 40,
        verified: null,
        opensOn: '2027-01-15',
      });
      await h.addVerified(h.campuses.a, 1);
      expect((await h.repo.ofCampus(h.campuses.a))?.verified).toBe(PROGRESS_FLOOR);
      await h.addVerified(h.campuses.a, 3);
      expect((await h.repo.ofCampus(h.campuses.a))?.verified).toBe(PROGRESS_FLOOR + 3);
      // A campus nobody joined: the defaults, no figure.
      expect(await h.repo.ofCampus(h.campuses.b)).toEqual({
        collegeId: h.campuses.b,
        state: 'gathering',
        threshold: DEFAULT_THRESHOLD,
        verified: null,
        opensOn: null,
      });
    });

    it('answers a signed-in student the figures their own campus shows (issue 60)', async () => {
      const h = await setup();
      await h.addVerified(h.campuses.a, PROGRESS_FLOOR + 1);
      await join(h, 'personal', h.campuses.a); // not verified: does not count
      const { uid } = await join(h, 'institutional', h.campuses.a);
      const mine = await h.repo.mine(uid);
      expect(mine.progress.verified).toBe(PROGRESS_FLOOR + 2);
      expect(await h.repo.ofCampus(h.campuses.a)).toEqual(mine.progress);
    });

    it('answers nothing for an unknown id, a pending campus or what is not a college id (issue 60)', async () => {
      const h = await setup();
      // A pending campus (a student's request): its name is the student's text, never public.
      const asker = await h.signIn('institutional');
      const pending = await h.requests.request(asker.uid, {
        name: 'Universidad Pública de Prueba',
        city: 'Colima',
      });
      await h.signOut();
      expect(await h.repo.ofCampus(pending.id)).toBeNull();
      expect(await h.repo.ofCampus('no-existe')).toBeNull();
      expect(await h.repo.ofCampus('constructor')).toBeNull();
      const bad: unknown[] = [
        '',
        h.campuses.a.toUpperCase(),
        ` ${h.campuses.a}`,
        `${h.campuses.a}/x`,
        `../${h.campuses.a}`,
        'a'.repeat(65),
        '__proto__',
        42,
        null,
        undefined,
        { id: h.campuses.a },
      ];
      for (const id of bad) expect(await h.repo.ofCampus(id as string)).toBeNull();
    });
  });
}
