import { describe, expect, it } from 'vitest';

export interface MilestonesHarness {
  /**
   * A campus of the catalogue this test owns: no student, no settings, no milestone (the harness
   * clears what an earlier test left there, behind the ports).
   */
  freshCampus(): Promise<string>;
  /** The operators' command: the campus's threshold. */
  setThreshold(collegeId: string, threshold: number): Promise<void>;
  /** A new student on the campus's list who counts as verified; resolves with their uid. */
  joinVerified(collegeId: string): Promise<string>;
  /** A new student on the campus's list who does not count (a personal address). */
  joinUnverified(collegeId: string): Promise<string>;
  /** The student leaves the list (their entry deleted, as the page's 'Salir' does). */
  leave(uid: string): Promise<void>;
  /**
   * The milestone messages recorded in the outbox for the campus, once the backend's work on the
   * last change is done: each message's milestone and student.
   */
  milestoneMail(collegeId: string): Promise<{ milestone: number; uid: string }[]>;
}

const byMilestone = (mail: { milestone: number; uid: string }[], milestone: number) =>
  mail
    .filter((m) => m.milestone === milestone)
    .map((m) => m.uid)
    .sort();

/**
 * Every backend mails a campus's milestones the same way (issue 49, part 3;
 * src/domain/campus-milestones.ts): 25, 50, 75 and 100 percent of the threshold, never under the
 * floor of 10, each once to the students then on the list.
 */
export function describeMilestonesContract(name: string, setup: () => Promise<MilestonesHarness>) {
  describe(`Milestones contract: ${name}`, () => {
    it('mails 25% once to everyone then on the list; a late joiner and a second crossing get nothing', async () => {
      const h = await setup();
      const campus = await h.freshCampus();
      await h.setThreshold(campus, 40);
      const unverified = [await h.joinUnverified(campus), await h.joinUnverified(campus)];
      const verified: string[] = [];
      for (let n = 0; n < 9; n++) verified.push(await h.joinVerified(campus));
      expect(await h.milestoneMail(campus)).toEqual([]);
      verified.push(await h.joinVerified(campus)); // 10 of 40: 25%
      const onList = [...unverified, ...verified].sort();
      expect(byMilestone(await h.milestoneMail(campus), 25)).toEqual(onList);
      const late = await h.joinVerified(campus);
      await h.leave(verified[0]!);
      await h.leave(verified[1]!); // 9: under 25% again
      await h.joinVerified(campus); // 10 again: crossing again sends nothing new
      const mail = await h.milestoneMail(campus);
      // Those who left may have taken their unsent message with them; the rest keep exactly one.
      const stayed = onList.filter((uid) => uid !== verified[0] && uid !== verified[1]);
      const mailed = byMilestone(mail, 25);
      expect(mailed.filter((uid) => stayed.includes(uid))).toEqual(stayed);
      expect(new Set(mailed).size).toBe(mailed.length);
      expect(mailed.every((uid) => onList.includes(uid))).toBe(true);
      expect(mail.filter((m) => m.uid === late)).toEqual([]);
      expect(mail.every((m) => m.milestone === 25)).toBe(true);
    });

    it('never mails a figure under the floor, and a jump mails only the highest milestone', async () => {
      const h = await setup();
      const campus = await h.freshCampus();
      await h.setThreshold(campus, 4);
      const students: string[] = [];
      for (let n = 0; n < 9; n++) students.push(await h.joinVerified(campus));
      expect(await h.milestoneMail(campus)).toEqual([]); // 9 of 4: over 100%, under the floor
      students.push(await h.joinVerified(campus));
      const mail = await h.milestoneMail(campus);
      expect(mail.map((m) => m.milestone)).toEqual(students.map(() => 100));
      expect(mail.map((m) => m.uid).sort()).toEqual([...students].sort());
    });

    it('a lowered threshold reaches the next milestone at once, mailed to the list of then', async () => {
      const h = await setup();
      const campus = await h.freshCampus();
      await h.setThreshold(campus, 40);
      const students: string[] = [];
      for (let n = 0; n < 10; n++) students.push(await h.joinVerified(campus));
      expect(byMilestone(await h.milestoneMail(campus), 25)).toEqual([...students].sort());
      await h.setThreshold(campus, 20); // 10 of 20: 50%
      const mail = await h.milestoneMail(campus);
      expect(byMilestone(mail, 50)).toEqual([...students].sort());
      await h.setThreshold(campus, 40);
      await h.setThreshold(campus, 20); // back and forth: nothing new
      expect(await h.milestoneMail(campus)).toHaveLength(mail.length);
    });
  });
}
