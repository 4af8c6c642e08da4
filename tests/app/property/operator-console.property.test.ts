// Issue 61's rules, for any input: a campus is ready exactly when its verified students reach the
// threshold AND its verified sellers reach the minimum, and more of either never makes it less
// ready; and over random sequences of joins, leaves, launches, retries, concurrent launches,
// schedules, cancels and runs of the due launches, the memory backend launches a campus once: no
// student ever has two launch messages, no one who joined after the launch gets one, and once
// launched every student who was on the list then (and still is) has exactly one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '@/adapters/memory/memory-auth.adapter';
import { MEMORY_STATE_KEY, parseMemoryState } from '@/adapters/memory/memory-state';
import { MAX_THRESHOLD } from '@/domain/campus-progress';
import { mexicoCityLocal } from '@/domain/operator/launch-plan';
import { MAX_SELLER_MINIMUM, readiness } from '@/domain/operator/readiness';
import { memoryBackendWith } from '../../support/memory-backend-with';

describe('readiness', () => {
  const input = fc.record({
    verified: fc.nat({ max: 200_000 }),
    threshold: fc.integer({ min: 1, max: MAX_THRESHOLD }),
    sellersVerified: fc.nat({ max: 20_000 }),
    sellerMinimum: fc.nat({ max: MAX_SELLER_MINIMUM }),
  });

  it('is ready iff both the verified students and the verified sellers are reached', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = readiness(i);
        expect(r.ready).toBe(i.verified >= i.threshold && i.sellersVerified >= i.sellerMinimum);
        expect(r.studentsMissing).toBe(Math.max(0, i.threshold - i.verified));
        expect(r.sellersMissing).toBe(Math.max(0, i.sellerMinimum - i.sellersVerified));
        expect(r.ready).toBe(r.studentsMissing === 0 && r.sellersMissing === 0);
      }),
    );
  });

  it('is monotonic: more students or sellers never make a campus less ready', () => {
    fc.assert(
      fc.property(input, fc.nat({ max: 1000 }), fc.nat({ max: 1000 }), (i, more, moreSellers) => {
        const before = readiness(i);
        const after = readiness({
          ...i,
          verified: i.verified + more,
          sellersVerified: i.sellersVerified + moreSellers,
        });
        if (before.ready) expect(after.ready).toBe(true);
        expect(after.studentsMissing).toBeLessThanOrEqual(before.studentsMissing);
        expect(after.sellersMissing).toBeLessThanOrEqual(before.sellersMissing);
        // A higher bar never makes it more ready.
        const harder = readiness({ ...i, threshold: i.threshold + more });
        if (harder.ready) expect(before.ready).toBe(true);
      }),
    );
  });
});

describe('the launch, on the memory backend', () => {
  const CAMPUS = 'udg-cucei';
  const STUDENTS = 12;
  const HOUR = 3_600_000;
  const step = fc.oneof(
    { weight: 4, arbitrary: fc.constant({ op: 'join' as const }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('leave' as const), student: fc.nat() }) },
    { weight: 2, arbitrary: fc.constant({ op: 'launch' as const }) },
    // The same request again, as a page retries after a lost answer.
    { weight: 1, arbitrary: fc.constant({ op: 'retry' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('concurrent' as const),
        // Each call: now (null) or scheduled a few hours ahead.
        calls: fc.array(fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }), {
          minLength: 2,
          maxLength: 4,
        }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('schedule' as const),
        hours: fc.integer({ min: 1, max: 5 }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ op: 'cancel' as const }) },
    // The terminal's launch (`npm run notify:campus`; memory's control): the same one launch.
    { weight: 1, arbitrary: fc.constant({ op: 'terminal' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('due' as const),
        hours: fc.integer({ min: 0, max: 6 }),
      }),
    },
  );

  it('records one launch message per student on the list at the launch, once, whatever the order', async () => {
    let launchedRuns = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), async (sequence) => {
        const { b, storage, as } = memoryBackendWith(
          Array.from({ length: STUDENTS }, (_, n) => ({
            uid: `s${n}`,
            email: `s${n}@alumnos.udg.mx`,
            displayName: 'S',
          })),
        );
        const asOperator = () => as(DEMO_OPERATOR.uid);
        const at = (hours: number) => mexicoCityLocal(new Date(Date.now() + hours * HOUR));
        const launch = (hours: number | null) =>
          b.operatorConsole.launch(CAMPUS, {
            confirm: CAMPUS,
            at: hours === null ? null : at(hours),
          });
        const launchMail = () =>
          b.controls.outbox().filter((m) => m.kind === 'launch' && m.collegeId === CAMPUS);

        const onList = new Set<string>();
        let joined = 0;
        /** Who was on the list when the launch's messages were recorded (null: not yet). */
        let listAtLaunch: Set<string> | null = null;
        let lastDue = 0;
        for (const s of sequence) {
          if (s.op === 'join') {
            if (joined >= STUDENTS) continue;
            const uid = `s${joined++}`;
            await as(uid);
            await b.waitlist.join(uid, {
              email: `${uid}@alumnos.udg.mx`,
              collegeId: CAMPUS,
              timestamp: new Date(),
            });
            onList.add(uid);
          } else if (s.op === 'leave') {
            const uid = [...onList][s.student % Math.max(1, onList.size)];
            if (!uid) continue;
            await as(uid);
            await b.waitlist.leave(uid);
            onList.delete(uid);
          } else if (s.op === 'launch' || s.op === 'retry') {
            await asOperator();
            await launch(null).catch(() => {});
            if (s.op === 'retry') await launch(null).catch(() => {});
          } else if (s.op === 'concurrent') {
            await asOperator();
            const settled = await Promise.allSettled(s.calls.map(launch));
            // One launch (or schedule) at most wins; the others are refused 'already'.
            expect(settled.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(1);
          } else if (s.op === 'schedule') {
            await asOperator();
            await launch(s.hours).catch(() => {});
          } else if (s.op === 'cancel') {
            await asOperator();
            await b.operatorConsole.cancelLaunch(CAMPUS).catch(() => {});
          } else if (s.op === 'terminal') {
            b.controls.notifyCampus(CAMPUS);
          } else {
            // Time only moves forward.
            lastDue = Math.max(lastDue, s.hours);
            b.controls.runDueLaunches(new Date(Date.now() + lastDue * HOUR + 60_000));
          }
          const mail = launchMail();
          const stored = parseMemoryState(storage.getItem(MEMORY_STATE_KEY));
          const status = stored.campusLaunches[CAMPUS];
          if (status?.state === 'launched' && listAtLaunch === null) {
            // The launch ran in this step (no student's step runs one): to the list of now.
            listAtLaunch = new Set(onList);
            expect(status.students).toBe(onList.size);
            launchedRuns++;
          }
          // No student has two launch messages; none before the launch; after it, exactly the
          // students on the list then who are still on it.
          const uids = mail.map((m) => m.uid);
          expect(new Set(uids).size).toBe(uids.length);
          if (listAtLaunch) {
            expect([...uids].sort()).toEqual([...listAtLaunch].filter((u) => onList.has(u)).sort());
          } else {
            expect(uids).toEqual([]);
          }
          // One launch run of this campus, once launched; none before.
          const runs = stored.launchRuns.filter((r) => r.collegeId === CAMPUS);
          expect(runs).toHaveLength(listAtLaunch ? 1 : 0);
        }
      }),
      { numRuns: 80 },
    );
    // Not vacuous: a good share of the runs launched.
    expect(launchedRuns).toBeGreaterThan(20);
  });
});

describe('the terminal’s launch is the console’s (memory’s notifyCampus control)', () => {
  it('shows in the console launched by the terminal, and neither launches twice', async () => {
    const { b, as } = memoryBackendWith([
      { uid: 'ana', email: 'ana@alumnos.udg.mx', displayName: 'Ana' },
    ]);
    await as('ana');
    await b.waitlist.join('ana', {
      email: 'ana@alumnos.udg.mx',
      collegeId: 'udg-cucea',
      timestamp: new Date(),
    });
    expect(b.controls.notifyCampus('udg-cucea')).toEqual({
      students: 1,
      queued: 1,
      alreadyQueued: 0,
    });
    await as(DEMO_OPERATOR.uid);
    const row = (await b.operatorConsole.campuses()).find((c) => c.report.campus === 'udg-cucea');
    expect(row?.launch).toMatchObject({ state: 'launched', by: 'terminal:memory', students: 1 });
    await expect(
      b.operatorConsole.launch('udg-cucea', { confirm: 'udg-cucea', at: null }),
    ).rejects.toMatchObject({ code: 'invalid-argument', message: 'already' });
    // The console schedules another campus: the terminal records nothing for it.
    const at = mexicoCityLocal(new Date(Date.now() + 3 * 3_600_000));
    await b.operatorConsole.launch('udg-cucei', { confirm: 'udg-cucei', at });
    expect(b.controls.notifyCampus('udg-cucei').queued).toBe(0);
    const log = b.controls
      .operatorLog()
      .filter((e) => e.actor === 'terminal:memory' && e.action === 'launch')
      .map((e) => [e.target, e.outcome]);
    expect(log.sort()).toEqual([
      ['udg-cucea', 'done'],
      ['udg-cucei', 'already'],
    ]);
  });
});
