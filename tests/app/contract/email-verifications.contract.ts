import { describe, expect, it } from 'vitest';
import { MAX_SENDS_PER_HOUR, SEND_WINDOW_MS } from '@/domain/email-verification';
import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import type { EmailVerifications } from '@/ports/email-verifications.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { onList } from './on-list';

export interface VerifyingStudent {
  readonly uid: string;
  readonly email: string;
}

export interface EmailVerificationsHarness {
  readonly repo: EmailVerifications;
  readonly waitlist: WaitlistRepo;
  readonly campusProgress: CampusProgressRepo;
  /** Signs in as a fresh student with a personal (not a university) address. */
  newStudent(): Promise<VerifyingStudent>;
  signInAs(student: VerifyingStudent): Promise<void>;
  /**
   * The code of the last message queued to `address`, as the sender writes it (derived from the
   * outbox message's nonce with the backend's secret), or null when none was queued.
   */
  lastCode(address: string): Promise<string | null>;
  /** How many code messages were queued to `address`. */
  queued(address: string): Promise<number>;
  /** Arranges, behind the port, that the student's pending code expired. */
  expireCode(student: VerifyingStudent): Promise<void>;
  /** The campus's true count (admin-only). */
  verifiedCount(collegeId: string): Promise<number>;
}

/** A university address of udg-cucei no test shares with another (the runs share a database). */
let serial = 0;
export const udgAddress = (tag = ''): string =>
  `v${Date.now().toString(36)}${(serial++).toString(36)}${tag}@alumnos.udg.mx`;

/**
 * Every backend verifies a university address the same way (issue 48): the rules of
 * src/domain/email-verification.ts, a code sent through the outbox, counted once it is entered.
 */
export function describeEmailVerificationsContract(
  name: string,
  setup: () => Promise<EmailVerificationsHarness>,
) {
  describe(`EmailVerifications contract: ${name}`, () => {
    const joined = (h: EmailVerificationsHarness, collegeId = 'udg-cucei') =>
      onList(h, h.newStudent(), collegeId);

    it('refuses a malformed or personal address, and sends nothing', async () => {
      const h = await setup();
      const s = await joined(h);
      expect(await h.repo.sendCode(s.uid, 'no-es-correo')).toEqual({ outcome: 'malformed' });
      expect(await h.repo.sendCode(s.uid, 'аna@alumnos.udg.mx')).toEqual({ outcome: 'malformed' });
      expect(await h.repo.sendCode(s.uid, 'ana@gmail.com')).toEqual({ outcome: 'personal' });
      // Another university's address is not this campus's.
      expect(await h.repo.sendCode(s.uid, 'ana@tec.mx')).toEqual({ outcome: 'personal' });
      expect(await h.queued('ana@gmail.com')).toBe(0);
      expect(await h.queued('ana@tec.mx')).toBe(0);
      expect(await h.repo.pending(s.uid)).toBeNull();
    });

    it('verifies by the code sent: a wrong try says how many are left, the right one counts the student', async () => {
      const h = await setup();
      const s = await joined(h);
      const address = udgAddress();
      const before = await h.verifiedCount('udg-cucei');
      expect((await h.campusProgress.mine(s.uid)).verified).toBe(false);
      const typed = address.replace('@', '+algo@').toUpperCase();
      const sent = await h.repo.sendCode(s.uid, `  ${typed} `);
      expect(sent).toMatchObject({ outcome: 'sent', address });
      expect(await h.repo.pending(s.uid)).toMatchObject({ address });
      const code = await h.lastCode(address);
      expect(code).toMatch(/^\d{6}$/);
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await h.repo.verify(s.uid, wrong)).toEqual({ outcome: 'wrong', left: 4 });
      expect(await h.repo.verify(s.uid, code!)).toEqual({ outcome: 'verified', address });
      expect((await h.campusProgress.mine(s.uid)).verified).toBe(true);
      expect(await h.verifiedCount('udg-cucei')).toBe(before + 1);
      // Entered again (a second tab, a double click): the same answer, counted once.
      expect(await h.repo.verify(s.uid, code!)).toEqual({ outcome: 'verified', address });
      expect(await h.verifiedCount('udg-cucei')).toBe(before + 1);
      expect(await h.repo.pending(s.uid)).toBeNull();
      // Verified: no other code is sent.
      expect(await h.repo.sendCode(s.uid, udgAddress())).toEqual({ outcome: 'verified' });
      // Leaving takes the count away.
      await h.waitlist.leave(s.uid);
      expect(await h.verifiedCount('udg-cucei')).toBe(before);
    });

    it('spends a code after five wrong tries; a new code replaces the last; an expired one says so', async () => {
      const h = await setup();
      const s = await joined(h);
      const before = await h.verifiedCount('udg-cucei');
      const address = udgAddress();
      await h.repo.sendCode(s.uid, address);
      const first = (await h.lastCode(address))!;
      const wrong = first === '000000' ? '111111' : '000000';
      for (const left of [4, 3, 2, 1]) {
        expect(await h.repo.verify(s.uid, wrong)).toEqual({ outcome: 'wrong', left });
      }
      expect(await h.repo.verify(s.uid, wrong)).toEqual({ outcome: 'exhausted' });
      expect(await h.repo.verify(s.uid, first)).toEqual({ outcome: 'exhausted' });
      await h.repo.sendCode(s.uid, address);
      const second = (await h.lastCode(address))!;
      if (second !== first) {
        expect(await h.repo.verify(s.uid, first)).toMatchObject({ outcome: 'wrong' });
      }
      await h.expireCode(s);
      expect(await h.repo.verify(s.uid, second)).toEqual({ outcome: 'expired' });
      expect(await h.repo.pending(s.uid)).toBeNull();
      // No spent, replaced or expired code counted anyone.
      expect(await h.verifiedCount('udg-cucei')).toBe(before);
      expect((await h.campusProgress.mine(s.uid)).verified).toBe(false);
    });

    it(`sends at most ${MAX_SENDS_PER_HOUR} codes an hour from one account, then says when`, async () => {
      const h = await setup();
      const s = await joined(h);
      const started = Date.now();
      for (let i = 0; i < MAX_SENDS_PER_HOUR; i++) {
        expect((await h.repo.sendCode(s.uid, udgAddress())).outcome).toBe('sent');
      }
      const refused = await h.repo.sendCode(s.uid, udgAddress());
      expect(refused.outcome).toBe('limited');
      const retryAt = (refused as { retryAt: number }).retryAt;
      expect(retryAt).toBeGreaterThan(started + SEND_WINDOW_MS - 60_000);
      expect(retryAt).toBeLessThanOrEqual(Date.now() + SEND_WINDOW_MS + 5_000);
    });

    it(`sends at most ${MAX_SENDS_PER_HOUR} codes an hour to one address, whoever asks`, async () => {
      const h = await setup();
      const address = udgAddress();
      for (let i = 0; i < MAX_SENDS_PER_HOUR; i++) {
        const s = await joined(h);
        expect((await h.repo.sendCode(s.uid, address)).outcome).toBe('sent');
      }
      const last = await joined(h);
      expect((await h.repo.sendCode(last.uid, address)).outcome).toBe('limited');
      expect(await h.queued(address)).toBe(MAX_SENDS_PER_HOUR);
    });

    it('one account per address: another refused, its +tag alias too, saying nothing of the owner', async () => {
      const h = await setup();
      const owner = await joined(h);
      const address = udgAddress();
      await h.repo.sendCode(owner.uid, address);
      expect(await h.repo.verify(owner.uid, (await h.lastCode(address))!)).toMatchObject({
        outcome: 'verified',
      });
      const count = await h.verifiedCount('udg-cucei');
      const other = await joined(h);
      const alias = address.replace('@', '+2@');
      expect(await h.repo.sendCode(other.uid, alias)).toEqual({ outcome: 'taken' });
      expect(await h.repo.sendCode(other.uid, address)).toEqual({ outcome: 'taken' });
      expect(await h.verifiedCount('udg-cucei')).toBe(count);
    });

    it('of two accounts holding codes for one address, the first to verify keeps it', async () => {
      const h = await setup();
      const address = udgAddress();
      const a = await joined(h);
      await h.repo.sendCode(a.uid, address);
      const codeA = (await h.lastCode(address))!;
      const b = await joined(h);
      await h.repo.sendCode(b.uid, address);
      const codeB = (await h.lastCode(address))!;
      expect(await h.repo.verify(b.uid, codeB)).toMatchObject({ outcome: 'verified' });
      await h.signInAs(a);
      expect(await h.repo.verify(a.uid, codeA)).toEqual({ outcome: 'none' });
      expect((await h.campusProgress.mine(a.uid)).verified).toBe(false);
    });

    it("keeps the verification on a change to the same university's campus only", async () => {
      const h = await setup();
      const s = await joined(h);
      const address = udgAddress();
      await h.repo.sendCode(s.uid, address);
      await h.repo.verify(s.uid, (await h.lastCode(address))!);
      await h.waitlist.changeCollege(s.uid, 'udg-cucea');
      expect((await h.campusProgress.mine(s.uid)).verified).toBe(true);
      await h.waitlist.changeCollege(s.uid, 'itesm-gdl');
      expect((await h.campusProgress.mine(s.uid)).verified).toBe(false);
      await h.waitlist.changeCollege(s.uid, 'udg-cucei');
      expect((await h.campusProgress.mine(s.uid)).verified).toBe(false);
    });

    it("another student's verification is refused; no entry is not-found", async () => {
      const h = await setup();
      const first = await joined(h);
      const outsider = await h.newStudent();
      await expect(h.repo.sendCode(outsider.uid, udgAddress())).rejects.toMatchObject({
        code: 'not-found',
      });
      await expect(h.repo.sendCode(first.uid, udgAddress())).rejects.toMatchObject({
        code: 'permission-denied',
      });
      await expect(h.repo.verify(first.uid, '123456')).rejects.toMatchObject({
        code: 'permission-denied',
      });
    });
  });
}
