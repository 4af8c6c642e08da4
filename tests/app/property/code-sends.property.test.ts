import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryBackend } from '@/adapters/memory/memory-backend';
import {
  CODE_SEND_LIMITS,
  codeSendVerdict,
  DAY_MS,
  HOUR_MS,
  type SendLedger,
} from '@/domain/code-sends';
import { memoryStorage } from '../../support/memory-storage';

// Issue 59: the limits on code e-mails (src/domain/code-sends.ts), as rules and on the memory
// backend over random sequences of sends, deletions and re-sign-ins by one Google identity.

const L = CODE_SEND_LIMITS;
const T0 = Date.parse('2026-12-01T15:00:00Z');
const times = fc.array(fc.integer({ min: T0 - 2 * DAY_MS, max: T0 }), { maxLength: 12 });
const ledger: fc.Arbitrary<SendLedger> = fc.record({
  identitySends: times,
  identityTotal: fc.integer({ min: 0, max: L.identityLifetime + 2 }),
  addressSends: times,
  domainSends: fc.oneof(
    times,
    fc.constant(Array.from({ length: L.domainPerHour }, () => T0 - 1_000)),
  ),
  globalToday: fc.oneof(fc.integer({ min: 0, max: 10 }), fc.constant(L.globalPerDay)),
  liveCodeElsewhere: fc.option(fc.integer({ min: T0 - HOUR_MS, max: T0 + HOUR_MS })),
  suppressed: fc.boolean(),
});
const within = (sends: readonly number[], now: number, window: number) =>
  sends.filter((at) => now - at < window).length;

describe('the code-send limits (issue 59)', () => {
  it("the caller's own limits come first: nothing about the address changes their answer", () => {
    fc.assert(
      fc.property(ledger, ledger, (a, b) => {
        // b's address, domain and budget, a's identity.
        const mixed = { ...b, identitySends: a.identitySends, identityTotal: a.identityTotal };
        const va = codeSendVerdict(T0, a);
        const vm = codeSendVerdict(T0, mixed);
        const own = (v: typeof va) =>
          !v.ok && (v.refusal.outcome === 'spent' || v.refusal.outcome === 'limited');
        expect(own(vm)).toBe(own(va));
        if (own(va)) expect(vm).toEqual(va);
      }),
    );
  });

  it('allows a send exactly when every cap is under, and a refusal names a later time', () => {
    fc.assert(
      fc.property(ledger, (l) => {
        const v = codeSendVerdict(T0, l);
        const under =
          l.identityTotal < L.identityLifetime &&
          within(l.identitySends, T0, HOUR_MS) < L.identityPerHour &&
          within(l.identitySends, T0, DAY_MS) < L.identityPerDay &&
          l.globalToday < L.globalPerDay &&
          within(l.domainSends, T0, HOUR_MS) < L.domainPerHour &&
          !l.suppressed &&
          !(l.liveCodeElsewhere !== null && l.liveCodeElsewhere > T0) &&
          within(l.addressSends, T0, HOUR_MS) < L.addressPerHour &&
          within(l.addressSends, T0, DAY_MS) < L.addressPerDay;
        expect(v.ok).toBe(under);
        if (!v.ok && 'retryAt' in v.refusal) {
          expect(v.refusal.retryAt).toBeGreaterThan(T0);
          expect(v.refusal.retryAt).toBeLessThanOrEqual(T0 + DAY_MS);
        }
      }),
    );
  });
});

type Step =
  | { readonly kind: 'send'; readonly address: number }
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'reSignIn' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('send' as const), address: fc.nat(5) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.oneof(
        fc.integer({ min: 1, max: 20 * 60_000 }),
        fc.integer({ min: HOUR_MS, max: DAY_MS }),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'reSignIn' as const }) },
);

describe('one identity on the memory backend (issue 59)', () => {
  it('never gets more codes than its caps allow, whatever it deletes, re-joins or waits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        const clock = { at: T0 };
        let who = 'demo-ana';
        const b = createMemoryBackend({
          storage: memoryStorage(),
          config: { latencyMs: 0 },
          chooseAccount: async (accounts) => accounts.find((a) => a.uid === who)!,
          clock: { now: () => new Date(clock.at) },
          sendAutomatically: false,
        });
        // Ana holds her sign-in address: address 0 is taken.
        await b.auth.signInWithPopup();
        await b.waitlist.join('demo-ana', {
          email: 'ana.garcia@alumnos.udg.mx',
          collegeId: 'udg-cucei',
          timestamp: new Date(clock.at),
        });
        who = 'demo-mariana';
        const join = async () => {
          const user = await b.auth.signInWithPopup();
          await b.waitlist.join(user.uid, {
            email: user.email,
            collegeId: 'udg-cucei',
            timestamp: new Date(clock.at),
          });
          return user.uid;
        };
        let uid = await join();
        const addresses = [
          'ana.garcia@alumnos.udg.mx',
          ...[1, 2, 3, 4, 5].map((i) => `m${i}@alumnos.udg.mx`),
        ];
        // The model: the identity's counted requests, as the rules count them.
        const counted: number[] = [];
        const sent: number[] = [];
        for (const s of steps) {
          if (s.kind === 'wait') clock.at += s.ms;
          else if (s.kind === 'reSignIn') {
            await b.waitlist.leave(uid);
            await b.auth.deleteAccount();
            uid = await join();
          } else {
            const now = clock.at;
            const answer = await b.emailVerifications.sendCode(uid, addresses[s.address]!);
            const own =
              counted.length >= L.identityLifetime ||
              within(counted, now, HOUR_MS) >= L.identityPerHour ||
              within(counted, now, DAY_MS) >= L.identityPerDay;
            expect(answer.outcome === 'limited' || answer.outcome === 'spent').toBe(own);
            if (!own) counted.push(now);
            if (answer.outcome === 'sent') sent.push(now);
            expect(['sent', 'limited', 'spent', 'waiting']).toContain(answer.outcome);
          }
        }
        for (const at of sent) {
          expect(
            within(
              sent.filter((t) => t <= at),
              at,
              HOUR_MS,
            ),
          ).toBeLessThanOrEqual(L.identityPerHour);
          expect(
            within(
              sent.filter((t) => t <= at),
              at,
              DAY_MS,
            ),
          ).toBeLessThanOrEqual(L.identityPerDay);
        }
        expect(sent.length).toBeLessThanOrEqual(L.identityLifetime);
        // The taken address was never sent anything; the free ones got at most what was answered.
        const outbox = b.controls.outbox().filter((m) => m.kind === 'code');
        expect(outbox.filter((m) => m.to === addresses[0])).toEqual([]);
        expect(outbox.length).toBeLessThanOrEqual(sent.length);
      }),
      { numRuns: 60 },
    );
  });
});
