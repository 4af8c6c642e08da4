import type { Clock } from '@/ports/clock.port';
import {
  type CampusSettings,
  isCampusState,
  isThreshold,
  parseDay,
  parseSettings,
} from '@/domain/campus-progress';
import { isCollegeId } from '@/domain/college';
import type { ErrorCode } from '@/domain/errors';
import type { DeliveryReport } from '@/domain/mail/deliver-outbox';
import { LEAVE_PURPOSE, leaveTokenExpiry, signLeaveToken } from '@/domain/mail/leave-token';
import { type RetentionPlan, retentionPlan } from '@/domain/retention';
import type { StoredWaitlistEntry } from '@/domain/waitlist-entry';
import { countedAddress, verifiedCount } from './memory-campus-progress.adapter';
import { addCampus, isListedCampus } from './memory-campuses';
import { inviteCountsNow } from './memory-invites.adapter';
import { launchReport, type LaunchReportRow } from '@/domain/launch-report';
import type { SellerCategory } from '@/domain/seller-choice';
import type { VisitSource } from '@/domain/visit-source';
import type { Controls, MemoryOperation } from './memory-controls';
import { launchOf, MEMORY_LEAVE_SECRET, withMail } from './memory-mail.adapter';
import type { MemorySender } from './memory-sender';
import {
  type DeliveredMail,
  type HeroPhotoReview,
  heroPhotoQueue,
  type MemoryMail,
  type StateStore,
  withoutStudent,
} from './memory-state';

/** The developer and test controls exposed as `window.__memoryBackend` in memory builds. */
export interface MemoryBackendControls {
  /** Forgets the session and every entry, and clears planned failures and call counts. */
  reset(): void;
  /** Makes the next call of `op` fail with `code` (default 'unavailable'). */
  failNext(op: MemoryOperation, code?: ErrorCode): void;
  /** Makes the next call of `op` never answer (the request timeout then ends it). */
  hangNext(op: MemoryOperation): void;
  setLatency(ms: number): void;
  /** The waitlist entries, keyed by uid. */
  entries(): Record<string, StoredWaitlistEntry>;
  /** The hero-strip consents: when each student gave theirs (ISO 8601), keyed by uid. */
  consents(): Record<string, string>;
  /**
   * The privacy notice's version recorded with each entry (which also records that its student
   * confirmed being 18 or older) and with each current consent, keyed by uid (issue 51).
   */
  notices(): { joined: Record<string, string>; consented: Record<string, string> };
  /** The failure reports counted, by day, kind and code ('2026-11-28_join_unavailable': 2). */
  failureReports(): Record<string, number>;
  /** How many times `op` was called since start or the last reset. */
  calls(op: MemoryOperation): number;
  /** The accounts this backend holds (created at first sign-in), keyed by uid. */
  accounts(): Record<string, string>;
  /** The operator's review queue (heroPhotoQueue, memory-state.ts). */
  heroPhotos(): HeroPhotoReview[];
  /** Approves the student's current photo for the hero strip (that exact photo). */
  approveHeroPhoto(uid: string): void;
  /** Rejects the student's current photo: it is never shown. */
  rejectHeroPhoto(uid: string): void;
  /** The kill switch: `false` empties the hero strip at once; `true` shows approved photos again. */
  setHeroStrip(on: boolean): void;
  /** Changes a student's profile photo at the provider (as a new Google photo would). */
  setProfilePhoto(uid: string, photo: string): void;
  /**
   * The operators' command for a campus (`npm run campus:set` on the real backends): its
   * threshold, state ('gathering', 'opening', 'open') and opening date (`YYYY-MM-DD`, or null).
   * What is left out stays; anything invalid throws and changes nothing.
   */
  setCampus(collegeId: string, settings: Partial<CampusSettings>): void;
  /** Adds `count` verified students to a campus who are not accounts here (demo figures). */
  addClassmates(collegeId: string, count: number): void;
  /** The campus's true count of verified students (admin-only: the page gets it floored). */
  verifiedCount(collegeId: string): number;
  /** Who joined with whose invite: the inviter's uid, keyed by the invitee's (admin-only). */
  invites(): Record<string, string>;
  /**
   * The university addresses verified by a code (issue 48; admin-only): address, account and the
   * campus of the account's entry. Codes are never listed: only their hashes are kept.
   */
  verifications(): { address: string; uid: string; collegeId: string | null }[];
  /**
   * 'Mi campus no aparece': each requested campus as first written, how many asked, its pending
   * id (issue 49: what `addCampus` takes) and the catalogue id it was added as.
   */
  campusRequests(): {
    name: string;
    city: string;
    requests: number;
    id: string;
    addedAs: string | null;
  }[];
  /**
   * The operators' command that turns a requested campus into a catalogue campus (issue 49; `npm
   * run campus:add -- --request ID --id CAMPUS` on the real backends): the search finds it, every
   * entry on the pending campus moves to it, and each student who asked gets one 'Ya puedes
   * unirte' e-mail. A rerun writes and sends nothing; an unknown request or a taken id throws.
   */
  addCampus(input: { request: string; id: string; name?: string; shortName?: string }): {
    id: string;
    added: boolean;
    moved: number;
    queued: number;
  };
  /** Who will sell, and what (issue 49), keyed by uid (admin-only). */
  sellerChoices(): Record<string, readonly SellerCategory[]>;
  /** Where each student came from (issue 49), keyed by uid (admin-only). */
  joinSources(): Record<string, VisitSource>;
  /** The milestones each campus reached (issue 49), keyed by college id. */
  milestones(): Record<string, readonly number[]>;
  /**
   * The one report to launch from (issue 49; `npm run report` on the real backends): per campus,
   * joined, verified, invited share, sellers per category, sources, milestones, requests, state.
   */
  campusReport(): LaunchReportRow[];
  /** The outbox (issue 25): every message recorded, pending, sent or failed (admin-only). */
  outbox(): MemoryMail[];
  /** What the memory "mail provider" received: subject, both bodies, headers (newest last). */
  mailbox(): DeliveredMail[];
  /** Runs the sender now (it also runs by itself after a join and a launch). */
  deliverMail(): Promise<DeliveryReport>;
  /**
   * The launch command of a campus (`npm run notify:campus` on the real backends): records the
   * launch message of every student on its list who has none, then sends. `dryRun` records and
   * sends nothing. A second run records nothing again.
   */
  notifyCampus(
    collegeId: string,
    options?: { dryRun?: boolean },
  ): { students: number; queued: number; alreadyQueued: number };
  /**
   * A leave link's token for a student's entry, as the sender makes it (for developers and tests;
   * `expires` in seconds since 1970, `purpose` other than 'leave' for a link of another use).
   */
  leaveToken(uid: string, options?: { expires?: number; purpose?: string }): Promise<string>;
  /**
   * The retention job (issue 51; a scheduled function, pg_cron or a worker on the real backends):
   * deletes the accounts idle 30 days without an entry and every student of a campus launched 90
   * days ago, with everything kept of them; `dryRun` says who and deletes nothing.
   */
  applyRetention(options?: { dryRun?: boolean }): RetentionPlan;
}

/**
 * The operators' and developers' side of the memory backend (`window.__memoryBackend`): what the
 * real backends' commands and consoles do (campus settings, photo reviews, the launch, the
 * retention job, the sender), plus the test controls (planned failures, latency, call counts).
 */
export function createOperatorControls({
  store,
  controls,
  clock,
  sender,
}: {
  store: StateStore;
  controls: Controls;
  clock: Clock;
  sender: MemorySender;
}): MemoryBackendControls {
  const { deliverMail, scheduleDelivery } = sender;
  const review = (uid: string, approved: boolean): void => {
    const queued = heroPhotoQueue(store.read()).find((p) => p.uid === uid);
    if (!queued) throw new Error(`No consenting student on the list with a photo: ${uid}`);
    store.update((state) => ({
      ...state,
      reviews: { ...state.reviews, [uid]: { photo: queued.photo, approved } },
    }));
  };
  const campusId = (collegeId: string): string => {
    if (!isCollegeId(collegeId)) throw new TypeError(`Not a college id: ${String(collegeId)}`);
    return collegeId;
  };
  const setCampus = (collegeId: string, change: Partial<CampusSettings>): void => {
    const id = campusId(collegeId);
    if (change.threshold !== undefined && !isThreshold(change.threshold)) {
      throw new TypeError(`Not a threshold (1 to 100000): ${String(change.threshold)}`);
    }
    if (change.state !== undefined && !isCampusState(change.state)) {
      throw new TypeError(`Not a campus state (gathering, opening, open): ${String(change.state)}`);
    }
    if (change.opensOn !== undefined && change.opensOn !== null && !parseDay(change.opensOn)) {
      throw new TypeError(`Not a day (YYYY-MM-DD): ${String(change.opensOn)}`);
    }
    store.update((state) => ({
      ...state,
      campusSettings: {
        ...state.campusSettings,
        [id]: parseSettings({ ...state.campusSettings[id], ...change }),
      },
    }));
  };
  const addClassmates = (collegeId: string, count: number): void => {
    const id = campusId(collegeId);
    if (!Number.isSafeInteger(count) || count < 0) throw new TypeError(`Not a count: ${count}`);
    store.update((state) => ({
      ...state,
      classmates: { ...state.classmates, [id]: (state.classmates[id] ?? 0) + count },
    }));
  };
  const notifyCampus = (collegeId: string, { dryRun = false } = {}) => {
    const id = campusId(collegeId);
    const state = store.read();
    // As the operator commands: a pending campus is launched once added (issue 49).
    if (!isListedCampus(state, id)) throw new TypeError(`Not a campus of the catalogue: ${id}`);
    const messages = launchOf(state, id);
    const fresh = messages.filter((m) => !Object.hasOwn(state.outbox, m.id));
    if (!dryRun) {
      store.update((current) => ({
        ...launchOf(current, id).reduce(withMail, current),
        launchRuns: [
          ...current.launchRuns,
          { collegeId: id, at: clock.now().getTime(), queued: fresh.length },
        ],
      }));
      if (fresh.length) scheduleDelivery();
    }
    return {
      students: messages.length,
      queued: dryRun ? 0 : fresh.length,
      alreadyQueued: messages.length - fresh.length,
    };
  };
  /** The retention job (issue 51): what the real backends run on a schedule, here on demand. */
  const applyRetention = ({ dryRun = false } = {}): RetentionPlan => {
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
      store.update((current) => [...plan.idle, ...plan.launched].reduce(withoutStudent, current));
    }
    return plan;
  };
  return {
    reset() {
      store.clear();
      controls.resetCounters();
    },
    failNext: controls.failNext,
    hangNext: controls.hangNext,
    setLatency: (ms: number) => controls.setLatency(ms),
    entries: () => ({ ...store.read().entries }),
    consents: () => ({ ...store.read().consents }),
    failureReports: () => ({ ...store.read().failureCounts }),
    notices: () => ({
      joined: { ...store.read().joinNotices },
      consented: { ...store.read().consentNotices },
    }),
    calls: controls.calls,
    accounts: () => ({ ...store.read().users }),
    heroPhotos: () => heroPhotoQueue(store.read()),
    approveHeroPhoto: (uid) => review(uid, true),
    rejectHeroPhoto: (uid) => review(uid, false),
    setHeroStrip: (on) => void store.update((state) => ({ ...state, heroStripOn: on === true })),
    setProfilePhoto: (uid, photo) =>
      void store.update((state) => ({ ...state, photos: { ...state.photos, [uid]: photo } })),
    setCampus,
    addClassmates,
    verifiedCount: (collegeId) => verifiedCount(store.read(), collegeId),
    invites: () => ({ ...store.read().invitedBy }),
    verifications: () => {
      const state = store.read();
      return Object.entries(state.verifications).map(([uid, { address }]) => ({
        address,
        uid,
        collegeId: state.entries[uid]?.collegeId ?? null,
      }));
    },
    campusRequests: () =>
      Object.values(store.read().campusRequests).map(({ name, city, by, id, addedAs }) => ({
        name,
        city,
        requests: by.length,
        id,
        addedAs: addedAs ?? null,
      })),
    addCampus: (input) => {
      const result = addCampus(store, clock, input);
      if (result.queued) scheduleDelivery();
      return result;
    },
    sellerChoices: () => ({ ...store.read().sellerChoices }),
    joinSources: () => ({ ...store.read().joinSources }),
    milestones: () => ({ ...store.read().milestones }),
    campusReport: () => {
      const state = store.read();
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
        })),
        settings: state.campusSettings,
        classmates: state.classmates,
      });
    },
    outbox: () => Object.values(store.read().outbox),
    mailbox: () => [...store.read().mailbox],
    deliverMail,
    notifyCampus,
    applyRetention,
    leaveToken: async (uid, { expires, purpose = LEAVE_PURPOSE } = {}) => {
      const entry = store.read().entries[uid];
      if (!entry) throw new Error(`No waitlist entry for ${uid}`);
      return signLeaveToken(
        {
          purpose,
          uid,
          joined: Date.parse(entry.timestamp),
          expires: expires ?? leaveTokenExpiry(clock.now()),
        },
        MEMORY_LEAVE_SECRET,
      );
    },
  };
}
