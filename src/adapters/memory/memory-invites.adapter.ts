import type { Invites } from '@/ports/invites.port';
import { AppError } from '@/domain/errors';
import { inviteCodeFromBytes, INVITE_CODE_LENGTH, parseInviteCode } from '@/domain/invite-code';
import type { Controls } from './memory-controls';
import type { MemoryState, StateStore } from './memory-state';

/** A fresh random code no student holds. */
function newCode(state: MemoryState): string {
  const taken = new Set(Object.values(state.inviteCodes));
  for (;;) {
    const code = inviteCodeFromBytes(crypto.getRandomValues(new Uint8Array(INVITE_CODE_LENGTH)));
    if (!taken.has(code)) return code;
  }
}

/** The classmates credited to `uid` who are on the list. */
export const invitedCount = (state: MemoryState, uid: string): number =>
  Object.entries(state.invitedBy).filter(
    ([invitee, inviter]) => inviter === uid && Object.hasOwn(state.entries, invitee),
  ).length;

/** The invites "server": codes and credits in the stored state, with the real backends' rules. */
export function createMemoryInvites({
  store,
  controls,
}: {
  store: StateStore;
  controls: Controls;
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
      const state = store.read();
      if (!Object.hasOwn(state.entries, uid)) return false;
      const inviter = Object.entries(state.inviteCodes).find(([, c]) => c === code)?.[0];
      // Unknown, one's own, or a second credit: nothing is written.
      if (!code || !inviter || inviter === uid || Object.hasOwn(state.invitedBy, uid)) return false;
      store.update((s) => ({ ...s, invitedBy: { ...s.invitedBy, [uid]: inviter } }));
      return true;
    },
  };
}
