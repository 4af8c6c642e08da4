import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { isCollegeId } from '@/domain/college';
import { addressInDomains } from '@/domain/email-verification';
import { AppError } from '@/domain/errors';
import {
  acceptsJoinTerms,
  JOIN_TERMS,
  NOTICE_VERSION_PATTERN,
  type OfferedJoinTerms,
} from '@/domain/join-terms';
import {
  fromStoredEntry,
  mayChangeCollege,
  type StoredWaitlistEntry,
  toStoredEntry,
  type WaitlistEntry,
} from '@/domain/waitlist-entry';
import { assertSignedIn } from './memory-auth.adapter';
import { campusDomainsOf } from './memory-campus-progress.adapter';
import { isJoinableCampus } from './memory-campuses';
import type { MemoryContext, Slice } from './memory-store';
import { isDate, isString, recordOf, without } from './memory-values';
import { welcomeOf, withMail } from './memory-mail.adapter';

declare module './memory-store' {
  interface MemoryState {
    readonly entries: Readonly<Record<string, StoredWaitlistEntry>>;
    /**
     * The privacy notice's version each entry was made under, keyed by uid; an entry recorded here
     * confirmed its student is 18 or older (src/domain/join-terms.ts, issue 51).
     */
    readonly joinNotices: Readonly<Record<string, string>>;
    /** When each entry's campus last changed (ISO 8601), keyed by uid (issue 59: once a minute). */
    readonly collegeChanges: Readonly<Record<string, string>>;
  }
}

function parseEntry(value: unknown): StoredWaitlistEntry | null {
  const v = value as Partial<Record<keyof StoredWaitlistEntry, unknown>> | null;
  return v && isString(v.email) && isString(v.collegeId) && isString(v.timestamp)
    ? { email: v.email, collegeId: v.collegeId, timestamp: v.timestamp }
    : null;
}

/** A privacy notice's version as the join terms write it. */
export const isNotice = (v: unknown): v is string => isString(v) && NOTICE_VERSION_PATTERN.test(v);

/** The waitlist's slice: the entries, keyed by uid, and the notice each was made under. */
export const waitlistSlice: Slice<'entries' | 'joinNotices' | 'collegeChanges'> = {
  empty: () => ({ entries: {}, joinNotices: {}, collegeChanges: {} }),
  parse(d) {
    const entries: Record<string, StoredWaitlistEntry> = {};
    if (typeof d.entries === 'object' && d.entries !== null) {
      for (const [uid, value] of Object.entries(d.entries)) {
        const entry = parseEntry(value);
        if (entry) entries[uid] = entry;
      }
    }
    return {
      entries,
      joinNotices: recordOf(d.joinNotices, isNotice),
      collegeChanges: recordOf(d.collegeChanges, isDate),
    };
  },
  withoutStudent: (state, uid) => ({
    entries: without(state.entries, uid),
    joinNotices: without(state.joinNotices, uid),
    collegeChanges: without(state.collegeChanges, uid),
  }),
};

/** The waitlist's operator controls. */
export interface WaitlistControls {
  /** The waitlist entries, keyed by uid. */
  entries(): Record<string, StoredWaitlistEntry>;
  /**
   * The privacy notice's version recorded with each entry (which also records that its student
   * confirmed being 18 or older) and with each current consent (the hero consent's slice), keyed
   * by uid (issue 51).
   */
  notices(): { joined: Record<string, string>; consented: Record<string, string> };
  /**
   * Joins as the signed-in student with these terms instead of the page's: what an old or a
   * forged page would send (issue 59: after the grace date, only the 18+ confirmation with a
   * published notice is accepted).
   */
  joinWithTerms(uid: string, entry: WaitlistEntry, terms: OfferedJoinTerms): Promise<WaitlistEntry>;
}

export const waitlistControls = (context: MemoryContext): WaitlistControls => ({
  entries: () => ({ ...context.store.read().entries }),
  joinWithTerms: (uid, entry, terms) =>
    Promise.resolve().then(() => joinAsServer(context)(uid, entry, terms)),
  notices: () => ({
    joined: { ...context.store.read().joinNotices },
    consented: { ...context.store.read().consentNotices },
  }),
});

/**
 * Waitlist entries in storage, keyed by uid. As the rules of the real backends say: only the
 * signed-in student reads, writes, changes the campus of or deletes their own entry, and a change
 * touches the campus alone.
 */
export function createMemoryWaitlist(context: MemoryContext): WaitlistRepo {
  const { controls } = context;
  const join = joinAsServer(context);
  return {
    async get(uid) {
      await controls.enter('getEntry');
      ownEntry(context, uid, 'read the entry');
      const stored = context.store.read().entries[uid];
      return stored ? fromStoredEntry(stored) : null;
    },
    async join(uid, entry) {
      await controls.enter('join');
      // The page sends what joining confirms (src/domain/join-terms.ts), as the real adapters do.
      return join(uid, entry, JOIN_TERMS);
    },
    ...changeAndLeave(context),
  };
}

const ownEntry = ({ store }: MemoryContext, uid: string, what: string): void =>
  assertSignedIn(store.read(), uid, `${what} for this uid`);

/**
 * The memory "server"'s join: what the real backends' rules check of a new entry, with the terms
 * the page sent (the tests send others, as an old or a forged page would).
 */
export function joinAsServer(context: MemoryContext) {
  const { store, clock, sender } = context;
  return (uid: string, entry: WaitlistEntry, terms: OfferedJoinTerms): WaitlistEntry => {
    ownEntry(context, uid, 'join');
    // As the real backends' rules: the entry's e-mail is the account's, and there must be one.
    const account = store.read().accounts.find((a) => a.uid === uid);
    if (!entry.email || entry.email !== account?.email) {
      throw new AppError('permission-denied', "The entry's e-mail must be the account's own");
    }
    // As the real backends: a campus of the catalogue (Firestore's rules, Postgres's foreign
    // key), one an operator added, or a pending one the student asked for (issue 49).
    if (!isJoinableCampus(store.read(), uid, entry.collegeId)) {
      throw new AppError('invalid-argument', 'Not a campus of the catalogue');
    }
    // The 18+ confirmation and a published notice (after the grace date), as the rules say.
    if (!acceptsJoinTerms(terms, clock.now())) {
      throw new AppError('permission-denied', 'The join terms are missing or never published');
    }
    const notice = isNotice(terms.noticeVersion) ? terms.noticeVersion : null;
    // The first entry stands, as on every backend: joining again writes nothing. A new entry
    // records its welcome message in the same write (issue 25), as the databases' triggers do.
    let queued = false;
    const stored = store.update((state) => {
      if (Object.hasOwn(state.entries, uid)) return state;
      const added = toStoredEntry(entry);
      queued = true;
      return withMail(
        {
          ...state,
          entries: { ...state.entries, [uid]: added },
          // What joining confirms (src/domain/join-terms.ts), as the real backends record it.
          joinNotices:
            terms.adult === true && notice
              ? { ...state.joinNotices, [uid]: notice }
              : state.joinNotices,
        },
        welcomeOf(uid, added, account.displayName),
      );
    }).entries[uid]!;
    // Its welcome message is sent soon, by the memory sender.
    if (queued) sender.scheduleDelivery();
    return fromStoredEntry(stored);
  };
}

/** The memory "server"'s change of campus (once a minute, issue 59) and leave. */
function changeAndLeave(context: MemoryContext): Pick<WaitlistRepo, 'changeCollege' | 'leave'> {
  const { store, controls, clock } = context;
  const own = (uid: string, what: string) => ownEntry(context, uid, what);
  return {
    async changeCollege(uid, collegeId) {
      await controls.enter('changeCollege');
      own(uid, 'change the campus');
      if (!isCollegeId(collegeId) || !isJoinableCampus(store.read(), uid, collegeId)) {
        throw new AppError('invalid-argument', 'Not a campus of the catalogue');
      }
      const current = store.read().entries[uid];
      if (!current) throw new AppError('not-found', 'No waitlist entry to change');
      const now = clock.now();
      const last = store.read().collegeChanges[uid];
      if (!mayChangeCollege(last ? new Date(last) : null, now)) {
        throw new AppError('resource-exhausted', 'The campus changed less than a minute ago');
      }
      const next = { ...current, collegeId };
      // A verified address stays only when it is of the new campus's university (issue 48).
      const domains = campusDomainsOf(store.read(), collegeId);
      store.update((state) => {
        const kept = state.verifications[uid];
        return {
          ...state,
          entries: { ...state.entries, [uid]: next },
          collegeChanges: { ...state.collegeChanges, [uid]: now.toISOString() },
          verifications:
            kept && !addressInDomains(kept.address, domains)
              ? without(state.verifications, uid)
              : state.verifications,
        };
      });
      return fromStoredEntry(next);
    },
    async leave(uid) {
      await controls.enter('leave');
      own(uid, 'leave the list');
      store.update((state) => {
        const entries = { ...state.entries };
        delete entries[uid];
        // Its unsent e-mails go with it, as the databases' triggers do (issue 25).
        const outbox = Object.fromEntries(
          Object.entries(state.outbox).filter(([, m]) => m.uid !== uid || m.status !== 'pending'),
        );
        return {
          ...state,
          entries,
          joinNotices: without(state.joinNotices, uid),
          collegeChanges: without(state.collegeChanges, uid),
          outbox,
          // The verified address and any code go with the entry (issue 48).
          verifications: without(state.verifications, uid),
          codes: without(state.codes, uid),
          // The seller choice and the source are the entry's (issue 49): they go with it.
          sellerChoices: without(state.sellerChoices, uid),
          joinSources: without(state.joinSources, uid),
        };
      });
    },
  };
}
