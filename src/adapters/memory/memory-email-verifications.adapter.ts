import type { EmailVerifications } from '@/ports/email-verifications.port';
import {
  checkUniversityAddress,
  CODE_TTL_MS,
  codeHash,
  codeOfNonce,
  MAX_CODE_TRIES,
  newNonce,
  parseVerificationCode,
  type SendOutcome,
  type TryOutcome,
  tryCode,
  addressInDomains,
  type CodeRecord,
  normalizeAddress,
} from '@/domain/email-verification';
import {
  budgetDay,
  CODE_SEND_LIMITS,
  codeSendVerdict,
  countsAgainstIdentity,
  domainOf,
  HOUR_MS,
  identityKey,
  keptSends,
} from '@/domain/code-sends';
import { AppError } from '@/domain/errors';
import { codeMailId } from '@/domain/mail/outbox';
import { recipientKey } from '@/domain/mail/recipient-limits';
import { campusDomainsOf, countedAddress } from './memory-campus-progress.adapter';
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
     * The code ledger (issue 59, src/domain/code-sends.ts): the times (ms) of the last day's
     * requests of each Google identity and sends to each address (keyed digests, never the
     * identity or the address) and of the last hour's sends to each university domain
     * (`domain:<domain>`). It stays when a student leaves: a new account starts no new hour.
     */
    readonly codeLedger: Readonly<Record<string, readonly number[]>>;
    /** Each identity's requests ever (its lifetime cap), by keyed digest. */
    readonly codeTotals: Readonly<Record<string, number>>;
    /** The budget day's code e-mails, and when operators were told it was spent (ISO 8601). */
    readonly codeBudget: {
      readonly day: string;
      readonly count: number;
      readonly spentAt: string | null;
    };
  }
}

const NO_BUDGET = { day: '', count: 0, spentAt: null } as const;

/** The verifications' slice: verified addresses, the codes still to enter, the code ledger. */
export const emailVerificationsSlice: Slice<
  'verifications' | 'codes' | 'codeLedger' | 'codeTotals' | 'codeBudget'
> = {
  empty: () => ({
    verifications: {},
    codes: {},
    codeLedger: {},
    codeTotals: {},
    codeBudget: NO_BUDGET,
  }),
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
    codeLedger: recordOf(
      d.codeLedger,
      (v): v is number[] => Array.isArray(v) && v.length <= 1_000 && v.every(isTime),
    ),
    codeTotals: recordOf(d.codeTotals, isCount),
    codeBudget: isBudget(d.codeBudget) ? d.codeBudget : NO_BUDGET,
  }),
  // The ledger is of identities and addresses, not of accounts: it stays.
  withoutStudent: (state, uid) => ({
    verifications: without(state.verifications, uid),
    codes: without(state.codes, uid),
  }),
};

function isBudget(v: unknown): v is MemoryState['codeBudget'] {
  const b = v as Partial<Record<keyof MemoryState['codeBudget'], unknown>> | null;
  return (
    isObject(b) && isString(b.day) && isCount(b.count) && (b.spentAt === null || isDate(b.spentAt))
  );
}

/** The verifications' operator control. */
export interface EmailVerificationsControls {
  /**
   * The university addresses verified by a code (issue 48; admin-only): address, account and the
   * campus of the account's entry. Codes are never listed: only their hashes are kept.
   */
  verifications(): { address: string; uid: string; collegeId: string | null }[];
  /** The budget day the operators were last told the code budget was spent, or null. */
  codeBudgetSpentOn(): string | null;
  /**
   * Arranges that a university domain's hour (`{ domain }`) or the budget day is at its cap, as a
   * loop of students would leave it (QA: the 'busy' and 'paused' refusals).
   */
  fillCodeCap(cap: { readonly domain: string } | 'global'): void;
}

export const emailVerificationsControls = ({
  store,
  clock,
}: MemoryContext): EmailVerificationsControls => ({
  verifications: () => {
    const state = store.read();
    return Object.entries(state.verifications).map(([uid, { address }]) => ({
      address,
      uid,
      collegeId: state.entries[uid]?.collegeId ?? null,
    }));
  },
  codeBudgetSpentOn: () => {
    const { day, spentAt } = store.read().codeBudget;
    return spentAt ? day : null;
  },
  fillCodeCap: (cap) => {
    const now = clock.now().getTime();
    store.update((state) =>
      cap === 'global'
        ? {
            ...state,
            codeBudget: {
              day: budgetDay(now),
              count: CODE_SEND_LIMITS.globalPerDay,
              spentAt: null,
            },
          }
        : {
            ...state,
            codeLedger: {
              ...state.codeLedger,
              [`domain:${cap.domain}`]: Array.from(
                { length: CODE_SEND_LIMITS.domainPerHour },
                () => now,
              ),
            },
          },
    );
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
      const domains = campusDomainsOf(store.read(), entry.collegeId);
      const checked = checkUniversityAddress(typed, domains);
      if (!checked.ok) return { outcome: checked.refusal };
      const { address } = checked;
      const now = clock.now().getTime();
      const nonce = newNonce();
      const hash = await codeHash(secret, uid, await codeOfNonce(secret, nonce));
      // The memory accounts stand for their Google identity by their uid: it is the same after
      // the account is deleted and chosen again, as a Google `sub` is.
      const identity = await identityKey(secret, uid);
      const mailbox = (await recipientKey(address, secret))!;
      const domainKey = `domain:${domainOf(address, domains)}`;
      let outcome: SendOutcome = { outcome: 'verified' };
      store.update((state) => {
        if (countedAddress(state, uid) !== null) return state;
        const day = budgetDay(now);
        const budget = state.codeBudget.day === day ? state.codeBudget : { ...NO_BUDGET, day };
        const liveElsewhere = Object.entries(state.codes).find(
          ([o, c]) =>
            o !== uid && c.address === address && c.expiresAt > now && c.tries < MAX_CODE_TRIES,
        );
        const ledger = {
          identitySends: keptSends(state.codeLedger[identity] ?? [], now),
          identityTotal: state.codeTotals[identity] ?? 0,
          addressSends: keptSends(state.codeLedger[mailbox] ?? [], now),
          domainSends: keptSends(state.codeLedger[domainKey] ?? [], now, HOUR_MS),
          globalToday: budget.count,
          liveCodeElsewhere: liveElsewhere ? liveElsewhere[1].expiresAt : null,
          suppressed: Object.hasOwn(state.mailSuppressions, mailbox),
        };
        const verdict = codeSendVerdict(now, ledger);
        // Every request past the identity's own limits is counted, whatever comes of it.
        const counted: MemoryState = countsAgainstIdentity(verdict)
          ? {
              ...state,
              codeLedger: { ...state.codeLedger, [identity]: [...ledger.identitySends, now] },
              codeTotals: { ...state.codeTotals, [identity]: ledger.identityTotal + 1 },
            }
          : state;
        if (!verdict.ok) {
          outcome = verdict.refusal;
          // A spent budget is told to the operators once a day (codeBudgetSpentOn).
          return verdict.refusal.outcome === 'paused' && !budget.spentAt
            ? { ...counted, codeBudget: { ...budget, spentAt: new Date(now).toISOString() } }
            : counted;
        }
        const expiresAt = now + CODE_TTL_MS;
        outcome = { outcome: 'sent', address, expiresAt };
        const recorded: MemoryState = {
          ...counted,
          // A new code replaces the last: only this one can be entered.
          codes: { ...state.codes, [uid]: { address, hash, expiresAt, tries: 0 } },
          codeLedger: {
            ...counted.codeLedger,
            [mailbox]: [...ledger.addressSends, now],
            [domainKey]: [...ledger.domainSends, now],
          },
          codeBudget: { ...budget, count: budget.count + 1 },
        };
        // An address another account holds is answered as a free one, and sent nothing.
        if (heldByAnother(state, uid, address)) return recorded;
        return withMail(recorded, {
          // The entry's message, as a welcome is recorded, to the typed address instead.
          ...welcomeOf(uid, entry, ''),
          id: codeMailId(uid, nonce),
          kind: 'code',
          to: address,
          nonce,
          expiresAt,
        });
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
      const domains = campusDomainsOf(store.read(), entry.collegeId);
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
