import type { Clock } from '@/ports/clock.port';
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
import { publicProgress } from '@/domain/campus-progress';
import { campusSettingsOf, countedAddress, verifiedCount } from './memory-campus-progress.adapter';
import type { Controls } from './memory-controls';
import type { MemoryState, StateStore } from './memory-state';

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
export function createMemoryInvites({
  store,
  controls,
  clock,
}: {
  store: StateStore;
  controls: Controls;
  clock: Clock;
}): Invites {
  const own = (uid: string): void => {
    if (store.read().sessionUid !== uid) {
      throw new AppError('permission-denied', 'Only the signed-in user may use their invites');
    }
  };
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
      if (!collegeId) return null;
      return {
        college: collegeOfId(collegeId),
        progress: publicProgress(
          collegeId,
          verifiedCount(state, collegeId),
          campusSettingsOf(state, collegeId),
        ),
      };
    },
  };
}
