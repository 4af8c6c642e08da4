import type { BackendPorts } from '@/domain/use-cases/create-use-cases';
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
import { type ChooseAccount, createMemoryAuth } from './memory-auth.adapter';
import { createMemoryCampusProgress, verifiedCount } from './memory-campus-progress.adapter';
import { createMemoryCampusRequests } from './memory-campus-requests.adapter';
import { createMemoryInvites } from './memory-invites.adapter';
import { createMemoryEmailVerifications } from './memory-email-verifications.adapter';
import { createMemoryCollegeSearch } from './memory-college-search.adapter';
import { createControls, type MemoryBackendConfig, type MemoryOperation } from './memory-controls';
import { createMemoryHeroConsent } from './memory-hero-consent.adapter';
import { createMemoryHeroImages } from './memory-hero-images.adapter';
import type { KeyValueStorage } from '@/ports/key-value-storage.port';
import type { StoredWaitlistEntry } from '@/domain/waitlist-entry';
import {
  createStateStore,
  type DeliveredMail,
  type HeroPhotoReview,
  heroPhotoQueue,
  type MemoryMail,
  withoutStudent,
} from './memory-state';
import { type RetentionPlan, retentionPlan } from '@/domain/retention';
import { createMemoryWaitlist } from './memory-waitlist.adapter';
import {
  createMemoryLeaveLinks,
  createMemoryOutbox,
  createMemoryTransport,
  launchOf,
  MEMORY_LEAVE_SECRET,
  withMail,
} from './memory-mail.adapter';
import { createMemoryFailureReports } from './memory-failure-reports.adapter';
import type { Outbox } from '@/ports/outbox.port';
import { deliverOutbox, type DeliveryReport, leaveUrlOf } from '@/domain/mail/deliver-outbox';
import { LEAVE_PURPOSE, leaveTokenExpiry, signLeaveToken } from '@/domain/mail/leave-token';
import { FIRST_BACKOFF_MS } from '@/domain/mail/outbox';

export interface MemoryBackendOptions {
  readonly storage: KeyValueStorage;
  readonly chooseAccount: ChooseAccount;
  readonly config?: MemoryBackendConfig;
  readonly onExternalChange?: (listener: () => void) => () => void;
  /** Dates the consents and the messages (default: the system clock). */
  readonly clock?: Clock;
  /** The site's address, for the e-mails' links (default http://localhost). */
  readonly siteUrl?: string;
  /**
   * Whether the memory sender sends what is recorded by itself, to the memory mailbox (default
   * true). Off, another sender (a test's SMTP one) claims from `outbox`.
   */
  readonly sendAutomatically?: boolean;
}

/** How soon the memory sender sends what a join or a launch recorded ("within minutes"). */
export const MEMORY_SEND_DELAY_MS = 500;
/** The memory sender's From (the real backends' comes from MAIL_FROM). */
export const MEMORY_MAIL_FROM = 'De estudiantes a estudiantes <hola@deestudiantes.example>';

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
  /** 'Mi campus no aparece': each requested campus as first written, and how many asked. */
  campusRequests(): { name: string; city: string; requests: number }[];
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

/** Every backend port (the one list: src/composition/tokens.ts). */
export interface MemoryBackend extends BackendPorts {
  /** The outbox as a sender claims from it (server-side on the real backends). */
  readonly outbox: Outbox;
  readonly controls: MemoryBackendControls;
}

/** Every port, in memory, over one storage key; deterministic, offline, production code. */
export function createMemoryBackend(options: MemoryBackendOptions): MemoryBackend {
  const config = options.config ?? {};
  const store = createStateStore(options.storage);
  const controls = createControls(config);
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
  const clock = options.clock ?? { now: () => new Date() };
  const siteUrl = (options.siteUrl ?? 'http://localhost').replace(/\/+$/, '');
  const outbox = createMemoryOutbox({ store });
  const transport = createMemoryTransport({ store, controls, clock });
  const deliverMail = () =>
    deliverOutbox({
      outbox,
      transport,
      secret: MEMORY_LEAVE_SECRET,
      from: MEMORY_MAIL_FROM,
      siteUrl,
      // No server here to take a mail provider's one-click POST: the header names the page.
      oneClickUrl: (token) => leaveUrlOf(siteUrl, token),
      now: () => clock.now(),
    });
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The sender's next run, as a real backend's runs every minute; one timer at a time. */
  const scheduleDelivery = (ms = MEMORY_SEND_DELAY_MS): void => {
    if (timer !== undefined || options.sendAutomatically === false) return;
    timer = setTimeout(() => {
      timer = undefined;
      void deliverMail().then(
        (report) => {
          if (report.retried > 0 || report.providerDown) scheduleDelivery(FIRST_BACKOFF_MS);
        },
        (error: unknown) => console.error('Memory mail sender failed', error),
      );
    }, ms);
  };
  const notifyCampus = (collegeId: string, { dryRun = false } = {}) => {
    const id = campusId(collegeId);
    const state = store.read();
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
  if (Object.values(store.read().outbox).some((m) => m.status === 'pending')) scheduleDelivery();
  return {
    auth: createMemoryAuth({
      store,
      controls,
      clock,
      chooseAccount: options.chooseAccount,
      ...(options.onExternalChange ? { onExternalChange: options.onExternalChange } : {}),
    }),
    waitlist: createMemoryWaitlist({ store, controls, onMailQueued: () => scheduleDelivery() }),
    heroConsent: createMemoryHeroConsent({
      store,
      controls,
      clock,
    }),
    collegeSearch: createMemoryCollegeSearch({ controls }),
    heroImages: createMemoryHeroImages({ controls, store, answer: config.heroImages }),
    campusProgress: createMemoryCampusProgress({ store, controls }),
    invites: createMemoryInvites({ store, controls, clock }),
    emailVerifications: createMemoryEmailVerifications({
      store,
      controls,
      clock,
      onMailQueued: () => scheduleDelivery(),
    }),
    campusRequests: createMemoryCampusRequests({ store, controls }),
    leaveLinks: createMemoryLeaveLinks({ store, controls, clock }),
    failureReports: createMemoryFailureReports({ store, controls, clock }),
    outbox,
    controls: {
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
        Object.values(store.read().campusRequests).map(({ name, city, by }) => ({
          name,
          city,
          requests: by.length,
        })),
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
    },
  };
}
