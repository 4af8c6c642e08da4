import { type RetentionPlan, retentionPlan } from '@/domain/retention';
import type { MemoryContext } from './memory-store';

/** The retention job's operator control (issue 51; it keeps no state of its own). */
export interface RetentionControls {
  /**
   * The retention job (issue 51; a scheduled function, pg_cron or a worker on the real backends):
   * deletes the accounts idle 30 days without an entry and every student of a campus launched 90
   * days ago, with everything kept of them; `dryRun` says who and deletes nothing.
   */
  applyRetention(options?: { dryRun?: boolean }): RetentionPlan;
}

/** The retention job: what the real backends run on a schedule, here on demand. */
export const retentionControls = ({ store, clock }: MemoryContext): RetentionControls => ({
  applyRetention({ dryRun = false } = {}) {
    const state = store.read();
    const plan = retentionPlan({
      now: clock.now().getTime(),
      accounts: Object.entries(state.users).map(([uid, seen]) => ({
        uid,
        lastSeen: Date.parse(seen) || 0,
        onList: Object.hasOwn(state.entries, uid),
      })),
      entries: Object.entries(state.entries).map(([uid, e]) => ({
        uid,
        collegeId: e.collegeId,
        joinedAt: Date.parse(e.timestamp),
      })),
      launches: state.launchRuns,
    });
    if (!dryRun) {
      store.update((current) =>
        [...plan.idle, ...plan.launched].reduce(store.withoutStudent, current),
      );
    }
    return plan;
  },
});
