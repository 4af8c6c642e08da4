import type { Clock } from '@/ports/clock.port';
import type { EmailVerifications } from '@/ports/email-verifications.port';
import {
  checkUniversityAddress,
  CODE_TTL_MS,
  codeHash,
  codeOfNonce,
  MAX_CODE_TRIES,
  newNonce,
  parseVerificationCode,
  recentSends,
  sendVerdict,
  type SendOutcome,
  type TryOutcome,
  tryCode,
  addressInDomains,
} from '@/domain/email-verification';
import { AppError } from '@/domain/errors';
import { codeMailId } from '@/domain/mail/outbox';
import { campusEmail, countedAddress } from './memory-campus-progress.adapter';
import type { Controls } from './memory-controls';
import { MEMORY_LEAVE_SECRET, welcomeOf, withMail } from './memory-mail.adapter';
import type { MemoryState, StateStore } from './memory-state';

/** Whether `address` is held by another account: verified by a code, or its sign-in address. */
const heldByAnother = (state: MemoryState, uid: string, address: string): boolean =>
  Object.entries(state.verifications).some(([o, v]) => o !== uid && v.address === address) ||
  Object.entries(state.entries).some(([o]) => o !== uid && countedAddress(state, o) === address);

/**
 * The verification "server" (issue 48): codes sent through the memory outbox (so the memory
 * mailbox receives them), kept as a keyed hash, checked with the same rules as the real backends.
 * Each operation reads and writes the state in one step, as their transactions do.
 */
export function createMemoryEmailVerifications({
  store,
  controls,
  clock,
  onMailQueued,
}: {
  store: StateStore;
  controls: Controls;
  clock: Clock;
  onMailQueued: () => void;
}): EmailVerifications {
  const secret = MEMORY_LEAVE_SECRET;
  const onList = (uid: string) => {
    const state = store.read();
    if (state.sessionUid !== uid) {
      throw new AppError('permission-denied', 'Only the signed-in user may verify their address');
    }
    const entry = Object.hasOwn(state.entries, uid) ? state.entries[uid] : undefined;
    if (!entry) throw new AppError('not-found', 'No waitlist entry');
    return entry;
  };
  return {
    async pending(uid) {
      await controls.enter('pendingCode');
      onList(uid);
      const record = store.read().codes[uid];
      const now = clock.now().getTime();
      return record && record.expiresAt > now && record.tries < MAX_CODE_TRIES
        ? { address: record.address, expiresAt: record.expiresAt }
        : null;
    },
    async sendCode(uid, typed) {
      await controls.enter('sendCode');
      const entry = onList(uid);
      const domains = campusEmail(entry.collegeId)?.domains ?? [];
      const checked = checkUniversityAddress(typed, domains);
      if (!checked.ok) return { outcome: checked.refusal };
      const { address } = checked;
      const now = clock.now().getTime();
      const nonce = newNonce();
      const hash = await codeHash(secret, uid, await codeOfNonce(secret, nonce));
      let outcome: SendOutcome = { outcome: 'verified' };
      store.update((state) => {
        if (countedAddress(state, uid) !== null) return state;
        if (heldByAnother(state, uid, address)) {
          outcome = { outcome: 'taken' };
          return state;
        }
        const accountKey = `account:${uid}`;
        const addressKey = `address:${address}`;
        const accountSends = recentSends(state.codeSends[accountKey] ?? [], now);
        const addressSends = recentSends(state.codeSends[addressKey] ?? [], now);
        const verdict = sendVerdict({ now, accountSends, addressSends });
        if (!verdict.ok) {
          outcome = { outcome: 'limited', retryAt: verdict.retryAt };
          return state;
        }
        const expiresAt = now + CODE_TTL_MS;
        outcome = { outcome: 'sent', address, expiresAt };
        return withMail(
          {
            ...state,
            // A new code replaces the last: only this one can be entered.
            codes: { ...state.codes, [uid]: { address, hash, expiresAt, tries: 0 } },
            codeSends: {
              ...state.codeSends,
              [accountKey]: [...accountSends, now],
              [addressKey]: [...addressSends, now],
            },
          },
          {
            // The entry's message, as a welcome is recorded, to the typed address instead.
            ...welcomeOf(uid, entry, ''),
            id: codeMailId(uid, nonce),
            kind: 'code',
            to: address,
            nonce,
            expiresAt,
          },
        );
      });
      if ((outcome as SendOutcome).outcome === 'sent') onMailQueued();
      return outcome;
    },
    async verify(uid, typed) {
      await controls.enter('verifyCode');
      const entry = onList(uid);
      const code = parseVerificationCode(typed);
      const hash = code ? await codeHash(secret, uid, code) : null;
      const now = clock.now().getTime();
      const domains = campusEmail(entry.collegeId)?.domains ?? [];
      let result: TryOutcome = { outcome: 'none' };
      store.update((state) => {
        const counted = countedAddress(state, uid);
        // Verified already (a second tab, a double click): the same answer, nothing written.
        if (counted !== null) {
          result = { outcome: 'verified', address: counted };
          return state;
        }
        const record = state.codes[uid] ?? null;
        // A code asked for another university's campus (the student moved since) is no code.
        const usable = record && addressInDomains(record.address, domains) ? record : null;
        const tried = tryCode(usable, now, hash !== null && usable?.hash === hash);
        result = tried.result;
        const codes = { ...state.codes };
        if (tried.record) codes[uid] = tried.record;
        else delete codes[uid];
        if (tried.result.outcome !== 'verified') return { ...state, codes };
        const { address } = tried.result;
        if (heldByAnother(state, uid, address)) {
          // Another account verified it meanwhile: refused, as a send would be.
          result = { outcome: 'none' };
          return { ...state, codes };
        }
        return {
          ...state,
          codes,
          verifications: {
            ...state.verifications,
            [uid]: { address, at: new Date(now).toISOString() },
          },
        };
      });
      return result;
    },
  };
}
