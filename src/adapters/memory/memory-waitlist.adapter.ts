import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { isCollegeId } from '@/domain/college';
import { addressInDomains } from '@/domain/email-verification';
import { AppError } from '@/domain/errors';
import { JOIN_TERMS, NOTICE_VERSION_PATTERN } from '@/domain/join-terms';
import { fromStoredEntry, type StoredWaitlistEntry, toStoredEntry } from '@/domain/waitlist-entry';
import { assertSignedIn } from './memory-auth.adapter';
import { campusEmail } from './memory-campus-progress.adapter';
import { isJoinableCampus } from './memory-campuses';
import type { MemoryContext, Slice } from './memory-store';
import { isString, recordOf, without } from './memory-values';
import { welcomeOf, withMail } from './memory-mail.adapter';

declare module './memory-store' {
  interface MemoryState {
    readonly entries: Readonly<Record<string, StoredWaitlistEntry>>;
    /**
     * The privacy notice's version each entry was made under, keyed by uid; an entry recorded here
     * confirmed its student is 18 or older (src/domain/join-terms.ts, issue 51).
     */
    readonly joinNotices: Readonly<Record<string, string>>;
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
export const waitlistSlice: Slice<'entries' | 'joinNotices'> = {
  empty: () => ({ entries: {}, joinNotices: {} }),
  parse(d) {
    const entries: Record<string, StoredWaitlistEntry> = {};
    if (typeof d.entries === 'object' && d.entries !== null) {
      for (const [uid, value] of Object.entries(d.entries)) {
        const entry = parseEntry(value);
        if (entry) entries[uid] = entry;
      }
    }
    return { entries, joinNotices: recordOf(d.joinNotices, isNotice) };
  },
  withoutStudent: (state, uid) => ({
    entries: without(state.entries, uid),
    joinNotices: without(state.joinNotices, uid),
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
}

export const waitlistControls = ({ store }: MemoryContext): WaitlistControls => ({
  entries: () => ({ ...store.read().entries }),
  notices: () => ({
    joined: { ...store.read().joinNotices },
    consented: { ...store.read().consentNotices },
  }),
});

/**
 * Waitlist entries in storage, keyed by uid. As the rules of the real backends say: only the
 * signed-in student reads, writes, changes the campus of or deletes their own entry, and a change
 * touches the campus alone.
 */
export function createMemoryWaitlist({ store, controls, sender }: MemoryContext): WaitlistRepo {
  const own = (uid: string, what: string): void =>
    assertSignedIn(store.read(), uid, `${what} for this uid`);
  return {
    async get(uid) {
      await controls.enter('getEntry');
      own(uid, 'read the entry');
      const stored = store.read().entries[uid];
      return stored ? fromStoredEntry(stored) : null;
    },
    async join(uid, entry) {
      await controls.enter('join');
      own(uid, 'join');
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
            joinNotices: { ...state.joinNotices, [uid]: JOIN_TERMS.noticeVersion },
          },
          welcomeOf(uid, added, account.displayName),
        );
      }).entries[uid]!;
      // Its welcome message is sent soon, by the memory sender.
      if (queued) sender.scheduleDelivery();
      return fromStoredEntry(stored);
    },
    async changeCollege(uid, collegeId) {
      await controls.enter('changeCollege');
      own(uid, 'change the campus');
      if (!isCollegeId(collegeId) || !isJoinableCampus(store.read(), uid, collegeId)) {
        throw new AppError('invalid-argument', 'Not a campus of the catalogue');
      }
      const current = store.read().entries[uid];
      if (!current) throw new AppError('not-found', 'No waitlist entry to change');
      const next = { ...current, collegeId };
      // A verified address stays only when it is of the new campus's university (issue 48).
      const domains = campusEmail(collegeId)?.domains ?? [];
      store.update((state) => {
        const kept = state.verifications[uid];
        return {
          ...state,
          entries: { ...state.entries, [uid]: next },
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
