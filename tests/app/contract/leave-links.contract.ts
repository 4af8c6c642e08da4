import { describe, expect, it } from 'vitest';
import type { PendingMail } from '@/domain/mail/outbox';
import type { LeaveLinks } from '@/ports/leave-links.port';

/** A student on the list: their uid and the moment they joined (ms), as a leave token names them. */
export interface LinkedStudent {
  readonly uid: string;
  readonly joined: number;
}

export interface LeaveLinksHarness {
  /** The page's leave links, without a sign-in. */
  readonly links: LeaveLinks;
  /** A new student with an account, on the list, whose welcome is recorded and not sent yet. */
  onList(): Promise<LinkedStudent>;
  /**
   * A leave link's token for the student as the sender makes it, with the backend's secret
   * (`expires` in seconds since 1970, an hour from now by default; `purpose` 'leave' by default).
   */
  token(student: LinkedStudent, options?: { expires?: number; purpose?: string }): Promise<string>;
  /** Behind the port (admin-only): what is still held of the student. */
  held(uid: string): Promise<{ entry: boolean; account: boolean; pending: number }>;
  /**
   * What the backend's outbox gives its sender when it claims (the claim's lease already over,
   * so every message stays due): the messages claimed.
   */
  claim(): Promise<readonly PendingMail[]>;
}

const PAST = 1000; // seconds since 1970: long expired

/** Every backend reads a leave link, and does what it says, the same way (issues 25 and 51). */
export function describeLeaveLinksContract(name: string, setup: () => Promise<LeaveLinksHarness>) {
  describe(`LeaveLinks contract: ${name}`, () => {
    it('checks a good link, then leaves by it without a sign-in, once; no one else goes', async () => {
      const h = await setup();
      const ana = await h.onList();
      const other = await h.onList();
      const token = await h.token(ana);
      expect(await h.links.check(token)).toBe('valid');
      expect(await h.held(ana.uid)).toMatchObject({ entry: true, account: true });
      expect(await h.links.leave(token)).toBe('left');
      expect(await h.held(ana.uid)).toEqual({ entry: false, account: false, pending: 0 });
      expect(await h.links.leave(token)).toBe('used');
      expect(await h.links.check(token)).toBe('used');
      expect(await h.held(other.uid)).toEqual({ entry: true, account: true, pending: 1 });
    });

    it("a claimed welcome names its campus and the campus's id, where its links land (issue 60)", async () => {
      const h = await setup();
      const ana = await h.onList();
      const welcome = (await h.claim()).find((m) => m.id === `welcome:${ana.uid}:${ana.joined}`);
      expect(welcome).toMatchObject({
        kind: 'welcome',
        uid: ana.uid,
        campus: 'UDG - CUCEI',
        campusId: 'udg-cucei',
      });
      // Still due: the lease was over as it was claimed.
      expect(await h.held(ana.uid)).toMatchObject({ pending: 1 });
    });

    it('answers why a bad link does nothing, and deletes nothing', async () => {
      const h = await setup();
      const ana = await h.onList();
      const token = await h.token(ana);
      const changed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      const renewed = await h.token({ ...ana, joined: ana.joined + 1 });
      const otherUse = await h.token(ana, { purpose: 'verify' });
      for (const [bad, why] of [
        [changed, 'invalid'],
        [`${token}x`, 'malformed'],
        ['<script>', 'malformed'],
        ['', 'malformed'],
        [renewed, 'used'],
        [otherUse, 'invalid'],
      ] as const) {
        expect(await h.links.check(bad), bad).toBe(why);
        expect(await h.links.leave(bad), bad).toBe(why);
      }
      expect(await h.held(ana.uid)).toEqual({ entry: true, account: true, pending: 1 });
      expect(await h.links.check(token)).toBe('valid');
    });

    it('an expired link deletes nothing but stops the e-mails, again on a second use', async () => {
      const h = await setup();
      const ana = await h.onList();
      const other = await h.onList();
      const expired = await h.token(ana, { expires: PAST });
      expect(await h.links.check(expired)).toBe('expired');
      expect(await h.held(ana.uid)).toEqual({ entry: true, account: true, pending: 1 });
      expect(await h.links.leave(expired)).toBe('stopped');
      expect(await h.held(ana.uid)).toEqual({ entry: true, account: true, pending: 0 });
      expect(await h.links.leave(expired)).toBe('stopped');
      expect(await h.held(other.uid)).toEqual({ entry: true, account: true, pending: 1 });
    });

    it('an expired link of an entry that is gone stops nothing', async () => {
      const h = await setup();
      const ana = await h.onList();
      const expired = await h.token(ana, { expires: PAST });
      expect(await h.links.leave(await h.token(ana))).toBe('left');
      expect(await h.links.check(expired)).toBe('expired');
      expect(await h.links.leave(expired)).toBe('expired');
    });
  });
}
