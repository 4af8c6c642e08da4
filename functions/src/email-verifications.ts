/**
 * Verifying a university address by a code on Firebase (issue 48): the callables
 * `get_pending_code`, `send_verification_code` and `verify_email_code`. The rules are the app's
 * (src/domain/email-verification.ts, and the limits of src/domain/code-sends.ts, issue 59;
 * mirrored); this module keeps them in Firestore, with the Admin SDK (the rules close every
 * collection here to every client):
 * - `emailVerifications/{uid}` = `{ address, at }`: the address the student verified;
 * - `verificationCodes/{uid}` = `{ address, hash, expiresAt, tries, expireAt }`: the code they may
 *   enter, its keyed hash only;
 * - the ledger the limits read, keyed by keyed digests (never an identity or an address):
 *   `codeIdentities/{identityKey}` = `{ at: [ms…], total, lastAt }` (never deleted),
 *   `verificationSends/address:{recipient key}` = `{ at, live: { uid, expiresAt }, expireAt }`,
 *   `verificationSends/domain:{domain}` = `{ at, expireAt }`, `codeBudget/{budget day}` =
 *   `{ count, spentToldAt?, expireAt }`, and the suppression list, `mailSuppressions/{recipient
 *   key}` (mail.ts);
 * - the code's message in the outbox (`mailOutbox/code:<uid>:<nonce>`, mail.ts), to the address,
 *   with its recipient key (`recipient`): once sent, failed or expired, only that key stays.
 * Who counts with which address is campus-progress.ts's `countedAddress`: the campus records
 * follow a verification, and a verified student may make their campus reach a milestone.
 */
import { FieldValue, type Firestore, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { milestonesOf } from './campus-launch';
import { addressTaken, campusDomains, countedAddress, type EntryFields } from './campus-progress';
import { COLLECTIONS } from './mirror/adapters/firebase/firestore-names';
import {
  budgetDay,
  codeSendVerdict,
  countsAgainstIdentity,
  DAY_MS,
  domainOf,
  HOUR_MS,
  CODE_SEND_LIMITS,
  identityKey,
  keptSends,
  type SendLedger,
} from './mirror/domain/code-sends';
import {
  addressInDomains,
  checkUniversityAddress,
  CODE_TTL_MS,
  codeHash,
  codeOfNonce,
  MAX_CODE_TRIES,
  newNonce,
  parseVerificationCode,
  tryCode,
} from './mirror/domain/email-verification';
import { codeMailId } from './mirror/domain/mail/outbox';
import { recipientKey } from './mirror/domain/mail/recipient-limits';
import {
  CALLABLE,
  caller,
  db,
  field,
  joinedOf,
  MAIL_TOKEN_SECRET,
  SIGNING_CALLABLE,
  unavailable,
} from './platform';

/** The send ledger's documents (verificationSends) of an address and of a university domain. */
const addressLedgerId = (recipient: string): string => `address:${recipient}`;
const domainLedgerId = (domain: string): string => `domain:${domain}`;

/** How long a budget day's count is kept (the operators' record of a spent day). */
const BUDGET_KEEP_MS = 30 * DAY_MS;

/** The send times a stored ledger document holds. */
const sendsIn = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)) : [];

/**
 * The sub of the caller's Google identity: the limits' key, which survives the account's deletion
 * (issue 59). An account without a Google identity (none signs in so on the page; an account made
 * by an operator or a test) is keyed by its uid instead, which a deletion does reset.
 */
export function googleSubOf(request: {
  auth?: { uid: string; token?: { firebase?: { identities?: Record<string, unknown> } } };
}): string {
  const google = request.auth?.token?.firebase?.identities?.['google.com'];
  const sub = Array.isArray(google) ? (google[0] as unknown) : undefined;
  return typeof sub === 'string' && sub ? `google:${sub}` : `uid:${request.auth?.uid ?? ''}`;
}

/**
 * The end of the live code another account holds for the address (its own code record, read: a
 * code verified, spent, replaced by one for another address or expired is live no more), or null.
 */
async function liveCodeElsewhere(
  store: Firestore,
  tx: Transaction,
  uid: string,
  address: string,
  live: unknown,
  now: number,
): Promise<number | null> {
  const holder = (live as { uid?: unknown } | null | undefined)?.uid;
  if (typeof holder !== 'string' || holder === uid) return null;
  const code = await tx.get(store.collection(COLLECTIONS.verificationCodes).doc(holder));
  const expiresAt = Number(code.get('expiresAt'));
  return code.exists &&
    code.get('address') === address &&
    expiresAt > now &&
    Number(code.get('tries')) < MAX_CODE_TRIES
    ? expiresAt
    : null;
}

/** The code the caller may still enter: `{ pending: { address, expiresAt } | null }`. */
export const get_pending_code = onCall(CALLABLE, async (request) => {
  const uid = caller(request);
  const held = await db().collection(COLLECTIONS.verificationCodes).doc(uid).get();
  const expiresAt = Number(held.get('expiresAt'));
  const tries = Number(held.get('tries'));
  const address = held.get('address') as unknown;
  return {
    pending:
      held.exists && typeof address === 'string' && expiresAt > Date.now() && tries < MAX_CODE_TRIES
        ? { address, expiresAt }
        : null,
  };
});

/**
 * Asks for a code to a university address: `{ outcome, … }` (src/domain/email-verification.ts),
 * by src/domain/code-sends.ts's limits over the ledger read in the transaction. An address
 * another account holds is answered as a free one (a code record kept, the address, domain and
 * budget counted) and nothing is queued: its code is never sent.
 */
export const send_verification_code = onCall(SIGNING_CALLABLE, async (request) => {
  const uid = caller(request);
  const typed = field(request.data, 'address');
  const secret = MAIL_TOKEN_SECRET.value();
  const nonce = newNonce();
  const hash = await codeHash(secret, uid, await codeOfNonce(secret, nonce));
  const store = db();
  const identityRef = store
    .collection(COLLECTIONS.codeIdentities)
    .doc(await identityKey(secret, googleSubOf(request)));
  try {
    const answer = await store.runTransaction(async (tx) => {
      const entrySnap = await tx.get(store.collection(COLLECTIONS.waitlist).doc(uid));
      const entry = entrySnap.data() as EntryFields | undefined;
      if (!entry || typeof entry.collegeId !== 'string') {
        throw new HttpsError('not-found', 'No waitlist entry.');
      }
      const domains = await campusDomains(store, entry.collegeId, tx);
      const checked = checkUniversityAddress(typed, domains);
      if (!checked.ok) return { outcome: checked.refusal };
      const { address } = checked;
      const verification = (
        await tx.get(store.collection(COLLECTIONS.emailVerifications).doc(uid))
      ).data() as { address?: unknown } | undefined;
      if ((await countedAddress(store, tx, uid, entry, verification)) !== null) {
        return { outcome: 'verified' };
      }
      const now = Date.now();
      const recipient = (await recipientKey(address, secret))!;
      const domain = domainOf(address, domains);
      const sends = store.collection(COLLECTIONS.verificationSends);
      const addressRef = sends.doc(addressLedgerId(recipient));
      const domainRef = domain === null ? null : sends.doc(domainLedgerId(domain));
      const budgetRef = store.collection(COLLECTIONS.codeBudget).doc(budgetDay(now));
      const suppressedRef = store.collection(COLLECTIONS.mailSuppressions).doc(recipient);
      const [identityDoc, addressDoc, budgetDoc, suppressedDoc, domainDoc] = await tx.getAll(
        identityRef,
        addressRef,
        budgetRef,
        suppressedRef,
        ...(domainRef ? [domainRef] : []),
      );
      const ledger: SendLedger = {
        identitySends: keptSends(sendsIn(identityDoc!.get('at')), now),
        identityTotal: Number(identityDoc!.get('total')) || 0,
        addressSends: keptSends(sendsIn(addressDoc!.get('at')), now),
        domainSends: keptSends(sendsIn(domainDoc?.get('at')), now, HOUR_MS),
        globalToday: Number(budgetDoc!.get('count')) || 0,
        liveCodeElsewhere: await liveCodeElsewhere(
          store,
          tx,
          uid,
          address,
          addressDoc!.get('live'),
          now,
        ),
        suppressed: suppressedDoc!.exists,
      };
      const verdict = codeSendVerdict(now, ledger);
      // Reads end here: whether another account holds the address decides only what is queued.
      const taken = verdict.ok && (await addressTaken(store, tx, uid, address));
      if (countsAgainstIdentity(verdict)) {
        // Every request past the identity's own limits counts, whatever comes of it (issue 59).
        tx.set(identityRef, {
          at: [...ledger.identitySends, now],
          total: ledger.identityTotal + 1,
          lastAt: now,
        });
      }
      if (!verdict.ok) {
        if (verdict.refusal.outcome === 'paused' && budgetDoc!.get('spentToldAt') === undefined) {
          // The budget is spent: the operators are told once a day (the log line after this).
          tx.set(budgetRef, { spentToldAt: Timestamp.fromMillis(now) }, { merge: true });
          return { ...verdict.refusal, told: budgetRef.id };
        }
        return verdict.refusal;
      }
      const expiresAt = now + CODE_TTL_MS;
      // expireAt: a TTL policy deletes what no rule reads any more (docs/deploy-firebase.md).
      tx.set(store.collection(COLLECTIONS.verificationCodes).doc(uid), {
        address,
        hash,
        expiresAt,
        tries: 0,
        expireAt: Timestamp.fromMillis(now + HOUR_MS),
      });
      tx.set(addressRef, {
        at: [...ledger.addressSends, now],
        live: { uid, expiresAt },
        expireAt: Timestamp.fromMillis(now + DAY_MS),
      });
      if (domainRef) {
        tx.set(domainRef, {
          at: [...ledger.domainSends, now],
          expireAt: Timestamp.fromMillis(now + HOUR_MS),
        });
      }
      tx.set(
        budgetRef,
        {
          count: ledger.globalToday + 1,
          expireAt: Timestamp.fromMillis(now + BUDGET_KEEP_MS),
        },
        { merge: true },
      );
      if (!taken) {
        tx.create(store.collection(COLLECTIONS.mailOutbox).doc(codeMailId(uid, nonce)), {
          kind: 'code',
          uid,
          joined: joinedOf(entry as { timestamp?: unknown }) ?? now,
          collegeId: entry.collegeId,
          to: address,
          recipient,
          name: '',
          nonce,
          expiresAt,
          status: 'pending',
          attempts: 0,
          pendingDue: now,
          createdAt: FieldValue.serverTimestamp(),
        });
      }
      // Taken or free, the same answer: the holder's address is never confirmed (issue 59).
      return { outcome: 'sent', address, expiresAt };
    });
    if ('told' in answer) {
      const { told, ...refusal } = answer;
      // For an alert on this line (docs/operations.md, "The code budget"): sending is paused.
      logger.error('code budget spent', { day: told, limit: CODE_SEND_LIMITS.globalPerDay });
      return refusal;
    }
    return answer;
  } catch (error) {
    unavailable('send_verification_code', 'The code could not be sent right now.', error);
  }
});

/** Enters a code: `{ outcome, … }` (src/domain/email-verification.ts). */
export const verify_email_code = onCall(SIGNING_CALLABLE, async (request) => {
  const uid = caller(request);
  const code = parseVerificationCode(field(request.data, 'code'));
  const secret = MAIL_TOKEN_SECRET.value();
  const typedHash = code ? await codeHash(secret, uid, code) : null;
  const store = db();
  const entryRef = store.collection(COLLECTIONS.waitlist).doc(uid);
  const verifiedRef = store.collection(COLLECTIONS.emailVerifications).doc(uid);
  const codeRef = store.collection(COLLECTIONS.verificationCodes).doc(uid);
  try {
    const answer = await store.runTransaction(async (tx) => {
      const [entrySnap, verifiedSnap, codeSnap] = await tx.getAll(entryRef, verifiedRef, codeRef);
      const entry = entrySnap!.data() as EntryFields | undefined;
      if (!entry || typeof entry.collegeId !== 'string') {
        throw new HttpsError('not-found', 'No waitlist entry.');
      }
      const verification = verifiedSnap!.data() as { address?: unknown } | undefined;
      const counted = await countedAddress(store, tx, uid, entry, verification);
      if (counted !== null) return { outcome: 'verified', address: counted };
      const stored = codeSnap!.data() as
        { address?: unknown; hash?: unknown; expiresAt?: unknown; tries?: unknown } | undefined;
      const domains = await campusDomains(store, entry.collegeId, tx);
      const record =
        stored &&
        typeof stored.address === 'string' &&
        typeof stored.hash === 'string' &&
        addressInDomains(stored.address, domains)
          ? {
              address: stored.address,
              hash: stored.hash,
              expiresAt: Number(stored.expiresAt) || 0,
              tries: Number(stored.tries) || 0,
            }
          : null;
      const tried = tryCode(record, Date.now(), typedHash !== null && record?.hash === typedHash);
      if (tried.result.outcome !== 'verified') {
        if (tried.record) tx.update(codeRef, { tries: tried.record.tries });
        else if (codeSnap!.exists) tx.delete(codeRef);
        return tried.result;
      }
      const { address } = tried.result;
      if (await addressTaken(store, tx, uid, address)) {
        tx.delete(codeRef);
        return { outcome: 'none' };
      }
      tx.delete(codeRef);
      tx.set(verifiedRef, { address, at: FieldValue.serverTimestamp() });
      tx.set(store.collection(COLLECTIONS.campusMembers).doc(uid), {
        collegeId: entry.collegeId,
        verified: true,
      });
      return { ...tried.result, collegeId: entry.collegeId };
    });
    // One more verified student: the campus may reach a milestone (issue 49).
    if ('collegeId' in answer) {
      const { collegeId, ...result } = answer;
      await milestonesOf(collegeId);
      return result;
    }
    return answer;
  } catch (error) {
    unavailable('verify_email_code', 'The code could not be checked right now.', error);
  }
});
