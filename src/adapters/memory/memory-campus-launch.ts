import { isPendingCampusId } from '@/domain/campus-request';
import {
  isMilestone,
  type Milestone,
  milestoneMailId,
  milestoneStep,
} from '@/domain/campus-milestones';
import { launchReport, type LaunchReportRow } from '@/domain/launch-report';
import { launchMailId } from '@/domain/mail/outbox';
import { campusSettingsOf, countedAddress, verifiedCount } from './memory-campus-progress.adapter';
import { inviteCountsNow, newCode } from './memory-invites.adapter';
import { isStopped } from './memory-leave-links.adapter';
import { type MemoryMail, welcomeOf, withMail } from './memory-mail.adapter';
import type { MemoryContext, MemoryState, Slice, StateStore } from './memory-store';
import { isCount, isObject, isString, isTime, recordOf } from './memory-values';

/**
 * A campus's launch (issue 49), as the real backends' campus-launch functions and triggers: the
 * milestones every change of the state may reach, the launch e-mail (`notifyCampus`) and the
 * report to launch from (`campusReport`).
 */

declare module './memory-store' {
  interface MemoryState {
    /** The milestones each campus reached (issue 49), keyed by college id: each recorded once. */
    readonly milestones: Readonly<Record<string, readonly Milestone[]>>;
    /** Each launch run (`notifyCampus`): its campus, when (ms), how many messages it recorded. */
    readonly launchRuns: readonly LaunchRun[];
  }
}

/** One run of the launch command (the retention job counts 90 days from a campus's first). */
export interface LaunchRun {
  readonly collegeId: string;
  readonly at: number;
  readonly queued: number;
}

/** The launch's slice: the milestones reached and the launch runs, by campus (no student's). */
export const campusLaunchSlice: Slice<'milestones' | 'launchRuns'> = {
  empty: () => ({ milestones: {}, launchRuns: [] }),
  parse: (d) => ({
    milestones: recordOf(
      d.milestones,
      (v): v is Milestone[] => Array.isArray(v) && v.length <= 4 && v.every(isMilestone),
    ),
    launchRuns: Array.isArray(d.launchRuns)
      ? d.launchRuns.filter(
          (r: unknown): r is LaunchRun =>
            isObject(r) &&
            isString((r as { collegeId?: unknown }).collegeId) &&
            isTime((r as { at?: unknown }).at) &&
            isCount((r as { queued?: unknown }).queued),
        )
      : [],
  }),
};

/** Who the launch of a campus goes to: every student on its list (by entry) still written to. */
export function launchOf(state: MemoryState, collegeId: string): MemoryMail[] {
  return Object.entries(state.entries)
    .filter(([, entry]) => entry.collegeId === collegeId)
    .filter(([uid, entry]) => !isStopped(state, uid, Date.parse(entry.timestamp)))
    .map(([uid, entry]) => ({
      ...welcomeOf(uid, entry, state.accounts.find((a) => a.uid === uid)?.displayName ?? ''),
      id: launchMailId(collegeId, uid),
      kind: 'launch' as const,
    }));
}

/**
 * The state with the launch message of every student on the campus's list recorded (each once:
 * one already there is not recorded again) and the launch run kept (the retention job's clock);
 * how many students the launch goes to and how many messages it recorded now.
 */
export function withLaunchMail(
  state: MemoryState,
  collegeId: string,
  now: Date,
): { state: MemoryState; students: number; queued: number } {
  const messages = launchOf(state, collegeId);
  const queued = messages.filter((m) => !Object.hasOwn(state.outbox, m.id)).length;
  return {
    state: {
      ...messages.reduce(withMail, state),
      launchRuns: [...state.launchRuns, { collegeId, at: now.getTime(), queued }],
    },
    students: messages.length,
    queued,
  };
}

/** Every campus that has students, settings or simulated classmates. */
const campusesOf = (state: MemoryState): Set<string> =>
  new Set([
    ...Object.values(state.entries).map((e) => e.collegeId),
    ...Object.keys(state.campusSettings),
    ...Object.keys(state.classmates),
  ]);

/**
 * The state with every milestone reached now recorded (issue 49), and the highest new one of each
 * campus mailed to every student then on its list (not to one whose e-mails a leave link
 * stopped). A pending campus has no threshold of its own yet: it reaches nothing.
 */
export function withMilestones(state: MemoryState): { state: MemoryState; queued: number } {
  let next = state;
  let queued = 0;
  for (const id of campusesOf(state)) {
    if (isPendingCampusId(id)) continue;
    const verified = verifiedCount(next, id);
    const { threshold } = campusSettingsOf(next, id);
    const recorded = Object.hasOwn(next.milestones, id) ? next.milestones[id]! : [];
    const step = milestoneStep(verified, threshold, recorded);
    if (!step.record.length) continue;
    next = { ...next, milestones: { ...next.milestones, [id]: [...recorded, ...step.record] } };
    const milestone = step.mail;
    if (milestone === null) continue;
    for (const [uid, entry] of Object.entries(next.entries)) {
      if (entry.collegeId !== id || isStopped(next, uid, Date.parse(entry.timestamp))) continue;
      const name = next.accounts.find((a) => a.uid === uid)?.displayName ?? '';
      const mail: MemoryMail = {
        ...welcomeOf(uid, entry, name),
        id: milestoneMailId(id, milestone, uid),
        kind: 'milestone',
        milestone,
        figure: { verified, threshold },
      };
      if (!Object.hasOwn(next.outbox, mail.id)) queued++;
      next = withMail(next, mail);
      // The message carries the student's invite link: a code is made for one who has none.
      if (!Object.hasOwn(next.inviteCodes, uid)) {
        next = { ...next, inviteCodes: { ...next.inviteCodes, [uid]: newCode(next) } };
      }
    }
  }
  return { state: next, queued };
}

/**
 * The store with the milestones' "trigger": every write is followed, in the same write, by the
 * milestones it reached; `onMailQueued` is told when that recorded messages.
 */
export function withMilestoneTrigger(store: StateStore, onMailQueued: () => void): StateStore {
  return {
    ...store,
    update(change) {
      let queued = 0;
      const next = store.update((state) => {
        const result = withMilestones(change(state));
        queued = result.queued;
        return result.state;
      });
      if (queued) onMailQueued();
      return next;
    },
  };
}

/** The launch report's rows of a state (`campusReport`; the operator console's campuses). */
export function campusReportOf(state: MemoryState): LaunchReportRow[] {
  return launchReport({
    entries: Object.entries(state.entries).map(([uid, e]) => ({
      uid,
      collegeId: e.collegeId,
      verified: countedAddress(state, uid) !== null,
    })),
    invited: Object.keys(state.invitedBy).filter((uid) => inviteCountsNow(state, uid)),
    sellers: Object.entries(state.sellerChoices).map(([uid, categories]) => ({
      uid,
      categories,
    })),
    sources: Object.entries(state.joinSources).map(([uid, s]) => ({ uid, ...s })),
    milestones: Object.entries(state.milestones).flatMap(([collegeId, reached]) =>
      reached.map((milestone) => ({ collegeId, milestone })),
    ),
    requests: Object.values(state.campusRequests).map((r) => ({
      pendingId: r.id,
      name: r.name,
      requests: r.by.length,
      addedAs: r.addedAs ?? null,
      requesters: r.by,
    })),
    settings: state.campusSettings,
    classmates: state.classmates,
  });
}

/** The launch's operator controls. */
export interface CampusLaunchControls {
  /** The milestones each campus reached (issue 49), keyed by college id. */
  milestones(): Record<string, readonly number[]>;
  /**
   * The one report to launch from (issue 49; `npm run report` on the real backends): per campus,
   * joined, verified, invited share, sellers per category, sources, milestones, requests, state.
   */
  campusReport(): LaunchReportRow[];
}

export function campusLaunchControls({ store }: MemoryContext): CampusLaunchControls {
  return {
    milestones: () => ({ ...store.read().milestones }),
    campusReport: () => campusReportOf(store.read()),
  };
}
