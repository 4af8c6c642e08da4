import { describe, expect, it } from 'vitest';
import { budgetDay, CODE_SEND_LIMITS, DAY_MS, HOUR_MS, nextBudgetDay } from '@/domain/code-sends';
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
  /**
   * Deletes the student's account as the app does (the entry, then the account) and signs in
   * again with the same Google identity: the new account (a new uid on Firebase and Supabase).
   */
  reSignIn(student: VerifyingStudent): Promise<VerifyingStudent>;
  /** A provider's bounce or complaint notice for `address`, through the backend's endpoint. */
  bounce(address: string, type: 'bounce' | 'complaint'): Promise<void>;
  /**
   * Arranges, behind the port, that a university domain's hour or the service's budget day is at
   * its cap (CODE_SEND_LIMITS); the returned function puts the ledger back as it was.
   */
  fillCap(cap: { readonly domain: string } | 'global'): Promise<() => Promise<void>>;
  /**
   * Arranges, behind the port, that the student's Google identity made its code requests `ms`
   * earlier than it did (the clock moved on for its ledger; its lifetime total stays).
   */
  ageSends(student: VerifyingStudent, ms: number): Promise<void>;
  /** The budget day (YYYY-MM-DD) the operators were last told the code budget was spent, or null. */
  budgetSpentOn(): Promise<string | null>;
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

    it(`sends at most ${CODE_SEND_LIMITS.addressPerHour} codes an hour to one address, whoever asks`, async () => {
      const h = await setup();
      const address = udgAddress();
      for (let i = 0; i < CODE_SEND_LIMITS.addressPerHour; i++) {
        const s = await joined(h);
        expect((await h.repo.sendCode(s.uid, address)).outcome).toBe('sent');
        // Its code's end lets the next account ask (one live code per address).
        await h.expireCode(s);
      }
      const last = await joined(h);
      expect((await h.repo.sendCode(last.uid, address)).outcome).toBe('waiting');
      expect(await h.queued(address)).toBe(CODE_SEND_LIMITS.addressPerHour);
    });

    it('one live code per address across accounts: a second account waits for its end', async () => {
      const h = await setup();
      const address = udgAddress();
      const a = await joined(h);
      const sent = await h.repo.sendCode(a.uid, address);
      expect(sent.outcome).toBe('sent');
      const b = await joined(h);
      const waiting = await h.repo.sendCode(b.uid, address.replace('@', '+b@'));
      expect(waiting).toEqual({
        outcome: 'waiting',
        retryAt: (sent as { expiresAt: number }).expiresAt,
      });
      expect(await h.queued(address)).toBe(1);
      // The holder may ask again: a new code replaces its own.
      await h.signInAs(a);
      expect((await h.repo.sendCode(a.uid, address)).outcome).toBe('sent');
      // Once it ended, the other account's turn comes.
      await h.expireCode(a);
      await h.signInAs(b);
      expect((await h.repo.sendCode(b.uid, address)).outcome).toBe('sent');
      expect(await h.queued(address)).toBe(3);
    });

    it('an identity that deleted its account keeps its counters', async () => {
      const h = await setup();
      let s = await joined(h);
      for (let i = 0; i < CODE_SEND_LIMITS.identityPerHour; i++) {
        expect((await h.repo.sendCode(s.uid, udgAddress())).outcome).toBe('sent');
      }
      for (let round = 0; round < 2; round++) {
        s = await h.reSignIn(s);
        await onList(h, Promise.resolve(s), 'udg-cucei');
        const address = udgAddress();
        expect((await h.repo.sendCode(s.uid, address)).outcome).toBe('limited');
        expect(await h.queued(address)).toBe(0);
      }
    });

    it("an identity's daily and lifetime caps hold across deleted accounts", async () => {
      const L = CODE_SEND_LIMITS;
      const h = await setup();
      let s = await joined(h);
      const send = async () => (await h.repo.sendCode(s.uid, udgAddress())).outcome;
      const newAccount = async () => {
        s = await h.reSignIn(s);
        await onList(h, Promise.resolve(s), 'udg-cucei');
      };
      let total = 0;
      while (total < L.identityLifetime) {
        // One day: an hour's codes, then a new account, which is refused until the hour is over.
        let today = 0;
        while (today < L.identityPerDay && total < L.identityLifetime) {
          for (let i = 0; i < L.identityPerHour; i++, today++, total++) {
            expect(await send()).toBe('sent');
          }
          await newAccount();
          if (total === L.identityLifetime) break;
          expect(await send()).toBe('limited');
          await h.ageSends(s, HOUR_MS + 60_000);
        }
        if (total === L.identityLifetime) break;
        // The day is spent: an hour later, a new account is still refused, until the next day.
        expect(await send()).toBe('limited');
        await h.ageSends(s, DAY_MS);
        await newAccount();
      }
      // Every code it may ever ask for is spent: days later, with yet another account, too.
      expect(await send()).toBe('spent');
      await h.ageSends(s, 3 * DAY_MS);
      await newAccount();
      const address = udgAddress();
      expect((await h.repo.sendCode(s.uid, address)).outcome).toBe('spent');
      expect(await h.queued(address)).toBe(0);
      // Thirteen calls and six new accounts: a cold Functions emulator on a busy machine is slow.
    }, 90_000);

    it('a taken address is answered as a free one: counted, nothing queued, never verified', async () => {
      const h = await setup();
      const owner = await joined(h);
      const address = udgAddress();
      await h.repo.sendCode(owner.uid, address);
      expect(await h.repo.verify(owner.uid, (await h.lastCode(address))!)).toMatchObject({
        outcome: 'verified',
      });
      const count = await h.verifiedCount('udg-cucei');
      const other = await joined(h);
      const free = udgAddress();
      const asFree = await h.repo.sendCode(other.uid, free);
      const asTaken = await h.repo.sendCode(other.uid, address.replace('@', '+2@'));
      expect(asFree).toMatchObject({ outcome: 'sent', address: free });
      expect(asTaken).toMatchObject({ outcome: 'sent', address });
      expect(Object.keys(asTaken).sort()).toEqual(Object.keys(asFree).sort());
      expect(await h.repo.pending(other.uid)).toMatchObject({ address });
      // Nothing went to the holder's mailbox: its one code is all it was ever sent.
      expect(await h.queued(address)).toBe(1);
      expect(await h.repo.verify(other.uid, '123456')).toMatchObject({ outcome: 'wrong' });
      expect(await h.verifiedCount('udg-cucei')).toBe(count);
      // The request was counted: the caller's limits hold for taken and free alike.
      expect((await h.repo.sendCode(other.uid, address)).outcome).toBe('sent');
      expect((await h.repo.sendCode(other.uid, address)).outcome).toBe('limited');
    });

    it('the limits come first: a caller at its cap is refused alike for a taken and a free address', async () => {
      const h = await setup();
      const owner = await joined(h);
      const taken = udgAddress();
      await h.repo.sendCode(owner.uid, taken);
      await h.repo.verify(owner.uid, (await h.lastCode(taken))!);
      const other = await joined(h);
      for (let i = 0; i < MAX_SENDS_PER_HOUR; i++) await h.repo.sendCode(other.uid, udgAddress());
      const onTaken = await h.repo.sendCode(other.uid, taken);
      const onFree = await h.repo.sendCode(other.uid, udgAddress());
      expect(onTaken.outcome).toBe('limited');
      expect(onTaken).toEqual(onFree);
    });

    it('a university domain at its hourly cap is refused; the code budget spent pauses and tells operators', async () => {
      const h = await setup();
      const s = await joined(h, 'itesm-gdl');
      const restoreDomain = await h.fillCap({ domain: 'tec.mx' });
      try {
        const tec = udgAddress().replace('@alumnos.udg.mx', '@tec.mx');
        const busy = await h.repo.sendCode(s.uid, tec);
        expect(busy.outcome).toBe('busy');
        expect((busy as { retryAt: number }).retryAt).toBeGreaterThan(Date.now());
        expect((busy as { retryAt: number }).retryAt).toBeLessThanOrEqual(
          Date.now() + SEND_WINDOW_MS,
        );
        expect(await h.queued(tec)).toBe(0);
        // An address of a subdomain counts against its university's domain.
        const sub = tec.replace('@tec.mx', '@campus.tec.mx');
        expect((await h.repo.sendCode(s.uid, sub)).outcome).toBe('busy');
        expect(await h.queued(sub)).toBe(0);
      } finally {
        await restoreDomain();
      }
      const t = await joined(h);
      const restoreGlobal = await h.fillCap('global');
      try {
        const address = udgAddress();
        const paused = await h.repo.sendCode(t.uid, address);
        expect(paused).toEqual({ outcome: 'paused', retryAt: nextBudgetDay(Date.now()) });
        expect(await h.queued(address)).toBe(0);
        expect(await h.budgetSpentOn()).toBe(budgetDay(Date.now()));
      } finally {
        await restoreGlobal();
      }
      expect((await h.repo.sendCode(t.uid, udgAddress())).outcome).toBe('sent');
    });

    it('a bounced or complained-of address gets no code', async () => {
      const h = await setup();
      const s = await joined(h);
      const bounced = udgAddress();
      const complained = udgAddress();
      await h.bounce(bounced, 'bounce');
      await h.bounce(complained.toUpperCase(), 'complaint');
      expect(await h.repo.sendCode(s.uid, bounced)).toEqual({ outcome: 'suppressed' });
      expect(await h.repo.sendCode(s.uid, complained.replace('@', '+x@'))).toEqual({
        outcome: 'suppressed',
      });
      expect(await h.queued(bounced)).toBe(0);
      expect(await h.queued(complained)).toBe(0);
      expect(await h.repo.pending(s.uid)).toBeNull();
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
