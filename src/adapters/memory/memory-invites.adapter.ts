import type { Invites } from '@/ports/invites.port';
import { AppError } from '@/domain/errors';
import {
  creditDay,
  inviteCodeFromBytes,
  INVITE_CODE_LENGTH,
  inviteCounts,
  mayCredit,
  parseInviteCode,
} from '@/domain/invite-code';
import { collegeOfId } from '@/domain/college-of-id';
import { isPendingCampusId } from '@/domain/campus-request';
import { countedAddress, progressOf } from './memory-campus-progress.adapter';
import { assertSignedIn } from './memory-auth.adapter';
import type { MemoryContext, MemoryState, Slice } from './memory-store';
import { isString, isTime, recordOf, without } from './memory-values';

declare module './memory-store' {
  interface MemoryState {
    /** Each student's invite code, keyed by uid (made by the "server" on first use). */
    readonly inviteCodes: Readonly<Record<string, string>>;
    /** Who invited whom: the inviter's uid, keyed by the invitee's uid (one credit per account). */
    readonly invitedBy: Readonly<Record<string, string>>;
    /** When each arrival was credited (ms since 1970), keyed by the invitee's uid (issue 51). */
    readonly invitedAt: Readonly<Record<string, number>>;
  }
}

/** The invites' slice: the codes, and who was credited with whose arrival, when. */
export const invitesSlice: Slice<'inviteCodes' | 'invitedBy' | 'invitedAt'> = {
  empty: () => ({ inviteCodes: {}, invitedBy: {}, invitedAt: {} }),
  parse: (d) => ({
    inviteCodes: recordOf(d.inviteCodes, (v): v is string => parseInviteCode(v) === v),
    invitedBy: recordOf(d.invitedBy, isString),
    invitedAt: recordOf(d.invitedAt, isTime),
  }),
  withoutStudent: (state, uid) => ({
    inviteCodes: without(state.inviteCodes, uid),
    // Their own arrival, and the arrivals they were credited with: nothing of them stays.
    invitedBy: Object.fromEntries(
      Object.entries(without(state.invitedBy, uid)).filter(([, inviter]) => inviter !== uid),
    ),
    invitedAt: Object.fromEntries(
      Object.entries(without(state.invitedAt, uid)).filter(
        ([invitee]) => state.invitedBy[invitee] !== uid,
      ),
    ),
  }),
};

/** The invites' operator control. */
export interface InvitesControls {
  /** Who joined with whose invite: the inviter's uid, keyed by the invitee's (admin-only). */
  invites(): Record<string, string>;
}

export const invitesControls = ({ store }: MemoryContext): InvitesControls => ({
  invites: () => ({ ...store.read().invitedBy }),
});

/** A fresh random code no student holds. */
export function newCode(state: MemoryState): string {
  const taken = new Set(Object.values(state.inviteCodes));
  for (;;) {
    const code = inviteCodeFromBytes(crypto.getRandomValues(new Uint8Array(INVITE_CODE_LENGTH)));
    if (!taken.has(code)) return code;
  }
}

const collegeOf = (state: MemoryState, uid: string): string | null =>
  Object.hasOwn(state.entries, uid) ? state.entries[uid]!.collegeId : null;

/** Whether the invitee's credit counts now (issue 48: inviteCounts), for whoever invited them. */
export function inviteCountsNow(state: MemoryState, invitee: string): boolean {
  const inviter = Object.hasOwn(state.invitedBy, invitee) ? state.invitedBy[invitee]! : null;
  return (
    inviter !== null &&
    inviteCounts(
      { uid: inviter, collegeId: collegeOf(state, inviter) },
      {
        uid: invitee,
        collegeId: collegeOf(state, invitee),
        verified: countedAddress(state, invitee) !== null,
      },
    )
  );
}

/** The classmates credited to `uid` who count now. */
export const invitedCount = (state: MemoryState, uid: string): number =>
  Object.entries(state.invitedBy).filter(
    ([invitee, inviter]) => inviter === uid && inviteCountsNow(state, invitee),
  ).length;

/** The invites "server": codes and credits in the stored state, with the real backends' rules. */
export function createMemoryInvites({ store, controls, clock }: MemoryContext): Invites {
  const own = (uid: string): void => assertSignedIn(store.read(), uid, 'use their invites');
  const onList = (uid: string): void => {
    own(uid);
    if (!Object.hasOwn(store.read().entries, uid)) {
      throw new AppError('not-found', 'No waitlist entry');
    }
  };
  return {
    async mine(uid) {
      await controls.enter('invites');
      onList(uid);
      const state = store.update((s) =>
        s.inviteCodes[uid] ? s : { ...s, inviteCodes: { ...s.inviteCodes, [uid]: newCode(s) } },
      );
      return { code: state.inviteCodes[uid]!, joined: invitedCount(state, uid) };
    },
    async accept(uid, given) {
      await controls.enter('acceptInvite');
      own(uid);
      const code = parseInviteCode(given);
      const now = clock.now().getTime();
      let credited = false;
      // Read and written in one step, as the real backends' transactions and locks.
      store.update((s) => {
        if (!Object.hasOwn(s.entries, uid)) return s;
        const inviter = Object.entries(s.inviteCodes).find(([, c]) => c === code)?.[0];
        // Unknown, one's own, or a second credit: nothing is written.
        if (!code || !inviter || inviter === uid || Object.hasOwn(s.invitedBy, uid)) return s;
        const today = creditDay(now);
        const inviterCreditsToday = Object.entries(s.invitedBy).filter(
          ([invitee, by]) => by === inviter && creditDay(s.invitedAt[invitee] ?? 0) === today,
        ).length;
        const joinedAt = Date.parse(s.entries[uid]!.timestamp);
        const accountCreatedAt = Date.parse(s.created[uid] ?? '');
        if (!mayCredit({ joinedAt, accountCreatedAt, now, inviterCreditsToday })) return s;
        credited = true;
        return {
          ...s,
          invitedBy: { ...s.invitedBy, [uid]: inviter },
          invitedAt: { ...s.invitedAt, [uid]: now },
        };
      });
      return credited;
    },
    async preview(given) {
      await controls.enter('invitePreview');
      const code = parseInviteCode(given);
      if (!code) return null;
      const state = store.read();
      const owner = Object.entries(state.inviteCodes).find(([, c]) => c === code)?.[0];
      const collegeId = owner ? collegeOf(state, owner) : null;
      // A pending campus has no preview (issue 59): its name is a student's text.
      if (!collegeId || isPendingCampusId(collegeId)) return null;
      return {
        college: collegeOfId(collegeId),
        progress: progressOf(state, collegeId),
      };
    },
  };
}
