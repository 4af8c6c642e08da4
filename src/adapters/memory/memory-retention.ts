import { keptSends } from '@/domain/code-sends';
import { type RetentionPlan, retentionPlan } from '@/domain/retention';
import { AUDIT_LOG_DAYS } from '@/domain/operator/audit-log';
import type { MemoryContext, MemoryState, Slice } from './memory-store';
import { isCount, isDate, isObject, recordOf } from './memory-values';

declare module './memory-store' {
  interface MemoryState {
    /** The retention job's runs (issue 61: the console's health), oldest first, the last few. */
    readonly retentionRuns: readonly RetentionRun[];
  }
}

/** One run of the retention job: when (ISO), and how many of each it deleted. */
export interface RetentionRun {
  readonly at: string;
  readonly deleted: Readonly<Record<string, number>>;
}

/** How many runs are kept (the console shows the last). */
export const RETENTION_RUNS_KEPT = 20;

const DAY_MS = 86_400_000;

/** The retention's slice: its runs (counts only, nothing of a student). */
export const retentionSlice: Slice<'retentionRuns'> = {
  empty: () => ({ retentionRuns: [] }),
  parse: (d) => ({
    retentionRuns: Array.isArray(d.retentionRuns)
      ? d.retentionRuns
          .filter(
            (r: unknown): r is RetentionRun =>
              isObject(r) &&
              isDate((r as { at?: unknown }).at) &&
              isObject((r as { deleted?: unknown }).deleted) &&
              Object.values((r as { deleted: object }).deleted).every(isCount),
          )
          .map((r) => ({ at: r.at, deleted: recordOf(r.deleted, isCount) }))
          .slice(-RETENTION_RUNS_KEPT)
      : [],
  }),
};

/** The retention job's operator control (issue 51). */
export interface RetentionControls {
  /**
   * The retention job (issue 51; a scheduled function, pg_cron or a worker on the real backends):
   * deletes the accounts idle 30 days without an entry (never an operator's) and every student
   * of a campus launched 90 days ago, with everything kept of them, the operators' log entries
   * older than AUDIT_LOG_DAYS (issue 61), and what the codes leave behind (issue 59: expired
   * codes, the ledger's times older than a day, an expired code's unsent message's address);
   * records the run (when, how many of each) for the console's health. `dryRun` says who and
   * deletes nothing.
   */
  applyRetention(options?: { dryRun?: boolean }): RetentionPlan;
}

/**
 * The state without what the codes leave behind once of no use (issue 59, as Firebase's
 * pruneCodeRecords and Supabase's apply_retention): codes that expired; the code ledger's times
 * older than a day (each identity's lifetime total, `codeTotals`, stays); and a code's message
 * still pending when its code expired, failed with its address and nonce forgotten. How many of
 * each.
 */
function withCodeRecordsPruned(
  state: MemoryState,
  now: number,
): { state: MemoryState; codes: number; ledger: number; messages: number } {
  const codes = Object.fromEntries(
    Object.entries(state.codes).filter(([, c]) => c.expiresAt > now),
  );
  let ledger = 0;
  const codeLedger: Record<string, readonly number[]> = {};
  for (const [key, times] of Object.entries(state.codeLedger)) {
    const kept = keptSends(times, now);
    if (kept.length !== times.length) ledger++;
    if (kept.length) codeLedger[key] = kept;
  }
  let messages = 0;
  const outbox = Object.fromEntries(
    Object.entries(state.outbox).map(([id, mail]) => {
      const stale =
        mail.kind === 'code' &&
        mail.status === 'pending' &&
        !((mail.expiresAt ?? 0) > now) &&
        (mail.to !== '' || mail.nonce !== undefined);
      if (!stale) return [id, mail];
      messages++;
      const forgotten = {
        ...mail,
        to: '',
        status: 'failed' as const,
        error: 'not written: its code expired',
      };
      delete (forgotten as { nonce?: string }).nonce;
      return [id, forgotten];
    }),
  );
  return {
    state: { ...state, codes, codeLedger, outbox },
    codes: Object.keys(state.codes).length - Object.keys(codes).length,
    ledger,
    messages,
  };
}

/** The state without the operators' log entries older than AUDIT_LOG_DAYS, and how many went. */
const withLogPruned = (state: MemoryState, now: number): { state: MemoryState; pruned: number } => {
  const since = now - AUDIT_LOG_DAYS * DAY_MS;
  const operatorLog = state.operatorLog.filter((e) => Date.parse(e.at) >= since);
  return {
    state: { ...state, operatorLog },
    pruned: state.operatorLog.length - operatorLog.length,
  };
};

/** The retention job: what the real backends run on a schedule, here on demand. */
export const retentionControls = ({ store, clock }: MemoryContext): RetentionControls => ({
  applyRetention({ dryRun = false } = {}) {
    const state = store.read();
    const now = clock.now();
    const plan = retentionPlan({
      now: now.getTime(),
      accounts: Object.entries(state.users).map(([uid, seen]) => ({
        uid,
        lastSeen: Date.parse(seen) || 0,
        onList: Object.hasOwn(state.entries, uid),
        // The console's role (issue 61): an operator never joins and keeps the account.
        operator: state.accounts.some(
          (a) => a.uid === uid && state.operators.includes(a.email.toLowerCase()),
        ),
      })),
      entries: Object.entries(state.entries).map(([uid, e]) => ({
        uid,
        collegeId: e.collegeId,
        joinedAt: Date.parse(e.timestamp),
      })),
      launches: state.launchRuns,
    });
    if (!dryRun) {
      store.update((current) => {
        const codesPruned = withCodeRecordsPruned(
          [...plan.idle, ...plan.launched].reduce(store.withoutStudent, current),
          now.getTime(),
        );
        const pruned = withLogPruned(codesPruned.state, now.getTime());
        const run: RetentionRun = {
          at: now.toISOString(),
          deleted: {
            idleAccounts: plan.idle.length,
            launchedStudents: plan.launched.length,
            operatorLog: pruned.pruned,
            verificationCodes: codesPruned.codes,
            codeLedger: codesPruned.ledger,
            codeMessages: codesPruned.messages,
          },
        };
        return {
          ...pruned.state,
          retentionRuns: [...pruned.state.retentionRuns, run].slice(-RETENTION_RUNS_KEPT),
        };
      });
    }
    return plan;
  },
});
