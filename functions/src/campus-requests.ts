/**
 * 'Mi campus no aparece' on Firebase (issues 28, 49, 51): the callable `request_campus`. The
 * request is checked again by the page's own rule (campus-requests.logic.ts) and counted by its
 * key; all admin-only:
 * - `campusRequests/{uid}__{24 hex of the key's sha-256}` = `{ uid, key, name, city, at }`: one
 *   document per student and requested campus;
 * - `campusRequesters/{uid}` = `{ count }`: the student's requests, read and written in each of
 *   their requests' transaction, so parallel calls cannot pass MAX_REQUESTS_PER_STUDENT;
 * - `pendingCampuses/{pendiente-<the same 24 hex>}` = `{ key, name, city, at }`: the campus its
 *   askers may join at once, made by the first request (src/domain/campus-request-rule.ts gives
 *   its id); once an operator added it (campus-launch.ts), `addedCampuses/{pendingId}` names the
 *   catalogue campus it became.
 */
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { checkedRequest } from './campus-requests.logic';
import { COLLECTIONS } from './mirror/adapters/firebase/firestore-names';
import {
  MAX_REQUESTS_PER_STUDENT,
  pendingCampusIdOf,
  requestKeyHash,
} from './mirror/domain/campus-request-rule';
import { CALLABLE, caller, db, unavailable } from './platform';

/**
 * The campus a request answers: the pending one, made by the first request of its key in the same
 * transaction as the request (its name and city as that student wrote them), or, once an operator
 * added it, the catalogue's.
 */
async function pendingCampusOf(
  store: Firestore,
  tx: Transaction,
  id: string,
  request: { key: string; name: string; city: string },
): Promise<{ id: string; name: string; city: string; write: () => void }> {
  const [added, pending] = await tx.getAll(
    store.collection(COLLECTIONS.addedCampuses).doc(id),
    store.collection(COLLECTIONS.pendingCampuses).doc(id),
  );
  if (added!.exists) {
    const collegeId = String(added!.get('collegeId'));
    return {
      id: collegeId,
      name: String(added!.get('name')),
      city: String(added!.get('city')),
      write: () => {},
    };
  }
  if (pending!.exists) {
    return {
      id,
      name: String(pending!.get('name')),
      city: String(pending!.get('city')),
      write: () => {},
    };
  }
  return {
    id,
    name: request.name,
    city: request.city,
    write: () =>
      tx.create(store.collection(COLLECTIONS.pendingCampuses).doc(id), {
        key: request.key,
        name: request.name,
        city: request.city,
        at: FieldValue.serverTimestamp(),
      }),
  };
}

/**
 * 'Mi campus no aparece' (issue 28): records the caller's request for a campus the catalogue
 * lacks, once per requested campus, at most MAX_REQUESTS_PER_STUDENT campuses per student. Only a
 * student signed in with Google, their address verified (issue 51: not an anonymous or a
 * password account, as the waitlist's rules); the cap held in one transaction over the student's
 * counter, so parallel calls cannot pass it. Answers the campus the student may join now (issue
 * 49): pending, or added since.
 */
export const request_campus = onCall(CALLABLE, async (request) => {
  const uid = caller(request);
  const token = request.auth?.token as
    { email_verified?: unknown; firebase?: { sign_in_provider?: unknown } } | undefined;
  if (token?.firebase?.sign_in_provider !== 'google.com' || token.email_verified !== true) {
    throw new HttpsError('permission-denied', 'Sign in with Google to request a campus.');
  }
  const checked = checkedRequest(request.data);
  if (!checked) throw new HttpsError('invalid-argument', 'Not a campus request.');
  try {
    const store = db();
    // Both ids before the transaction: it holds its documents from its first read to its commit,
    // and 20 parallel requests of one student wait on each other (issue 51's cap test).
    const [hash, pendingId] = await Promise.all([
      requestKeyHash(checked.key),
      pendingCampusIdOf(checked.key),
    ]);
    const ref = store.collection(COLLECTIONS.campusRequests).doc(`${uid}__${hash}`);
    const counter = store.collection(COLLECTIONS.campusRequesters).doc(uid);
    return await store.runTransaction(async (tx) => {
      const [held, mine] = await tx.getAll(ref, counter);
      const { write, ...joinable } = await pendingCampusOf(store, tx, pendingId, checked);
      if (held!.exists) return joinable; // a repeat counts once
      // The counter, or (its first use) the student's requests counted.
      const count = mine!.exists
        ? Number(mine!.get('count')) || 0
        : (await tx.get(store.collection(COLLECTIONS.campusRequests).where('uid', '==', uid))).size;
      if (count >= MAX_REQUESTS_PER_STUDENT) {
        throw new HttpsError('resource-exhausted', 'Too many campus requests.');
      }
      tx.create(ref, {
        uid,
        key: checked.key,
        name: checked.name,
        city: checked.city,
        at: FieldValue.serverTimestamp(),
      });
      tx.set(counter, { count: count + 1 });
      write();
      return joinable;
    });
  } catch (error) {
    unavailable('request_campus', 'The request could not be recorded right now.', error);
  }
});
