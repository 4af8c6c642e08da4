import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryBackend } from '@/adapters/memory/memory-backend';
import { MEMORY_STATE_KEY, parseMemoryState } from '@/adapters/memory/memory-state';
import { collegeOfId } from '@/domain/college-of-id';
import { AFTER_LAUNCH_DAYS, IDLE_ACCOUNT_DAYS, retentionPlan } from '@/domain/retention';
import { createUseCases } from '@/domain/use-cases/create-use-cases';
import { createVisitRecord } from '@/adapters/browser/visit-record.adapter';
import { memoryLocalRecord } from '../../support/local-record';
import { memoryStorage } from '../../support/memory-storage';

// Issue 51, item 9: the retention the privacy notice promises, applied by a job on every backend
// (here the rule and the memory backend; the Firebase function and the database's function run
// the same cases in tests/firebase and tests/supabase).

const DAY = 24 * 60 * 60_000;
const NOW = Date.UTC(2027, 5, 1);
const campus = fc.constantFrom('udg-cucei', 'udg-cucea', 'itesm-gdl');

describe('retentionPlan', () => {
  it('names exactly the idle accounts without an entry or the operator role and the students told of a launch 90 days ago', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            uid: fc.stringMatching(/^u[0-9]{1,3}$/),
            ago: fc.integer({ min: 0, max: 60 }),
            joinedAgo: fc.integer({ min: 0, max: 200 }),
            campus: fc.option(campus, { nil: null }),
            operator: fc.boolean(),
          }),
          { maxLength: 25 },
        ),
        fc.array(
          fc.record({
            collegeId: campus,
            ago: fc.integer({ min: 0, max: 200 }),
            queued: fc.nat(3),
          }),
          { maxLength: 6 },
        ),
        (people, runs) => {
          const unique = [...new Map(people.map((p) => [p.uid, p])).values()];
          const input = {
            now: NOW,
            accounts: unique.map((p) => ({
              uid: p.uid,
              lastSeen: NOW - p.ago * DAY,
              onList: p.campus !== null,
              operator: p.operator,
            })),
            entries: unique.flatMap((p) =>
              p.campus
                ? [{ uid: p.uid, collegeId: p.campus, joinedAt: NOW - p.joinedAgo * DAY }]
                : [],
            ),
            launches: runs.map((r) => ({
              collegeId: r.collegeId,
              at: NOW - r.ago * DAY,
              queued: r.queued,
            })),
          };
          const plan = retentionPlan(input);
          for (const p of unique) {
            // An operator (issue 61) never joins and keeps the account.
            expect(plan.idle.includes(p.uid)).toBe(
              p.campus === null && !p.operator && p.ago > IDLE_ACCOUNT_DAYS,
            );
            const launchedAgo = runs
              .filter((r) => r.collegeId === p.campus && r.queued > 0)
              .map((r) => r.ago);
            // Told: on the list when the campus's first launch ran, 90 days ago or more.
            const first = launchedAgo.length > 0 ? Math.max(...launchedAgo) : -1;
            const due = first >= AFTER_LAUNCH_DAYS && p.joinedAgo >= first;
            expect(plan.launched.includes(p.uid)).toBe(due);
          }
          // Applied, then planned again: nothing more.
          const gone = new Set([...plan.idle, ...plan.launched]);
          const again = retentionPlan({
            ...input,
            accounts: input.accounts.filter((a) => !gone.has(a.uid)),
            entries: input.entries.filter((e) => !gone.has(e.uid)),
          });
          expect(again.idle).toEqual([]);
          expect(again.launched).toEqual([]);
        },
      ),
    );
  });
});

/** A memory backend and its use cases on a clock a test moves, signing in the chosen account. */
function memoryWorld(clock: { readonly at: number }, chosen: () => number) {
  const storage = memoryStorage();
  const backend = createMemoryBackend({
    storage,
    config: { latencyMs: 0 },
    chooseAccount: async (accounts) => accounts[chosen()]!,
    clock: { now: () => new Date(clock.at) },
    sendAutomatically: false,
  });
  const useCases = createUseCases({
    ...backend,
    local: memoryLocalRecord(memoryStorage()).record,
    visit: createVisitRecord(memoryStorage()),
    clock: { now: () => new Date(clock.at) },
  });
  return { storage, backend, useCases };
}

describe('the retention job on the memory backend', () => {
  it('deletes idle accounts after 30 days and a launched campus after 90; a dry run and a rerun delete nothing', async () => {
    const clock = { at: Date.UTC(2026, 10, 1) };
    let index = 0;
    const { backend, useCases } = memoryWorld(clock, () => index);
    const ana = await useCases.signIn();
    await useCases.joinWaitlist({ user: ana, college: collegeOfId('udg-cucei') });
    index = 1;
    const luis = await useCases.signIn(); // signed in, never joined
    index = 2;
    const sofia = await useCases.signIn();
    await useCases.joinWaitlist({ user: sofia, college: collegeOfId('udg-cucea') });
    // An operator (issue 61) signs in to the console and never joins: the account is kept.
    index = 4;
    const operator = await useCases.signIn();
    backend.controls.grantOperator(operator.email);
    const held = () =>
      Object.keys(backend.controls.accounts())
        .filter((uid) => uid !== operator.uid)
        .sort();

    clock.at += (IDLE_ACCOUNT_DAYS + 1) * DAY;
    expect(backend.controls.applyRetention({ dryRun: true }).idle).toEqual([luis.uid]);
    expect(held()).toEqual([ana.uid, luis.uid, sofia.uid].sort());
    backend.controls.applyRetention();
    expect(held()).toEqual([ana.uid, sofia.uid].sort());
    expect(Object.keys(backend.controls.accounts())).toContain(operator.uid);

    backend.controls.notifyCampus('udg-cucei');
    // A student who joins after the launch was never told: the purge leaves them.
    clock.at += DAY;
    index = 3;
    const late = await useCases.signIn();
    await useCases.joinWaitlist({ user: late, college: collegeOfId('udg-cucei') });
    clock.at += (AFTER_LAUNCH_DAYS - 2) * DAY;
    expect(backend.controls.applyRetention()).toEqual({ idle: [], campuses: [], launched: [] });
    clock.at += DAY;
    expect(backend.controls.applyRetention({ dryRun: true }).launched).toEqual([ana.uid]);
    expect(backend.controls.applyRetention()).toMatchObject({ campuses: ['udg-cucei'] });
    expect(held()).toEqual([late.uid, sofia.uid].sort());
    expect(Object.keys(backend.controls.entries()).sort()).toEqual([late.uid, sofia.uid].sort());
    expect(backend.controls.outbox().some((m) => m.uid === ana.uid)).toBe(false);
    // Rerun: nothing more goes.
    expect(backend.controls.applyRetention()).toMatchObject({ idle: [], launched: [] });
    expect(held()).toEqual([late.uid, sofia.uid].sort());
  });
});

describe('the retention job prunes what the codes leave behind (issue 59, memory)', () => {
  it('expired codes, the ledger’s day-old times and an expired code’s unsent message go; the lifetime totals stay', async () => {
    const clock = { at: Date.UTC(2026, 10, 1) };
    const { storage, backend, useCases } = memoryWorld(clock, () => 0);
    const ana = await useCases.signIn();
    await useCases.joinWaitlist({ user: ana, college: collegeOfId('itesm-gdl') });
    expect(await backend.emailVerifications.sendCode(ana.uid, 'ana.codigo@tec.mx')).toMatchObject({
      outcome: 'sent',
    });
    const stored = () => parseMemoryState(storage.getItem(MEMORY_STATE_KEY));
    const codeMail = () => Object.values(stored().outbox).filter((m) => m.kind === 'code');
    expect(Object.keys(stored().codes)).toEqual([ana.uid]);
    expect(Object.keys(stored().codeLedger).length).toBeGreaterThan(0);
    expect(codeMail()[0]).toMatchObject({ status: 'pending', to: 'ana.codigo@tec.mx' });

    // Within the day: nothing of it goes.
    clock.at += 2 * 60 * 60_000;
    backend.controls.applyRetention();
    expect(Object.keys(stored().codes)).toEqual([]);
    expect(Object.keys(stored().codeLedger).length).toBeGreaterThan(0);
    // Its code expired unsent: failed, the address and nonce forgotten.
    expect(codeMail()[0]).toMatchObject({ status: 'failed', to: '' });
    expect(codeMail()[0]?.nonce).toBeUndefined();

    clock.at += DAY;
    const totals = stored().codeTotals;
    backend.controls.applyRetention();
    expect(stored().codeLedger).toEqual({});
    expect(stored().codeTotals).toEqual(totals);
    expect(Object.values(totals)).toEqual([1]);
    const run = stored().retentionRuns.at(-1);
    expect(run?.deleted).toMatchObject({ verificationCodes: 0, codeMessages: 0 });
    expect(run?.deleted.codeLedger).toBeGreaterThan(0);
  });
});
