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
  type CodeRecord,
  normalizeAddress,
} from '@/domain/email-verification';
import { AppError } from '@/domain/errors';
import { codeMailId } from '@/domain/mail/outbox';
import { campusEmail, countedAddress } from './memory-campus-progress.adapter';
import { assertSignedIn } from './memory-auth.adapter';
import { MEMORY_LEAVE_SECRET, welcomeOf, withMail } from './memory-mail.adapter';
import type { MemoryContext, MemoryState, Slice } from './memory-store';
import { isCount, isDate, isObject, isString, isTime, recordOf, without } from './memory-values';

declare module './memory-store' {
  interface MemoryState {
    /**
     * University addresses verified by a code (issue 48), keyed by uid: the normalized address and
     * when (ISO 8601). One address per account and one account per address.
     */
    readonly verifications: Readonly<
      Record<string, { readonly address: string; readonly at: string }>
    >;
    /** The code each student may still enter, keyed by uid: its hash only, never the code. */
    readonly codes: Readonly<Record<string, CodeRecord>>;
    /**
     * When codes were sent (ms), keyed by `account:<uid>` and `address:<address>`, for the hourly
     * limits; an address's sends stay when its student leaves (a new account starts no new hour).
     */
    readonly codeSends: Readonly<Record<string, readonly number[]>>;
  }
}

/** The verifications' slice: verified addresses, the codes still to enter, the sends' times. */
export const emailVerificationsSlice: Slice<'verifications' | 'codes' | 'codeSends'> = {
  empty: () => ({ verifications: {}, codes: {}, codeSends: {} }),
  parse: (d) => ({
    verifications: recordOf(
      d.verifications,
      (v): v is { address: string; at: string } =>
        isObject(v) &&
        normalizeAddress((v as { address?: unknown }).address) ===
          (v as { address?: unknown }).address &&
        isDate((v as { at?: unknown }).at),
    ),
    codes: recordOf(
      d.codes,
      (v): v is CodeRecord =>
        isObject(v) &&
        normalizeAddress((v as CodeRecord).address) === (v as CodeRecord).address &&
        isString((v as CodeRecord).hash) &&
        isTime((v as CodeRecord).expiresAt) &&
        isCount((v as CodeRecord).tries),
    ),
    codeSends: recordOf(
      d.codeSends,
      (v): v is number[] => Array.isArray(v) && v.length <= 100 && v.every(isTime),
    ),
  }),
  withoutStudent: (state, uid) => ({
    verifications: without(state.verifications, uid),
    codes: without(state.codes, uid),
    codeSends: without(state.codeSends, `account:${uid}`),
  }),
};

/** The verifications' operator control. */
export interface EmailVerificationsControls {
  /**
   * The university addresses verified by a code (issue 48; admin-only): address, account and the
   * campus of the account's entry. Codes are never listed: only their hashes are kept.
   */
  verifications(): { address: string; uid: string; collegeId: string | null }[];
}

export const emailVerificationsControls = ({
  store,
}: MemoryContext): EmailVerificationsControls => ({
  verifications: () => {
    const state = store.read();
    return Object.entries(state.verifications).map(([uid, { address }]) => ({
      address,
      uid,
      collegeId: state.entries[uid]?.collegeId ?? null,
    }));
  },
});

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
  sender,
}: MemoryContext): EmailVerifications {
  const secret = MEMORY_LEAVE_SECRET;
  const onList = (uid: string) => {
    const state = store.read();
    assertSignedIn(state, uid, 'verify their address');
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
      if ((outcome as SendOutcome).outcome === 'sent') sender.scheduleDelivery();
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
