import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CAMPUS_STATES,
  DEFAULT_SETTINGS,
  MAX_THRESHOLD,
  parseDay,
  parseMyCampus,
  parseProgress,
  parsePublicProgress,
  parseSettings,
  PROGRESS_FLOOR,
  publicProgress,
  studentsMissing,
} from '@/domain/campus-progress';

// Issue 28, campus progress: no figure under the floor is ever returned, whatever a server
// counts or answers; what is missing to open is never negative.

const settings = fc.record({
  threshold: fc.integer({ min: 1, max: MAX_THRESHOLD }),
  state: fc.constantFrom(...CAMPUS_STATES),
  opensOn: fc.option(
    fc
      .date({ min: new Date('2020-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    { nil: null },
  ),
});

describe('campus progress', () => {
  it('publicProgress gives the count from the floor up and nothing below it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 200_000 }), settings, (count, s) => {
        const progress = publicProgress('udg-cucei', count, s);
        if (count >= PROGRESS_FLOOR) expect(progress.verified).toBe(count);
        else expect(progress.verified).toBeNull();
        expect(progress).toMatchObject({
          threshold: s.threshold,
          state: s.state,
          opensOn: s.opensOn,
        });
        const missing = studentsMissing(progress);
        if (progress.verified === null) expect(missing).toBeNull();
        else expect(missing).toBe(Math.max(0, s.threshold - count));
      }),
    );
  });

  it('parseProgress never returns a figure under the floor, for any answer', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ verified: fc.anything(), threshold: fc.anything(), state: fc.anything() }),
          fc.record({ verified: fc.integer({ min: -3, max: 30 }) }),
        ),
        (answer) => {
          const { verified, threshold, state } = parseProgress('x', answer);
          expect(
            verified === null || (Number.isInteger(verified) && verified >= PROGRESS_FLOOR),
          ).toBe(true);
          expect(Number.isInteger(threshold) && threshold >= 1).toBe(true);
          expect(CAMPUS_STATES).toContain(state);
        },
      ),
    );
  });

  it('parseMyCampus reads any answer: no campus is null, a figure is never under the floor', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            collegeId: fc.oneof(fc.string(), fc.anything()),
            verified: fc.anything(),
            verifiedCount: fc.oneof(fc.integer({ min: -5, max: 50 }), fc.anything()),
            universityOf: fc.anything(),
          }),
        ),
        (answer) => {
          const campus = parseMyCampus(answer);
          const id = (answer as { collegeId?: unknown } | null)?.collegeId;
          if (typeof id !== 'string') {
            expect(campus).toBeNull();
            return;
          }
          expect(campus!.progress.collegeId).toBe(id);
          const n = campus!.progress.verified;
          expect(n === null || n >= PROGRESS_FLOOR).toBe(true);
          expect(typeof campus!.verified).toBe('boolean');
        },
      ),
    );
  });

  it('parsePublicProgress reads any answer: another campus or none is null, never a figure under the floor (issue 60)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('udg-cucei', 'itesm-gdl'),
        fc.oneof(
          fc.anything(),
          fc.record({
            collegeId: fc.oneof(fc.constantFrom('udg-cucei', 'itesm-gdl'), fc.anything()),
            verifiedCount: fc.oneof(fc.integer({ min: -5, max: 50 }), fc.anything()),
            threshold: fc.anything(),
            state: fc.oneof(fc.constantFrom(...CAMPUS_STATES), fc.anything()),
            opensOn: fc.anything(),
          }),
        ),
        (asked, answer) => {
          const progress = parsePublicProgress(asked, answer);
          if ((answer as { collegeId?: unknown } | null)?.collegeId !== asked) {
            expect(progress).toBeNull();
            return;
          }
          expect(progress!.collegeId).toBe(asked);
          const n = progress!.verified;
          expect(n === null || (Number.isInteger(n) && n >= PROGRESS_FLOOR)).toBe(true);
          expect(CAMPUS_STATES).toContain(progress!.state);
        },
      ),
    );
    expect(parsePublicProgress('udg-cucei', { collegeId: 'udg-cucei', verifiedCount: 9 })).toEqual(
      publicProgress('udg-cucei', 0),
    );
    expect(
      parsePublicProgress('udg-cucei', { collegeId: 'udg-cucei', verifiedCount: 12 })?.verified,
    ).toBe(12);
  });

  it('parseSettings keeps valid settings as they are and defaults anything else', () => {
    fc.assert(
      fc.property(settings, (s) => {
        expect(parseSettings(s)).toEqual(s);
      }),
    );
    for (const bad of [null, 'x', { threshold: 0 }, { threshold: 1.5 }, { state: 'closed' }]) {
      expect(parseSettings(bad)).toEqual(DEFAULT_SETTINGS);
    }
    expect(parseSettings({ threshold: MAX_THRESHOLD + 1 }).threshold).toBe(
      DEFAULT_SETTINGS.threshold,
    );
  });

  it('parseDay accepts real calendar days only', () => {
    expect(parseDay('2027-01-15')).toBe('2027-01-15');
    expect(parseDay('2028-02-29')).toBe('2028-02-29');
    for (const bad of ['2027-02-29', '2027-13-01', '2027-1-5', '15/01/2027', '', 20270115, null]) {
      expect(parseDay(bad)).toBeNull();
    }
  });
});
