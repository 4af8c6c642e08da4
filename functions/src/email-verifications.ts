/**
 * Verifying a university address by a code on Firebase (issue 48): the callables
 * `get_pending_code`, `send_verification_code` and `verify_email_code`. The rules are the app's
 * (src/domain/email-verification.ts, mirrored); this module keeps them in Firestore, with the
 * Admin SDK (the rules close every collection here to every client):
 * - `emailVerifications/{uid}` = `{ address, at }`: the address the student verified;
 * - `verificationCodes/{uid}` = `{ address, hash, expiresAt, tries, expireAt }`: the code they may
 *   enter, its keyed hash only;
 * - `verificationSends/{key}` = `{ at: [ms…], expireAt }`: the sends of the last hour, keyed
 *   `account:<uid>` or `address:<sha-256 of the address>` (never the address);
 * - the code's message in the outbox (`mailOutbox/code:<uid>:<nonce>`, mail.ts), to the address.
 * Who counts with which address is campus-progress.ts's `countedAddress`: the campus records
 * follow a verification, and a verified student may make their campus reach a milestone.
 */
import { createHash } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { milestonesOf } from './campus-launch';
import { addressTaken, countedAddress, domainsOf, type EntryFields } from './campus-progress';
import { COLLECTIONS } from './mirror/adapters/firebase/firestore-names';
import {
  addressInDomains,
  checkUniversityAddress,
  CODE_TTL_MS,
  codeHash,
  codeOfNonce,
  MAX_CODE_TRIES,
  newNonce,
  parseVerificationCode,
  recentSends,
  SEND_WINDOW_MS,
  sendVerdict,
  tryCode,
} from './mirror/domain/email-verification';
import { codeMailId } from './mirror/domain/mail/outbox';
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

const accountKey = (uid: string): string => `account:${uid}`;
const addressKey = (address: string): string =>
  `address:${createHash('sha256').update(address).digest('hex')}`;

/** The send times a stored sends document holds. */
const sendsIn = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)) : [];

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

/** Asks for a code to a university address: `{ outcome, … }` (src/domain/email-verification.ts). */
export const send_verification_code = onCall(SIGNING_CALLABLE, async (request) => {
  const uid = caller(request);
  const typed = field(request.data, 'address');
  const secret = MAIL_TOKEN_SECRET.value();
  const nonce = newNonce();
  const hash = await codeHash(secret, uid, await codeOfNonce(secret, nonce));
  const store = db();
  try {
    return await store.runTransaction(async (tx) => {
      const entrySnap = await tx.get(store.collection(COLLECTIONS.waitlist).doc(uid));
      const entry = entrySnap.data() as EntryFields | undefined;
      if (!entry || typeof entry.collegeId !== 'string') {
        throw new HttpsError('not-found', 'No waitlist entry.');
      }
      const checked = checkUniversityAddress(typed, domainsOf(entry.collegeId));
      if (!checked.ok) return { outcome: checked.refusal };
      const { address } = checked;
      const verification = (
        await tx.get(store.collection(COLLECTIONS.emailVerifications).doc(uid))
      ).data() as { address?: unknown } | undefined;
      if ((await countedAddress(store, tx, uid, entry, verification)) !== null) {
        return { outcome: 'verified' };
      }
      if (await addressTaken(store, tx, uid, address)) return { outcome: 'taken' };
      const now = Date.now();
      const accountRef = store.collection(COLLECTIONS.verificationSends).doc(accountKey(uid));
      const addressRef = store.collection(COLLECTIONS.verificationSends).doc(addressKey(address));
      const [accountDoc, addressDoc] = await tx.getAll(accountRef, addressRef);
      const accountSends = recentSends(sendsIn(accountDoc!.get('at')), now);
      const addressSends = recentSends(sendsIn(addressDoc!.get('at')), now);
      const verdict = sendVerdict({ now, accountSends, addressSends });
      if (!verdict.ok) return { outcome: 'limited', retryAt: verdict.retryAt };
      const expiresAt = now + CODE_TTL_MS;
      // expireAt: a TTL policy deletes what no rule reads any more (docs/deploy-firebase.md).
      const hourOn = Timestamp.fromMillis(now + SEND_WINDOW_MS);
      tx.set(store.collection(COLLECTIONS.verificationCodes).doc(uid), {
        address,
        hash,
        expiresAt,
        tries: 0,
        expireAt: hourOn,
      });
      tx.set(accountRef, { at: [...accountSends, now], expireAt: hourOn });
      tx.set(addressRef, { at: [...addressSends, now], expireAt: hourOn });
      tx.create(store.collection(COLLECTIONS.mailOutbox).doc(codeMailId(uid, nonce)), {
        kind: 'code',
        uid,
        joined: joinedOf(entry as { timestamp?: unknown }) ?? now,
        collegeId: entry.collegeId,
        to: address,
        name: '',
        nonce,
        expiresAt,
        status: 'pending',
        attempts: 0,
        pendingDue: now,
        createdAt: FieldValue.serverTimestamp(),
      });
      return { outcome: 'sent', address, expiresAt };
    });
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
      const record =
        stored &&
        typeof stored.address === 'string' &&
        typeof stored.hash === 'string' &&
        addressInDomains(stored.address, domainsOf(entry.collegeId))
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
