import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { publicProgress, PROGRESS_FLOOR } from '@/domain/campus-progress';
import {
  checkUniversityAddress,
  type CodeRecord,
  codeOfDigest,
  MAX_CODE_TRIES,
  MAX_SENDS_PER_HOUR,
  normalizeAddress,
  parseSendOutcome,
  parseTryOutcome,
  SEND_WINDOW_MS,
  tryCode,
} from '@/domain/email-verification';
import { CODE_SEND_LIMITS, codeSendVerdict, DAY_MS } from '@/domain/code-sends';
import { inviteCounts } from '@/domain/invite-code';
import { parseInvitePreview } from '@/domain/invite-preview';
import { recipientVerdict } from '@/domain/mail/recipient-limits';

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
const domain = fc.array(label, { minLength: 2, maxLength: 3 }).map((l) => l.join('.'));
const local = fc.stringMatching(/^[a-z0-9](?:[a-z0-9_-]{0,10})$/);
const tag = fc.stringMatching(/^[a-z0-9]{0,6}$/);

describe('the address rule (issue 48)', () => {
  it('is idempotent on any text, and what it gives is an address it keeps', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const once = normalizeAddress(text);
        if (once !== null) expect(normalizeAddress(once)).toBe(once);
      }),
    );
  });

  it('lower-cases, trims and drops the +tag: every alias of a mailbox is that mailbox', () => {
    fc.assert(
      fc.property(local, tag, domain, fc.boolean(), (l, t, d, upper) => {
        const plain = `${l}@${d}`;
        let alias = `  ${l}+${t}@${d} `;
        if (upper) alias = alias.toUpperCase();
        expect(normalizeAddress(plain)).toBe(plain);
        expect(normalizeAddress(alias)).toBe(plain);
      }),
    );
  });

  it('refuses a look-alike: any character outside ASCII letters, digits and . _ - + @', () => {
    const foreign = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 2 })
      .filter((c) => /[^A-Za-z0-9._+@-]/.test(c));
    fc.assert(
      fc.property(local, foreign, domain, fc.boolean(), (l, c, d, inDomain) => {
        const address = inDomain ? `${l}@${c}${d}` : `${l}${c}@${d}`;
        expect(normalizeAddress(address)).toBeNull();
      }),
    );
    // The Cyrillic 'а', the Kelvin sign, a full-width '@'.
    for (const bad of ['аna@alumnos.udg.mx', 'ana@\u212Aalumnos.udg.mx', 'ana＠alumnos.udg.mx']) {
      expect(normalizeAddress(bad)).toBeNull();
    }
  });

  it("accepts an address only on the university's domains or their subdomains", () => {
    fc.assert(
      fc.property(local, domain, domain, (l, allowed, other) => {
        fc.pre(other !== allowed && !other.endsWith(`.${allowed}`));
        expect(checkUniversityAddress(`${l}@${allowed}`, [allowed]).ok).toBe(true);
        expect(checkUniversityAddress(`${l}@sub.${allowed}`, [allowed]).ok).toBe(true);
        expect(checkUniversityAddress(`${l}@${other}`, [allowed])).toEqual({
          ok: false,
          refusal: 'personal',
        });
        expect(checkUniversityAddress(`${l}@${allowed}.${other}`, [allowed]).ok).toBe(false);
      }),
    );
  });
});

/** The code's life as a model: send, try (right or wrong), time passing. */
type Step =
  | { readonly kind: 'send' }
  | { readonly kind: 'try'; readonly right: boolean }
  | { readonly kind: 'wait'; readonly ms: number };

describe("the code's life (issue 48)", () => {
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.constant({ kind: 'send' } as const),
    fc.boolean().map((right) => ({ kind: 'try', right }) as const),
    fc.integer({ min: 0, max: 20 * 60_000 }).map((ms) => ({ kind: 'wait', ms }) as const),
  );

  it('verifies only with the latest code, within 15 minutes and 5 tries; sends stay within the hourly and daily limits', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let now = 1_000_000_000_000;
        let record: CodeRecord | null = null;
        let sends: number[] = [];
        for (const s of steps) {
          if (s.kind === 'wait') now += s.ms;
          else if (s.kind === 'send') {
            const verdict = codeSendVerdict(now, {
              identitySends: sends,
              identityTotal: 0,
              addressSends: [],
              domainSends: [],
              globalToday: 0,
              liveCodeElsewhere: null,
              suppressed: false,
            });
            const inHour = sends.filter((at) => now - at < SEND_WINDOW_MS).length;
            const inDay = sends.filter((at) => now - at < DAY_MS).length;
            expect(verdict.ok).toBe(
              inHour < MAX_SENDS_PER_HOUR && inDay < CODE_SEND_LIMITS.identityPerDay,
            );
            if (verdict.ok) {
              sends = [...sends, now];
              record = {
                address: 'a@b.mx',
                hash: String(now),
                expiresAt: now + 15 * 60_000,
                tries: 0,
              };
            } else {
              expect(verdict.refusal).toMatchObject({ outcome: 'limited' });
              const { retryAt } = verdict.refusal as { retryAt: number };
              expect(retryAt).toBeGreaterThan(now);
              expect(retryAt).toBeLessThanOrEqual(
                now + (inHour < MAX_SENDS_PER_HOUR ? DAY_MS : SEND_WINDOW_MS),
              );
            }
          } else {
            const before: CodeRecord | null = record;
            const { result, record: after } = tryCode(before, now, s.right);
            if (result.outcome === 'verified') {
              expect(before).not.toBeNull();
              expect(s.right).toBe(true);
              expect(now).toBeLessThan(before!.expiresAt);
              expect(before!.tries).toBeLessThan(MAX_CODE_TRIES);
              expect(after).toBeNull(); // used: never again
            }
            if (before && now < before.expiresAt && before.tries < MAX_CODE_TRIES && s.right) {
              expect(result.outcome).toBe('verified');
            }
            if (result.outcome === 'wrong') expect(result.left).toBe(MAX_CODE_TRIES - after!.tries);
            if (before === null) expect(result.outcome).toBe('none');
            record = after;
          }
        }
      }),
    );
  });

  it('a code is six digits for any digest, and the parsers refuse anything else', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 6, maxLength: 32 }), fc.anything(), (bytes, junk) => {
        expect(codeOfDigest(bytes)).toMatch(/^\d{6}$/);
        const send = parseSendOutcome(junk);
        const tried = parseTryOutcome(junk);
        if (send)
          expect([
            'sent',
            'malformed',
            'personal',
            'limited',
            'spent',
            'waiting',
            'busy',
            'paused',
            'suppressed',
            'verified',
          ]).toContain(send.outcome);
        if (tried)
          expect(['verified', 'wrong', 'expired', 'exhausted', 'none']).toContain(tried.outcome);
      }),
    );
  });

  it('a code neither waits for nor counts toward a mailbox’s daily cap', () => {
    const sent = [1, 2, 3].map((i) => ({ id: `w${i}`, kind: 'launch' as const, at: 1_000 + i }));
    expect(recipientVerdict({ id: 'code:x', kind: 'code' }, sent, 2_000).verdict).toBe('send');
    const codes = [1, 2, 3].map((i) => ({ id: `c${i}`, kind: 'code' as const, at: 1_000 + i }));
    expect(recipientVerdict({ id: 'launch:x', kind: 'launch' }, codes, 2_000).verdict).toBe('send');
  });
});

describe('the credit rule (issue 48)', () => {
  const college = fc.constantFrom('udg-cucei', 'udg-cucea', 'itesm-gdl', null);
  it('counts iff the invitee is another student, at the inviter’s campus, verified', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('a', 'b'),
        fc.constantFrom('a', 'b', 'c'),
        college,
        college,
        fc.boolean(),
        (inviter, invitee, mine, theirs, verified) => {
          const counts = inviteCounts(
            { uid: inviter, collegeId: mine },
            { uid: invitee, collegeId: theirs, verified },
          );
          expect(counts).toBe(inviter !== invitee && mine !== null && mine === theirs && verified);
        },
      ),
    );
  });
});

describe('the invite preview (issue 48)', () => {
  it('never gives a figure under the floor, whatever the server sends', () => {
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: -5, max: 200 }), (junk, count) => {
        const parsed = parseInvitePreview(junk);
        if (parsed) {
          const v = parsed.progress.verified;
          expect(v === null || v >= PROGRESS_FLOOR).toBe(true);
        }
        const preview = parseInvitePreview({
          collegeId: 'udg-cucei',
          name: 'Universidad de Guadalajara',
          subname: 'CUCEI',
          shortName: 'UDG - CUCEI',
          verifiedCount: count,
          threshold: 100,
          state: 'gathering',
          opensOn: null,
        });
        expect(preview?.progress).toEqual(publicProgress('udg-cucei', count));
        expect(
          preview!.progress.verified === null || preview!.progress.verified >= PROGRESS_FLOOR,
        ).toBe(true);
      }),
    );
  });
});
