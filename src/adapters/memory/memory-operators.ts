import { AppError } from '@/domain/errors';
import { type AuditEntry, parseAuditEntry } from '@/domain/operator/audit-log';
import type { LaunchStatus } from '@/domain/operator/launch-plan';
import { DEMO_OPERATOR } from './memory-auth.adapter';
import { launchOf, withLaunchMail } from './memory-campus-launch';
import { campusId } from './memory-campus-progress.adapter';
import { isListedCampus } from './memory-campus-requests.adapter';
import type { MemoryContext, MemoryState, Slice } from './memory-store';
import { isCount, isDate, isObject, isString, recordOf } from './memory-values';

/**
 * The operator console's server side kept in the state (issue 61): who holds the operator role,
 * the operators' log, and each campus's launch (scheduled or sent). The console's operations are
 * memory-operator-console.adapter.ts (a chunk of its own); what must run without it (the due
 * launches, the controls) is here.
 */

declare module './memory-store' {
  interface MemoryState {
    /** The accounts' e-mails (lowercased) holding the operator role; a fresh state: the demo operator. */
    readonly operators: readonly string[];
    /** The operators' log, oldest first: append-only (the retention job prunes old entries). */
    readonly operatorLog: readonly AuditEntry[];
    /** Each campus's launch from the console, keyed by college id (none: not launched). */
    readonly campusLaunches: Readonly<Record<string, RecordedLaunch>>;
  }
}

/** A launch as the state keeps it: scheduled, or launched. */
export type RecordedLaunch = Exclude<LaunchStatus, { state: 'none' }>;

const isRecordedLaunch = (v: unknown): v is RecordedLaunch => {
  if (!isObject(v)) return false;
  const r = v as Record<string, unknown>;
  if (!isDate(r.at) || !isString(r.by)) return false;
  return r.state === 'scheduled' || (r.state === 'launched' && isCount(r.students));
};

/** The operators' slice: the role, the log, the launches (nothing of a student's but uids). */
export const operatorsSlice: Slice<'operators' | 'operatorLog' | 'campusLaunches'> = {
  empty: () => ({ operators: [DEMO_OPERATOR.email], operatorLog: [], campusLaunches: {} }),
  parse: (d) => ({
    // A state stored before the role existed: the demo operator holds it, as in a fresh one.
    operators: Array.isArray(d.operators)
      ? [...new Set(d.operators.filter(isString).map((e) => e.toLowerCase()))]
      : [DEMO_OPERATOR.email],
    operatorLog: Array.isArray(d.operatorLog)
      ? d.operatorLog.flatMap((e: unknown) => parseAuditEntry(e) ?? [])
      : [],
    campusLaunches: recordOf(d.campusLaunches, isRecordedLaunch),
  }),
};

/**
 * The signed-in account's e-mail (lowercased) when it holds the operator role; else rejects,
 * as every operator operation does first: no one signed in, `unauthenticated`; no role,
 * `permission-denied`.
 */
export function operatorOf(state: MemoryState): string {
  const account = state.sessionUid
    ? state.accounts.find((a) => a.uid === state.sessionUid)
    : undefined;
  if (!account) throw new AppError('unauthenticated', 'Sign in as an operator');
  const email = account.email.toLowerCase();
  if (!state.operators.includes(email)) {
    throw new AppError('permission-denied', 'Only an operator may use the console');
  }
  return email;
}

/** The state with one more entry in the operators' log (its id and time given here). */
export function withLogEntry(
  state: MemoryState,
  now: Date,
  entry: Omit<AuditEntry, 'id' | 'at'>,
): MemoryState {
  const at = now.toISOString();
  const id = `log-${now.getTime()}-${state.operatorLog.length}`;
  return { ...state, operatorLog: [...state.operatorLog, { id, at, ...entry }] };
}

/** A campus's launch now (not logged here): every student's message recorded once, the launch kept. */
export function withLaunch(
  state: MemoryState,
  collegeId: string,
  by: string,
  now: Date,
): { state: MemoryState; launch: RecordedLaunch; queued: number } {
  const mailed = withLaunchMail(state, collegeId, now);
  const launch: RecordedLaunch = {
    state: 'launched',
    at: now.toISOString(),
    by,
    students: mailed.students,
  };
  return {
    state: {
      ...mailed.state,
      campusLaunches: { ...mailed.state.campusLaunches, [collegeId]: launch },
    },
    launch,
    queued: mailed.queued,
  };
}

/** The state with every scheduled launch due at `now` run (and logged), and how many messages. */
export function withDueLaunches(
  state: MemoryState,
  now: Date,
): { state: MemoryState; launched: number; queued: number } {
  let next = state;
  let launched = 0;
  let queued = 0;
  for (const [collegeId, scheduled] of Object.entries(state.campusLaunches)) {
    if (scheduled.state !== 'scheduled' || Date.parse(scheduled.at) > now.getTime()) continue;
    const run = withLaunch(next, collegeId, scheduled.by, now);
    next = withLogEntry(run.state, now, {
      actor: scheduled.by,
      action: 'launch',
      target: collegeId,
      outcome: 'done',
      before: scheduled,
      after: run.launch,
    });
    launched++;
    queued += run.queued;
  }
  return { state: next, launched, queued };
}

/** The due launches' runner: now, and by itself at the next scheduled time while the page is open. */
export interface DueLaunches {
  /** Runs the launches due at `now` (default the clock's) and sets the timer for the next one. */
  check(now?: Date): number;
}

/** The longest a timer may wait (setTimeout's limit): a launch further ahead is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createDueLaunches({ store, clock, sender }: MemoryContext): DueLaunches {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = (now: Date = clock.now()): number => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    let launched = 0;
    const scheduled = Object.values(store.read().campusLaunches).filter(
      (l) => l.state === 'scheduled',
    );
    if (scheduled.some((l) => Date.parse(l.at) <= now.getTime())) {
      let queued = 0;
      store.update((state) => {
        const run = withDueLaunches(state, now);
        launched = run.launched;
        queued = run.queued;
        return run.state;
      });
      if (queued) sender.scheduleDelivery();
    }
    const waiting = Object.values(store.read().campusLaunches)
      .filter((l) => l.state === 'scheduled')
      .map((l) => Date.parse(l.at));
    if (waiting.length) {
      const ms = Math.min(
        Math.max(Math.min(...waiting) - clock.now().getTime(), 1000),
        MAX_TIMER_MS,
      );
      timer = setTimeout(() => check(), ms);
      // A test's process need not wait for a launch an hour ahead.
      (timer as { unref?: () => void }).unref?.();
    }
    return launched;
  };
  return { check };
}

/** The operator role's and log's controls (`npm run operator` on the real backends). */
export interface OperatorControls {
  /** Gives the account with this e-mail the operator role (logged as 'role-grant'). */
  grantOperator(email: string): void;
  /** Takes the operator role from the account with this e-mail (logged as 'role-revoke'). */
  revokeOperator(email: string): void;
  /**
   * Runs the scheduled launches due at `now` (default: the clock's), as the real backends' job
   * does every minute (the backend also runs them by itself); how many campuses it launched.
   */
  runDueLaunches(now?: Date | string | number): number;
  /** The operators' log, newest first (read only: no control edits it). */
  operatorLog(): AuditEntry[];
  /**
   * The launch command of a campus (`npm run notify:campus` on the real backends, issue 61): the
   * console's one launch, by 'terminal:memory' and logged; every student's message recorded once,
   * then sent. A campus launched or scheduled already (here or in the console) records nothing
   * (logged 'already'): `queued` 0. `dryRun` records and sends nothing.
   */
  notifyCampus(
    collegeId: string,
    options?: { dryRun?: boolean },
  ): { students: number; queued: number; alreadyQueued: number };
}

/** Who a control's entry names: the developer at the page's console. */
const TERMINAL_ACTOR = 'terminal:memory';

export function operatorControls(
  { store, clock, sender }: MemoryContext,
  dueLaunches: DueLaunches,
): OperatorControls {
  const setRole = (email: string, grant: boolean): void => {
    if (!isString(email) || !/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
      throw new TypeError(`Not an e-mail: ${String(email)}`);
    }
    const address = email.trim().toLowerCase();
    store.update((state) => {
      const before = state.operators.includes(address);
      const operators = grant
        ? [...new Set([...state.operators, address])]
        : state.operators.filter((e) => e !== address);
      return withLogEntry({ ...state, operators }, clock.now(), {
        actor: TERMINAL_ACTOR,
        action: grant ? 'role-grant' : 'role-revoke',
        target: address,
        outcome: 'done',
        before: { operator: before },
        after: { operator: grant },
      });
    });
  };
  return {
    grantOperator: (email) => setRole(email, true),
    revokeOperator: (email) => setRole(email, false),
    runDueLaunches: (now) => {
      const at = now === undefined ? clock.now() : new Date(now);
      if (Number.isNaN(at.getTime())) throw new TypeError(`Not a time: ${String(now)}`);
      return dueLaunches.check(at);
    },
    operatorLog: () => [...store.read().operatorLog].reverse(),
    notifyCampus(collegeId, { dryRun = false } = {}) {
      const id = campusId(collegeId);
      const state = store.read();
      // As the operator commands: a pending campus is launched once added (issue 49).
      if (!isListedCampus(state, id)) throw new TypeError(`Not a campus of the catalogue: ${id}`);
      const messages = launchOf(state, id);
      const fresh = messages.filter((m) => !Object.hasOwn(state.outbox, m.id));
      const held = Object.hasOwn(state.campusLaunches, id);
      if (!dryRun) {
        const now = clock.now();
        const line = { actor: TERMINAL_ACTOR, action: 'launch', target: id } as const;
        store.update((current) =>
          held
            ? withLogEntry(current, now, { ...line, outcome: 'already', before: null, after: null })
            : withLogEntry(withLaunch(current, id, TERMINAL_ACTOR, now).state, now, {
                ...line,
                outcome: 'done',
                before: null,
                after: { students: messages.length, queued: fresh.length },
              }),
        );
        if (!held && fresh.length) sender.scheduleDelivery();
      }
      return {
        students: messages.length,
        queued: dryRun || held ? 0 : fresh.length,
        alreadyQueued: messages.length - fresh.length,
      };
    },
  };
}
