// Issue 49's rules, for any input: a seller choice is always a subset of the seven; the UTM clamp
// maps any string to an allowed value or 'otro'; and over random sequences of joins, leaves,
// changes of campus and of threshold, the memory backend (the milestones as a trigger on every
// write) mails each (campus, milestone, student) at most once, and only when the true verified
// count has crossed it, to a student then on that campus's list.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  milestonesReached,
  milestoneStep,
  MILESTONE_FLOOR,
  MILESTONES,
} from '@/domain/campus-milestones';
import { parseSellerCategories, SELLER_CATEGORIES } from '@/domain/seller-choice';
import {
  clampSourceValue,
  OTHER_SOURCE,
  parseVisitSource,
  SOURCE_VALUE_PATTERN,
  sourceOfSearch,
} from '@/domain/visit-source';
import { ageMemoryCollegeChange } from '../../support/spaced-changes';
import { memoryBackendWith } from '../../support/memory-backend-with';

describe('seller choices', () => {
  it('are always a subset of the seven, in their order, or refused whole', () => {
    const item = fc.oneof(fc.constantFrom(...SELLER_CATEGORIES), fc.string(), fc.anything());
    fc.assert(
      fc.property(fc.oneof(fc.array(item, { maxLength: 20 }), fc.anything()), (value) => {
        const parsed = parseSellerCategories(value);
        if (parsed === null) return;
        expect(parsed.every((c) => SELLER_CATEGORIES.includes(c))).toBe(true);
        expect(parsed).toEqual(SELLER_CATEGORIES.filter((c) => parsed.includes(c)));
        expect(new Set(parsed).size).toBe(parsed.length);
        // Nothing given is dropped in silence: every item given is one of the kept.
        expect((value as unknown[]).every((v) => parsed.includes(v as never))).toBe(true);
      }),
    );
  });
});

describe('the UTM clamp', () => {
  it('maps any string to an allowed value or otro, and keeps what fits (lower-cased)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z0-9_-]{1,45}$/)), (value) => {
        const kept = clampSourceValue(value);
        expect(SOURCE_VALUE_PATTERN.test(kept)).toBe(true);
        if (/^[A-Za-z0-9_-]{1,40}$/.test(value)) expect(kept).toBe(value.toLowerCase());
        else expect(kept).toBe(OTHER_SOURCE);
      }),
    );
  });

  it('reads any address: null without the three, else each field clamped, and parses back', () => {
    const param = fc.oneof(fc.string(), fc.constantFrom('whatsapp', 'Insta', 'cartel qr', ''));
    fc.assert(
      fc.property(
        fc.record(
          { utm_source: param, utm_medium: param, utm_campaign: param },
          { requiredKeys: [] },
        ),
        fc.string(),
        (utm, noise) => {
          const search = `?${new URLSearchParams({ ...utm, x: noise }).toString()}`;
          const source = sourceOfSearch(search);
          const given = [utm.utm_source, utm.utm_medium, utm.utm_campaign].filter(
            (v) => v !== undefined && v !== '',
          );
          if (!given.length) {
            expect(source).toBeNull();
          } else {
            expect(source).not.toBeNull();
            expect(parseVisitSource(source)).toEqual(source);
          }
        },
      ),
    );
  });
});

describe('milestones', () => {
  it('are reached only from the floor, and each percent only when the count meets its share', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.integer({ min: 1, max: 400 }), (verified, threshold) => {
        const reached = milestonesReached(verified, threshold);
        if (verified < MILESTONE_FLOOR) expect(reached).toEqual([]);
        for (const m of MILESTONES) {
          expect(reached.includes(m)).toBe(
            verified >= MILESTONE_FLOOR && verified * 100 >= m * threshold,
          );
        }
        const step = milestoneStep(verified, threshold, [25]);
        expect(step.record).not.toContain(25);
        expect(step.mail).toBe(step.record.at(-1) ?? null);
      }),
    );
  });

  const CAMPUSES = ['udg-cucei', 'udg-cucea'] as const;
  const STUDENTS = 30;
  const ops = fc.array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          op: fc.constant('join' as const),
          student: fc.nat(STUDENTS - 1),
          // Mostly one campus, mostly verified: enough students to cross the floor.
          campus: fc.constantFrom(0, 0, 0, 1),
          verified: fc.constantFrom(true, true, true, false),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({ op: fc.constant('leave' as const), student: fc.nat(STUDENTS - 1) }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          op: fc.constant('move' as const),
          student: fc.nat(STUDENTS - 1),
          campus: fc.nat(1),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          op: fc.constant('threshold' as const),
          campus: fc.nat(1),
          threshold: fc.integer({ min: 1, max: 45 }),
        }),
      },
    ),
    { minLength: 30, maxLength: 100 },
  );

  it('mail each (campus, milestone, student) at most once, after the true count crossed it, to the list of then', async () => {
    let runsWithMail = 0;
    await fc.assert(
      fc.asyncProperty(ops, async (sequence) => {
        const { b, storage, as } = memoryBackendWith(
          Array.from({ length: STUDENTS }, (_, n) => [
            { uid: `u${n}`, email: `u${n}@alumnos.udg.mx`, displayName: 'U' },
            { uid: `p${n}`, email: `p${n}@gmail.com`, displayName: 'P' },
          ]).flat(),
        );
        const onList = new Map<string, string>(); // uid -> campus
        let joins = 0;
        const seen = new Set<string>();
        const crossed = new Map<string, Set<string>>(); // `${campus}:${m}` -> recipients
        for (const step of sequence) {
          if (step.op === 'join') {
            // Each join a student not on the list (fast-check's small numbers would repeat a few).
            const uid = `${step.verified ? 'u' : 'p'}${joins++ % STUDENTS}`;
            if (onList.has(uid)) continue;
            await as(uid);
            const campus = CAMPUSES[step.campus]!;
            await b.waitlist.join(uid, {
              email: `${uid}@${step.verified ? 'alumnos.udg.mx' : 'gmail.com'}`,
              collegeId: campus,
              timestamp: new Date(),
            });
            onList.set(uid, campus);
          } else if (step.op === 'leave' || step.op === 'move') {
            const uid = [...onList.keys()][step.student % Math.max(1, onList.size)];
            if (!uid) continue;
            await as(uid);
            if (step.op === 'leave') {
              await b.waitlist.leave(uid);
              onList.delete(uid);
            } else {
              // A minute after any last change (issue 59), behind the port.
              ageMemoryCollegeChange(storage, uid);
              await b.waitlist.changeCollege(uid, CAMPUSES[step.campus]!);
              onList.set(uid, CAMPUSES[step.campus]!);
            }
          } else {
            b.controls.setCampus(CAMPUSES[step.campus]!, { threshold: step.threshold });
          }
          const fresh = b.controls
            .outbox()
            .filter((m) => m.kind === 'milestone' && !seen.has(m.id));
          for (const mail of fresh) {
            seen.add(mail.id);
            const campus = mail.collegeId;
            const key = `${campus}:${mail.milestone}`;
            const verified = b.controls.verifiedCount(campus);
            const threshold = b.controls
              .campusReport()
              .find((r) => r.campus === campus)!.threshold!;
            // The true count crossed it now, from the floor.
            expect(verified).toBeGreaterThanOrEqual(MILESTONE_FLOOR);
            expect(verified * 100).toBeGreaterThanOrEqual(mail.milestone! * threshold);
            // To a student on that campus's list now.
            expect(onList.get(mail.uid)).toBe(campus);
            // One crossing per (campus, milestone): its recipients all come in this one step.
            const before = crossed.get(key);
            expect(before === undefined || before.has(mail.uid) === false).toBe(true);
            expect(before).toBeUndefined();
          }
          for (const mail of fresh) {
            const key = `${mail.collegeId}:${mail.milestone}`;
            crossed.set(key, new Set([...(crossed.get(key) ?? []), mail.uid]));
          }
        }
        // At most once each: no two messages for one (campus, milestone, student).
        const ids = b.controls
          .outbox()
          .filter((m) => m.kind === 'milestone')
          .map((m) => `${m.collegeId}:${m.milestone}:${m.uid}`);
        expect(new Set(ids).size).toBe(ids.length);
        if (ids.length) runsWithMail++;
      }),
      { numRuns: 60 },
    );
    // Not vacuous: a good share of the runs reached a milestone.
    expect(runsWithMail).toBeGreaterThan(15);
  });
});
