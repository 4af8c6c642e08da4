/**
 * Verifying a university address by a code on Firebase (issue 48). The rules are the app's
 * (functions/src/mail/email-verification.ts is a generated copy of src/domain/email-verification.ts);
 * this module keeps them in Firestore, with the Admin SDK (the rules close every collection here
 * to every client):
 * - `emailVerifications/{uid}` = `{ address, at }`: the address the student verified;
 * - `verificationCodes/{uid}` = `{ address, hash, expiresAt, tries }`: the code they may enter,
 *   its keyed hash only;
 * - `verificationSends/{key}` = `{ at: [ms…] }`: the sends of the last hour, keyed
 *   `account:<uid>` or `address:<sha-256 of the address>` (never the address);
 * - the code's message in the outbox (`mailOutbox/code:<uid>:<nonce>`), to the address.
 * A student counts for their campus (`countedAddress`) with the address they verified when it is
 * of their campus's university, else with their sign-in address when it is one and no other
 * account verified it: the campus records (`campusMembers`) follow it, so a count is of distinct
 * addresses.
 */
import { createHash } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { CAMPUS_EMAIL } from './campus-email';
import { emailInDomains } from './campus';
import { addressInDomains, normalizeAddress } from './mail/email-verification';

export const VERIFICATIONS_COLLECTION = 'emailVerifications';
export const CODES_COLLECTION_V = 'verificationCodes';
export const SENDS_COLLECTION = 'verificationSends';

export const domainsOf = (collegeId: string): readonly string[] =>
  (Object.hasOwn(CAMPUS_EMAIL, collegeId) && CAMPUS_EMAIL[collegeId]?.domains) || [];

export const accountKey = (uid: string): string => `account:${uid}`;
export const addressKey = (address: string): string =>
  `address:${createHash('sha256').update(address).digest('hex')}`;

/** The send times a stored sends document holds. */
export const sendsIn = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)) : [];

/** Whether another account holds `address`: verified it, or signs in with it. */
export async function addressTaken(
  store: Firestore,
  tx: Transaction,
  uid: string,
  address: string,
): Promise<boolean> {
  const [verified, entries] = await Promise.all([
    tx.get(store.collection(VERIFICATIONS_COLLECTION).where('address', '==', address).limit(2)),
    tx.get(store.collection('waitlist').where('email', '==', address).limit(2)),
  ]);
  return [...verified.docs, ...entries.docs].some((d) => d.id !== uid);
}

/**
 * The address the student counts with for their entry's campus, or null (reads only: a
 * transaction's writes come after). `verified` is their verification as read.
 */
export async function countedAddress(
  store: Firestore,
  tx: Transaction,
  uid: string,
  entry: { email?: unknown; collegeId?: unknown } | undefined,
  verified: { address?: unknown } | undefined,
): Promise<string | null> {
  if (!entry || typeof entry.collegeId !== 'string') return null;
  const domains = domainsOf(entry.collegeId);
  const byCode = typeof verified?.address === 'string' ? verified.address : null;
  if (byCode && addressInDomains(byCode, domains)) return byCode;
  if (!emailInDomains(entry.email, domains)) return null;
  const signIn = normalizeAddress(entry.email);
  if (!signIn) return null;
  const held = await tx.get(
    store.collection(VERIFICATIONS_COLLECTION).where('address', '==', signIn).limit(2),
  );
  return held.docs.some((d) => d.id !== uid) ? null : signIn;
}
