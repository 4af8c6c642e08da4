import { AppError, ERROR_CODES } from '@/domain/errors';
import { isPendingCampusId } from '@/domain/campus-request';
import { outgoingMail } from '@/domain/mail/deliver-outbox';
import type { AuditEntry, OperatorAction } from '@/domain/operator/audit-log';
import type {
  AddCampusResult,
  CampusDay,
  ConsoleCampus,
  ConsoleHealth,
  StudentRecord,
} from '@/domain/operator/console-records';
import {
  checkSettings,
  type ConsoleSettings,
  mexicoCityDay,
} from '@/domain/operator/console-settings';
import {
  confirmsLaunch,
  type LaunchRefusal,
  type LaunchStatus,
  launchTime,
} from '@/domain/operator/launch-plan';
import { checkAddCampus } from '@/domain/operator/add-campus';
import { DEFAULT_SELLER_MINIMUM, readiness } from '@/domain/operator/readiness';
import { FAILURE_KINDS, failureCountKey, parseFailureReport } from '@/domain/failure-report';
import type { OperatorConsole } from '@/ports/operator-console.port';
import { campusReportOf, launchOf } from './memory-campus-launch';
import { campusSettingsOf, countedAddress } from './memory-campus-progress.adapter';
import { campusNamesOf, isListedCampus } from './memory-campus-requests.adapter';
import { CampusAddError, withCampusAdded } from './memory-campuses';
import { heroPhotoQueue } from './memory-hero-images.adapter';
import { pendingOf } from './memory-mail.adapter';
import { type DueLaunches, operatorOf, withLaunch, withLogEntry } from './memory-operators';
import { memoryDeliveryOptions } from './memory-sender';
import type { MemoryContext, MemoryState } from './memory-store';

/**
 * The memory backend's operator console (issue 61): each operation as the real backends' servers
 * run it, on the stored state: the signed-in account must hold the operator role (memory-operators.ts)
 * or the call is refused before anything is read or written; every action writes its entry in the
 * operators' log in the same write as the action, a refused launch or add included. Loaded only
 * by the console's page (a chunk of its own, memory-backend.ts's lazy port).
 */

/** How many log entries the console reads at most by default. */
const AUDIT_LOG_LIMIT = 200;

const invalid = (problem: string) => new AppError('invalid-argument', problem);

/** A campus id the console may name: lowercase words joined by '-'. */

/** The campus's settings as the console shows them (the default seller minimum when none is set). */
const consoleSettingsOf = (state: MemoryState, collegeId: string): ConsoleSettings => {
  const {
    threshold,
    state: campusState,
    opensOn,
    sellerMinimum,
  } = campusSettingsOf(state, collegeId);
  return {
    threshold,
    sellerMinimum: sellerMinimum ?? DEFAULT_SELLER_MINIMUM,
    state: campusState,
    opensOn,
  };
};

const launchStatusOf = (state: MemoryState, collegeId: string): LaunchStatus =>
  (Object.hasOwn(state.campusLaunches, collegeId) && state.campusLaunches[collegeId]) || {
    state: 'none',
  };

/** Every campus's row: the launch report's, named, with its settings, readiness and launch. */
function campusRows(state: MemoryState): ConsoleCampus[] {
  return campusReportOf(state).map((report) => {
    const settings = consoleSettingsOf(state, report.campus);
    return {
      report,
      name: isPendingCampusId(report.campus)
        ? 'pendiente'
        : campusNamesOf(state, report.campus).shortName,
      settings,
      readiness: readiness({
        verified: report.verified,
        threshold: settings.threshold,
        sellersVerified: report.sellersVerified,
        sellerMinimum: settings.sellerMinimum,
      }),
      launch: launchStatusOf(state, report.campus),
    };
  });
}

/** Everything the state keeps under a student's uid (the ARCO export), as plain JSON. */
function studentData(state: MemoryState, uid: string): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const account = state.accounts.find((a) => a.uid === uid);
  if (account) data.account = account;
  for (const [field, value] of Object.entries(state) as [string, unknown][]) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    if (Object.hasOwn(value, uid)) data[field] = (value as Record<string, unknown>)[uid];
  }
  // The messages recorded for them, without a pending code's nonce (its six digits).
  const mail = Object.values(state.outbox)
    .filter((m) => m.uid === uid)
    .map(({ nonce: _nonce, ...kept }) => kept);
  if (mail.length) data.outbox = mail;
  const asked = Object.values(state.campusRequests).filter((r) => r.by.includes(uid));
  if (asked.length) data.campusRequests = asked.map(({ id, name, city }) => ({ id, name, city }));
  const inviter = Object.entries(state.invitedBy).filter(([, by]) => by === uid);
  if (inviter.length) data.invited = inviter.map(([invitee]) => invitee);
  return data;
}

/** Whether the backend keeps the student (an entry, or an account it holds). */
const isKept = (state: MemoryState, uid: string): boolean =>
  Object.hasOwn(state.entries, uid) || Object.hasOwn(state.users, uid);

function studentRecord(state: MemoryState, uid: string): StudentRecord {
  const entry = Object.hasOwn(state.entries, uid) ? state.entries[uid] : undefined;
  const account = state.accounts.find((a) => a.uid === uid);
  return {
    uid,
    email: account?.email ?? entry?.email ?? '',
    collegeId: entry?.collegeId ?? null,
    joinedAt: entry ? new Date(entry.timestamp).toISOString() : null,
    data: studentData(state, uid),
  };
}

/** The uid kept under this address (an account's, an entry's or a verified one), or null. */
function uidOfAddress(state: MemoryState, address: string): string | null {
  const same = (email: string) => email.toLowerCase() === address;
  const candidates = [
    ...state.accounts.filter((a) => same(a.email)).map((a) => a.uid),
    ...Object.entries(state.entries)
      .filter(([, e]) => same(e.email))
      .map(([uid]) => uid),
    ...Object.entries(state.verifications)
      .filter(([, v]) => same(v.address))
      .map(([uid]) => uid),
  ];
  return candidates.find((uid) => isKept(state, uid)) ?? null;
}

/** Each count key's part after its day (failureCountKey) and the report it counts: 'kind/code'. */
const FAILURE_NAMES = new Map(
  FAILURE_KINDS.flatMap((kind) =>
    ERROR_CODES.flatMap((code) => {
      const report = parseFailureReport({ kind, code });
      return report
        ? [[failureCountKey('', report).slice(1), `${report.kind}/${report.code}`] as const]
        : [];
    }),
  ),
);

/** The failure counts by day, newest first, from the stored counts' keys (`day_kind_code`). */
function failuresByDay(state: MemoryState): ConsoleHealth['failures'] {
  const days = new Map<string, { counts: Record<string, number>; dropped: number }>();
  const dayOf = (day: string) => {
    let held = days.get(day);
    if (!held) days.set(day, (held = { counts: {}, dropped: 0 }));
    return held;
  };
  for (const [key, count] of Object.entries(state.failureCounts)) {
    const day = key.slice(0, 10);
    const name = FAILURE_NAMES.get(key.slice(11));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || key[10] !== '_' || !name) continue;
    const held = dayOf(day);
    held.counts[name] = (held.counts[name] ?? 0) + count;
  }
  for (const [day, dropped] of Object.entries(state.failureDrops)) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(day)) dayOf(day).dropped += dropped;
  }
  return [...days.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([day, { counts, dropped }]) => ({ day, counts, dropped }));
}

export interface MemoryOperatorConsoleOptions {
  /** The site's address, for the sample message's links. */
  readonly siteUrl: string;
  /** The scheduled launches' runner (memory-operators.ts): run on every call. */
  readonly dueLaunches: DueLaunches;
}

export function createMemoryOperatorConsole(
  context: MemoryContext,
  { siteUrl, dueLaunches }: MemoryOperatorConsoleOptions,
): OperatorConsole {
  const { store, controls, clock, sender } = context;

  /** The operator's e-mail, after the network's latency; the due launches run first. */
  const enter = async (): Promise<string> => {
    await controls.enter('operatorConsole');
    const email = operatorOf(store.read());
    dueLaunches.check();
    return email;
  };

  /**
   * One action in one write (after `enter`): `change` gives the new state, the log entry's outcome and before and
   * after, and the answer; a refusal (an outcome other than 'done' with `refuse`) is logged, then
   * rejected with `invalid-argument` and its name. The role is checked again inside the write.
   */
  const act = <T>(
    action: OperatorAction | ((state: MemoryState) => OperatorAction),
    target: string | null,
    change: (
      state: MemoryState,
      now: Date,
    ) => {
      state?: MemoryState;
      outcome: string;
      before: unknown;
      after: unknown;
      answer?: T;
      refuse?: string;
      targetNow?: string | null;
    },
  ): T => {
    let answer: T | undefined;
    let refusal: string | undefined;
    store.update((state) => {
      const actor = operatorOf(state);
      const now = clock.now();
      const done = change(state, now);
      answer = done.answer;
      refusal = done.refuse;
      return withLogEntry(done.state ?? state, now, {
        actor,
        action: typeof action === 'function' ? action(state) : action,
        target: done.targetNow === undefined ? target : done.targetNow,
        outcome: done.outcome,
        before: done.before,
        after: done.after,
      });
    });
    if (refusal !== undefined) throw invalid(refusal);
    return answer as T;
  };

  const rowOf = (state: MemoryState, collegeId: string): ConsoleCampus => {
    const row = campusRows(state).find((c) => c.report.campus === collegeId);
    if (!row) throw new AppError('not-found', `No campus ${collegeId}`);
    return row;
  };

  const launchRefused = (refusal: LaunchRefusal, before: LaunchStatus) => ({
    outcome: refusal,
    refuse: refusal,
    before,
    after: before,
  });

  return {
    async access() {
      return { email: await enter() };
    },

    async campuses() {
      await enter();
      return campusRows(store.read());
    },

    async campusDays(collegeId): Promise<CampusDay[]> {
      await enter();
      const state = store.read();
      const days = new Map<string, { joined: number; verified: number }>();
      for (const [uid, entry] of Object.entries(state.entries)) {
        if (entry.collegeId !== collegeId) continue;
        const day = mexicoCityDay(new Date(entry.timestamp));
        const held = days.get(day) ?? { joined: 0, verified: 0 };
        held.joined++;
        if (countedAddress(state, uid) !== null) held.verified++;
        days.set(day, held);
      }
      return [...days.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, counts]) => ({ day, ...counts }));
    },

    async saveSettings(collegeId, settings) {
      await enter();
      const checked = checkSettings(settings, clock.now());
      if (!checked.ok) throw invalid(checked.problem);
      if (!isListedCampus(store.read(), collegeId)) throw invalid('unknown-campus');
      const saved = checked.settings;
      const next = store.update((state) => {
        const actor = operatorOf(state);
        const before = consoleSettingsOf(state, collegeId);
        return withLogEntry(
          {
            ...state,
            campusSettings: {
              ...state.campusSettings,
              [collegeId]: {
                threshold: saved.threshold,
                state: saved.state,
                opensOn: saved.opensOn,
                sellerMinimum: saved.sellerMinimum,
              },
            },
          },
          clock.now(),
          { actor, action: 'settings', target: collegeId, outcome: 'done', before, after: saved },
        );
      });
      return rowOf(next, collegeId);
    },

    async launchPreview(collegeId) {
      await enter();
      const state = store.read();
      if (!isListedCampus(state, collegeId)) throw invalid('unknown-campus');
      const messages = launchOf(state, collegeId);
      const alreadyQueued = messages.filter((m) => Object.hasOwn(state.outbox, m.id)).length;
      const first = messages[0];
      const now = clock.now();
      const sample = first
        ? await outgoingMail(
            pendingOf(state, { ...first, dueAt: now.getTime() }),
            memoryDeliveryOptions(siteUrl),
            now,
          )
        : null;
      return {
        students: messages.length,
        alreadyQueued,
        sample: sample && { subject: sample.subject, text: sample.text, html: sample.html },
      };
    },

    async launch(collegeId, sent) {
      await enter();
      // Whatever a caller sends: read as the request it should be.
      const request = (typeof sent === 'object' && sent !== null ? sent : {}) as Partial<
        typeof sent
      >;
      let queued = 0;
      const status = act<LaunchStatus>(
        request.at ? 'launch-schedule' : 'launch',
        collegeId,
        (state, now) => {
          const before = launchStatusOf(state, collegeId);
          if (!confirmsLaunch(request.confirm, collegeId)) {
            return launchRefused('confirmation', before);
          }
          if (!isListedCampus(state, collegeId)) return launchRefused('unknown-campus', before);
          const at = launchTime(request.at, now);
          if (at === null) return launchRefused('time', before);
          if (before.state !== 'none') return launchRefused('already', before);
          const actor = operatorOf(state);
          if (!request.at) {
            const run = withLaunch(state, collegeId, actor, now);
            queued = run.queued;
            return {
              state: run.state,
              outcome: 'done',
              before,
              after: run.launch,
              answer: run.launch,
            };
          }
          const scheduled: LaunchStatus = { state: 'scheduled', at: at.toISOString(), by: actor };
          return {
            state: {
              ...state,
              campusLaunches: { ...state.campusLaunches, [collegeId]: scheduled },
            },
            outcome: 'done',
            before,
            after: scheduled,
            answer: scheduled,
          };
        },
      );
      if (queued) sender.scheduleDelivery();
      // A scheduled launch sets the timer for its time.
      if (status.state === 'scheduled') dueLaunches.check();
      return status;
    },

    async cancelLaunch(collegeId) {
      await enter();
      return act<LaunchStatus>('launch-cancel', collegeId, (state) => {
        const before = launchStatusOf(state, collegeId);
        if (before.state !== 'scheduled') {
          return { outcome: 'not-scheduled', refuse: 'not-scheduled', before, after: before };
        }
        const campusLaunches = { ...state.campusLaunches };
        delete campusLaunches[collegeId];
        const after: LaunchStatus = { state: 'none' };
        return {
          state: { ...state, campusLaunches },
          outcome: 'done',
          before,
          after,
          answer: after,
        };
      });
    },

    async requests() {
      await enter();
      const state = store.read();
      return Object.values(state.campusRequests)
        .filter((r) => !r.addedAs)
        .map((r) => ({
          pendingId: r.id,
          name: r.name,
          city: r.city,
          requests: r.by.length,
          joined: Object.values(state.entries).filter((e) => e.collegeId === r.id).length,
        }))
        .sort((a, b) => b.requests - a.requests || a.pendingId.localeCompare(b.pendingId));
    },

    async addCampus(sent) {
      await enter();
      const input = (typeof sent === 'object' && sent !== null ? sent : {}) as Partial<typeof sent>;
      const request = typeof input.request === 'string' ? input.request : '';
      let queued = 0;
      const result = act<AddCampusResult>('campus-add', null, (state, now) => {
        const id = typeof input.id === 'string' ? input.id : '';
        const refused = (reason: string) => ({
          outcome: reason,
          refuse: `campus-add:${reason}`,
          before: null,
          after: { request },
          targetNow: id || null,
        });
        const checked = checkAddCampus(input);
        if (!checked.ok) return refused(checked.problem);
        try {
          const done = withCampusAdded(state, now, checked.input);
          queued = done.result.queued;
          const { added, moved } = done.result;
          return {
            state: done.state,
            outcome: added ? 'done' : 'already',
            before: { request },
            after: { id, added, moved, queued: done.result.queued },
            answer: { added, moved, queued: done.result.queued },
            targetNow: id,
          };
        } catch (error) {
          if (error instanceof CampusAddError) return refused(error.reason);
          throw error;
        }
      });
      if (queued) sender.scheduleDelivery();
      return result;
    },

    async heroPhotos() {
      await enter();
      const state = store.read();
      return { photos: heroPhotoQueue(state), stripEnabled: state.heroStripOn };
    },

    async reviewPhoto(uid, sent) {
      const approved = sent === true;
      await enter();
      if (!heroPhotoQueue(store.read()).some((p) => p.uid === uid)) {
        throw new AppError('not-found', `No photo to review for ${uid}`);
      }
      act<void>(approved ? 'photo-approve' : 'photo-reject', uid, (state) => {
        const queued = heroPhotoQueue(state).find((p) => p.uid === uid)!;
        return {
          state: {
            ...state,
            reviews: { ...state.reviews, [uid]: { photo: queued.photo, approved } },
          },
          outcome: 'done',
          before: { status: queued.status },
          after: { status: approved ? 'approved' : 'rejected' },
        };
      });
    },

    async setStrip(enabled) {
      await enter();
      return act<void>('strip', null, (state) => ({
        state: { ...state, heroStripOn: enabled === true },
        outcome: 'done',
        before: { enabled: state.heroStripOn },
        after: { enabled: enabled === true },
      }));
    },

    async findStudent(email) {
      await enter();
      const address = typeof email === 'string' ? email.trim().toLowerCase() : '';
      let found: StudentRecord | null = null;
      act<void>('student-view', null, (state) => {
        const uid = address ? uidOfAddress(state, address) : null;
        found = uid ? studentRecord(state, uid) : null;
        return {
          outcome: uid ? 'done' : 'not-found',
          before: null,
          after: null,
          targetNow: uid,
        };
      });
      return found;
    },

    async exportStudent(uid) {
      await enter();
      if (!isKept(store.read(), uid)) throw new AppError('not-found', `No student ${uid}`);
      let record: StudentRecord | null = null;
      act<void>('student-export', uid, (state) => {
        record = studentRecord(state, uid);
        return { outcome: 'done', before: null, after: { fields: Object.keys(record.data) } };
      });
      return record!;
    },

    async deleteStudent(uid) {
      await enter();
      if (!isKept(store.read(), uid)) throw new AppError('not-found', `No student ${uid}`);
      act<void>('student-delete', uid, (state) => ({
        state: store.withoutStudent(state, uid),
        outcome: 'done',
        before: { fields: Object.keys(studentData(state, uid)) },
        after: null,
      }));
    },

    async health() {
      await enter();
      const state = store.read();
      const last = state.retentionRuns.at(-1);
      return {
        failures: failuresByDay(state),
        retention: last ? { at: last.at, deleted: { ...last.deleted } } : null,
      };
    },

    async auditLog(limit = AUDIT_LOG_LIMIT): Promise<AuditEntry[]> {
      await enter();
      const n = Number.isSafeInteger(limit) && limit > 0 ? limit : AUDIT_LOG_LIMIT;
      return store.read().operatorLog.slice(-n).reverse();
    },
  };
}
