import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPlusTag, mailboxOf } from '@/domain/email-address';
import {
  ledgerWith,
  LEDGER_KEEP_MS,
  RECIPIENT_DAILY_CAP,
  recipientKey,
  recipientVerdict,
  type SentRecord,
  WELCOME_EVERY_MS,
} from '@/domain/mail/recipient-limits';

// Issue 51, items 1 and 5: one mailbox, one welcome in 30 days and a few messages a day, however
// the address is written and whatever happened to the entry.

const DAY = 24 * 60 * 60_000;
const NOW = Date.UTC(2026, 10, 27, 12);
const SECRET = 'property-test-secret-property-test-secret-0123';

const local = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,15}$/);
const domain = fc.constantFrom('alumnos.udg.mx', 'itesm.mx', 'gmail.com', 'correo.uam.mx');
const tag = fc.stringMatching(/^[a-z0-9._+-]{0,10}$/);
/** The same address written otherwise: any case, spaces around, any +tag. */
const spelled = (name: string, at: string, t: string, upper: boolean[]) => {
  const text = `${name}${t ? `+${t}` : ''}@${at}`;
  return `  ${[...text].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c)).join('')} `;
};

const kind = fc.constantFrom('welcome' as const, 'launch' as const);
const record = fc.record({
  id: fc.stringMatching(/^(welcome|launch):[a-z0-9:-]{1,20}$/),
  kind,
  at: fc.integer({ min: NOW - 40 * DAY, max: NOW }),
});

describe('the mailbox of an address (mailboxOf)', () => {
  it('is the same for every case, surrounding space and +tag of one address', () => {
    fc.assert(
      fc.property(local, domain, tag, fc.array(fc.boolean(), { minLength: 1 }), (n, d, t, up) => {
        expect(mailboxOf(spelled(n, d, t, up))).toBe(`${n}@${d}`);
      }),
    );
  });

  it('tells different local parts and domains apart', () => {
    fc.assert(
      fc.property(local, local, domain, domain, (a, b, d, e) => {
        fc.pre(a !== b || d !== e);
        expect(mailboxOf(`${a}@${d}`)).not.toBe(mailboxOf(`${b}@${e}`));
      }),
    );
  });

  it('is null for what is no address', () => {
    for (const bad of [
      '',
      'ana',
      '@udg.mx',
      'ana@',
      'a@b@udg.mx',
      '+tag@udg.mx',
      'ana garcia@udg.mx',
      'ana\n@udg.mx',
      `${'a'.repeat(400)}@udg.mx`,
      42,
      null,
    ]) {
      expect(mailboxOf(bad)).toBeNull();
    }
  });

  it('hasPlusTag names the addresses with a +tag', () => {
    expect(hasPlusTag('ana+1@udg.mx')).toBe(true);
    expect(hasPlusTag('ana@udg.mx')).toBe(false);
    expect(hasPlusTag('ana@a+b.mx')).toBe(false);
    expect(hasPlusTag(null)).toBe(false);
  });
});

describe('the recipient rules (recipientVerdict)', () => {
  it('never sends a second welcome to a mailbox within 30 days', () => {
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 12 }),
        fc.integer({ min: 0, max: WELCOME_EVERY_MS - 1 }),
        (ledger, ago) => {
          const sent = [
            ...ledger,
            { id: 'welcome:earlier:1', kind: 'welcome' as const, at: NOW - ago },
          ];
          const verdict = recipientVerdict({ id: 'welcome:again:2', kind: 'welcome' }, sent, NOW);
          expect(verdict.verdict).toBe('skip');
        },
      ),
    );
  });

  it('sends a welcome once the last one is 30 days old, the day allowing', () => {
    const sent: SentRecord[] = [{ id: 'welcome:u:1', kind: 'welcome', at: NOW - WELCOME_EVERY_MS }];
    expect(recipientVerdict({ id: 'welcome:u:2', kind: 'welcome' }, sent, NOW)).toEqual({
      verdict: 'send',
    });
  });

  it('never lets more than the daily cap through in any day, deferring (not dropping) the rest', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 * 60 * 60_000 }), { minLength: 1, maxLength: 30 }),
        (gaps) => {
          // Launch-like messages arrive one after another; the sender sends what the rule allows
          // and tries a deferred one again at the time the rule gave.
          let ledger: SentRecord[] = [];
          let now = NOW;
          const sentAt: number[] = [];
          for (const [i, gap] of gaps.entries()) {
            now += gap;
            const mail = { id: `launch:c${i}:u`, kind: 'launch' as const };
            let verdict = recipientVerdict(mail, ledger, now);
            let at = now;
            while (verdict.verdict === 'defer') {
              expect(verdict.until).toBeGreaterThan(at);
              at = verdict.until;
              verdict = recipientVerdict(mail, ledger, at);
            }
            expect(verdict.verdict).toBe('send');
            ledger = ledgerWith(ledger, { ...mail, at }, at);
            sentAt.push(at);
            now = Math.max(now, at);
          }
          // Every message went out, and no day (any 24 h window) holds more than the cap.
          expect(sentAt).toHaveLength(gaps.length);
          for (const start of sentAt) {
            const inDay = sentAt.filter((t) => t >= start && t < start + DAY).length;
            expect(inDay).toBeLessThanOrEqual(RECIPIENT_DAILY_CAP);
          }
        },
      ),
    );
  });

  it('says done (not send) for a message already in the ledger, whatever else is there', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 12 }), record, (ledger, mine) => {
        const verdict = recipientVerdict(mine, [...ledger, mine], NOW);
        expect(verdict.verdict).toBe('done');
      }),
    );
  });

  it('keeps a ledger of 30 days, each message once, oldest first', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 20 }), record, (ledger, next) => {
        const kept = ledgerWith(ledger, next, NOW);
        // Once; a message marked again keeps the first time it was recorded.
        const earlier = ledger.find((s) => s.id === next.id && s.at > NOW - LEDGER_KEEP_MS);
        expect(kept.filter((s) => s.id === next.id)).toEqual([earlier ?? next]);
        expect(kept.every((s) => s === next || s.at > NOW - LEDGER_KEEP_MS)).toBe(true);
        expect(kept.map((s) => s.at)).toEqual([...kept.map((s) => s.at)].sort((a, b) => a - b));
      }),
    );
  });
});

describe("the ledger's key (recipientKey)", () => {
  it('is one key per mailbox, made with the secret, naming no address', async () => {
    await fc.assert(
      fc.asyncProperty(
        local,
        domain,
        tag,
        fc.array(fc.boolean(), { minLength: 1 }),
        async (n, d, t, up) => {
          const key = await recipientKey(spelled(n, d, t, up), SECRET);
          expect(key).toBe(await recipientKey(`${n}@${d}`, SECRET));
          expect(key).not.toBe(await recipientKey(`${n}@${d}`, `${SECRET}-other`));
          expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
          expect(key).not.toContain(n.length > 3 ? n : '@');
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is null for what is no address', async () => {
    expect(await recipientKey('no address', SECRET)).toBeNull();
  });
});
