import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LEAVE_PURPOSE,
  type LeaveClaims,
  leaveTokenOfSearch,
  readLeaveToken,
  signLeaveToken,
} from '@/domain/mail/leave-token';
import { leaveUrlOf } from '@/domain/mail/deliver-outbox';
import { collegeOfId } from '@/domain/college-of-id';
import { memoryWorld } from '../../support/memory-use-cases';

// Issue 25, the leave link's token: any change to it, another student's, another purpose or an
// expired one is refused; a valid one works once. Checked on the rule itself and on a backend.

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const NOW = new Date('2026-11-25T12:00:00Z');
const nowS = Math.floor(NOW.getTime() / 1000);

const claims: fc.Arbitrary<LeaveClaims> = fc.record({
  purpose: fc.constant(LEAVE_PURPOSE),
  uid: fc.oneof(
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  ),
  joined: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  expires: fc.integer({ min: nowS + 1, max: nowS + 400 * 86_400 }),
});

/** A token with one change: a character replaced, removed or added, anywhere. */
const changed = (token: string) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: token.length - 1 }),
      fc.constantFrom('replace', 'remove', 'add'),
      fc.constantFrom(...'AZaz09-_.=+/ %é'),
    )
    .map(([at, how, c]) => {
      if (how === 'remove') return token.slice(0, at) + token.slice(at + 1);
      if (how === 'add') return token.slice(0, at) + c + token.slice(at);
      const other = token[at] === c ? (c === 'A' ? 'B' : 'A') : c;
      return token.slice(0, at) + other + token.slice(at + 1);
    })
    .filter((t) => t !== token);

describe('leave tokens', () => {
  it('a token made by the server is read back as its claims, through the link', async () => {
    await fc.assert(
      fc.asyncProperty(claims, async (c) => {
        const token = await signLeaveToken(c, SECRET);
        const link = new URL(leaveUrlOf('https://deestudiantes.mx', token));
        expect(link.pathname).toBe('/salir');
        expect(leaveTokenOfSearch(link.search)).toBe(token);
        expect(await readLeaveToken(token, SECRET, NOW)).toEqual({ ok: true, claims: c });
      }),
    );
  });

  it('any change to a token is refused', async () => {
    await fc.assert(
      fc.asyncProperty(claims, fc.nat(), async (c, seed) => {
        const token = await signLeaveToken(c, SECRET);
        const [tampered] = fc.sample(changed(token), { numRuns: 1, seed });
        const reading = await readLeaveToken(tampered, SECRET, NOW);
        expect(reading.ok).toBe(false);
      }),
    );
  });

  it('another secret, another purpose or an expired token is refused, with why', async () => {
    await fc.assert(
      fc.asyncProperty(
        claims,
        fc.stringMatching(/^[a-z]{1,16}$/).filter((p) => p !== LEAVE_PURPOSE),
        fc.integer({ min: 1, max: nowS }),
        async (c, purpose, past) => {
          const token = await signLeaveToken(c, SECRET);
          expect(await readLeaveToken(token, `${SECRET}-another`, NOW)).toEqual({
            ok: false,
            fault: 'invalid',
          });
          const other = await signLeaveToken({ ...c, purpose }, SECRET);
          expect(await readLeaveToken(other, SECRET, NOW)).toEqual({ ok: false, fault: 'invalid' });
          const expired = await signLeaveToken({ ...c, expires: past }, SECRET);
          // Expired, yet ours: it names its entry (issue 51: it still stops the e-mails).
          expect(await readLeaveToken(expired, SECRET, NOW)).toEqual({
            ok: false,
            fault: 'expired',
            claims: { ...c, expires: past },
          });
        },
      ),
    );
  });

  it('any text or value is refused without an error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.anything()), async (value) => {
        const reading = await readLeaveToken(value, SECRET, NOW);
        expect(reading.ok).toBe(false);
      }),
    );
  });

  it('refuses to sign or read with a short secret', async () => {
    const c = { purpose: LEAVE_PURPOSE, uid: 'u', joined: 1, expires: nowS + 60 };
    await expect(signLeaveToken(c, 'short')).rejects.toThrow(RangeError);
    await expect(readLeaveToken('x', 'short', NOW)).rejects.toThrow(RangeError);
  });
});

describe('leave links on the memory backend', () => {
  const world = memoryWorld();
  const tokens: Record<string, string> = {};
  const uids = ['demo-ana', 'demo-luis'];

  beforeAll(async () => {
    for (const [index, uid] of uids.entries()) {
      world.popup.index = index;
      const user = await world.useCases.signIn();
      expect(user.uid).toBe(uid);
      await world.useCases.joinWaitlist({ user, college: collegeOfId('udg-cucei') });
      tokens[uid] = await world.backend.controls.leaveToken(uid);
    }
    await world.useCases.signOut();
  });

  it('a changed, foreign-purpose or expired token deletes nothing', async () => {
    const expired = await world.backend.controls.leaveToken('demo-ana', { expires: 1 });
    const purpose = await world.backend.controls.leaveToken('demo-ana', { purpose: 'verify' });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(changed(tokens['demo-ana']!), fc.constantFrom(expired, purpose), fc.string()),
        async (bad) => {
          const before = world.backend.controls.entries();
          expect(await world.useCases.checkLeaveLink(bad)).not.toBe('valid');
          expect(await world.useCases.leaveByLink(bad)).not.toBe('left');
          expect(world.backend.controls.entries()).toEqual(before);
        },
      ),
      { numRuns: 200 },
    );
    expect(await world.useCases.checkLeaveLink(expired)).toBe('expired');
    expect(await world.useCases.leaveByLink(purpose)).toBe('invalid');
  });

  it('an expired token deletes nothing but stops the e-mails of its entry, and only its (issue 51)', async () => {
    const expired = await world.backend.controls.leaveToken('demo-ana', { expires: 1 });
    const before = world.backend.controls.entries();
    expect(await world.useCases.leaveByLink(expired)).toBe('stopped');
    expect(await world.useCases.leaveByLink(expired)).toBe('stopped'); // a second use: the same
    expect(await world.useCases.checkLeaveLink(expired)).toBe('expired');
    expect(world.backend.controls.entries()).toEqual(before);
    // The launch of their campus records none for them, and one for the others; nothing more
    // reaches them.
    const to = (email: string) =>
      world.backend.controls.mailbox().filter((m) => m.to === email).length;
    const ana = 'ana.garcia@alumnos.udg.mx';
    const received = to(ana);
    world.backend.controls.notifyCampus('udg-cucei');
    const launches = world.backend.controls.outbox().filter((m) => m.kind === 'launch');
    expect(launches.map((m) => m.uid)).toEqual(['demo-luis']);
    await world.backend.controls.deliverMail();
    expect(to(ana)).toBe(received);
  });

  it("a valid token works once, and deletes only its own student's data", async () => {
    expect(await world.useCases.checkLeaveLink(tokens['demo-ana']!)).toBe('valid');
    expect(await world.useCases.leaveByLink(tokens['demo-ana']!)).toBe('left');
    expect(Object.keys(world.backend.controls.entries())).toEqual(['demo-luis']);
    expect(Object.keys(world.backend.controls.accounts())).toEqual(['demo-luis']);
    expect(world.backend.controls.outbox().every((m) => m.uid === 'demo-luis')).toBe(true);
    expect(await world.useCases.leaveByLink(tokens['demo-ana']!)).toBe('used');
    expect(await world.useCases.checkLeaveLink(tokens['demo-ana']!)).toBe('used');
    expect(await world.useCases.checkLeaveLink(tokens['demo-luis']!)).toBe('valid');
  });

  it('a missing or oversized token is malformed without a call', async () => {
    const calls = world.backend.controls.calls('checkLeaveLink');
    expect(await world.useCases.checkLeaveLink(null)).toBe('malformed');
    expect(await world.useCases.leaveByLink('x'.repeat(401))).toBe('malformed');
    expect(world.backend.controls.calls('checkLeaveLink')).toBe(calls);
  });
});
