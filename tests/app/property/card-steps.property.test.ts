import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chose,
  firstOpenStep,
  openSteps,
  parseStepChoices,
  STEP_IDS,
  type StepChoices,
  stepChoicesRecord,
  type StepFacts,
  type StepId,
} from '@/ui/card/card-steps';

// Issue 62: which of the joined card's next steps are open, from what the card knows (does the
// student count, which step shows an error) and what she chose; and her choices as this browser
// keeps them.

const step = fc.constantFrom(...STEP_IDS);
const flags = fc.record(
  Object.fromEntries(STEP_IDS.map((s) => [s, fc.boolean()])) as Record<
    StepId,
    fc.Arbitrary<boolean>
  >,
  { requiredKeys: [] },
);
const choices: fc.Arbitrary<StepChoices> = flags;
const facts: fc.Arbitrary<StepFacts> = fc.record({ counts: fc.boolean(), errors: flags });

describe('openSteps', () => {
  it('opens the verification step exactly while the student does not count, unless she closed it', () => {
    fc.assert(
      fc.property(facts, choices, (f, c) => {
        const others = { ...c };
        delete others.verify;
        expect(openSteps(f, others).verify).toBe(!f.counts);
        // Once she counts it is a done line: never open, whatever she chose or went wrong.
        if (f.counts) expect(openSteps(f, c).verify).toBe(false);
      }),
    );
  });

  it('keeps a step with an error open, whatever she chose', () => {
    fc.assert(
      fc.property(facts, choices, step, (f, c, s) => {
        const errored = { ...f, errors: { ...f.errors, [s]: true } };
        if (s === 'verify' && f.counts) return;
        expect(openSteps(errored, chose(c, s, false))[s]).toBe(true);
      }),
    );
  });

  it('opens and closes a step without an error as she chooses, and only that step', () => {
    fc.assert(
      fc.property(facts, choices, step, fc.boolean(), (f, c, s, isOpen) => {
        const clean = { ...f, errors: { ...f.errors, [s]: false } };
        const before = openSteps(clean, c);
        const after = openSteps(clean, chose(c, s, isOpen));
        expect(after[s]).toBe(s === 'verify' && f.counts ? false : isOpen);
        for (const other of STEP_IDS.filter((o) => o !== s))
          expect(after[other]).toBe(before[other]);
      }),
    );
  });

  it('leaves the inviting, selling and data steps closed until she opens them', () => {
    fc.assert(
      fc.property(fc.boolean(), (counts) => {
        const open = openSteps({ counts, errors: {} }, {});
        expect([open.invite, open.sell, open.data]).toEqual([false, false, false]);
      }),
    );
  });
});

describe('firstOpenStep', () => {
  it('is the first open step shown, in the list order, or null', () => {
    fc.assert(
      fc.property(facts, choices, fc.subarray([...STEP_IDS]), (f, c, shown) => {
        const open = openSteps(f, c);
        const first = firstOpenStep(open, shown);
        const expected = STEP_IDS.filter((s) => open[s] && shown.includes(s))[0] ?? null;
        expect(first).toBe(expected);
      }),
    );
  });
});

describe('the stored choices', () => {
  it('read back as stored, for the same student only', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }),
        choices,
        (uid, other, c) => {
          expect(parseStepChoices(stepChoicesRecord(uid, c), uid)).toEqual(c);
          if (other !== uid) expect(parseStepChoices(stepChoicesRecord(uid, c), other)).toEqual({});
        },
      ),
    );
  });

  it('read anything corrupted as no choice or as known steps with true or false, never throwing', () => {
    const junk = fc.oneof(
      fc.string(),
      fc.json(),
      fc.jsonValue().map((v) => JSON.stringify({ uid: 'u', open: v })),
      fc.dictionary(fc.string(), fc.jsonValue()).map((open) => JSON.stringify({ uid: 'u', open })),
    );
    fc.assert(
      fc.property(junk, (raw) => {
        const read = parseStepChoices(raw, 'u');
        for (const [key, value] of Object.entries(read)) {
          expect(STEP_IDS).toContain(key);
          expect(typeof value).toBe('boolean');
        }
      }),
    );
    expect(parseStepChoices('{"uid":"u","open":{"invite":true', 'u')).toEqual({});
    expect(parseStepChoices(null, 'u')).toEqual({});
    expect(
      parseStepChoices(`{"uid":"u","open":{"sell":true},"x":"${'a'.repeat(600)}"}`, 'u'),
    ).toEqual({});
    expect(
      parseStepChoices('{"uid":"u","open":{"sell":"yes","data":true,"__proto__":true}}', 'u'),
    ).toEqual({ data: true });
  });
});
