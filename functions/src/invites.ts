/**
 * Invites on Firebase (issues 28, 48, 51): the callables `get_my_invites`, `accept_invite` and
 * `preview_invite`. The code and credit rules are src/domain/invite-code.ts itself (mirrored);
 * the code's drawing is invites.logic.ts. All admin-only (the rules' closing match):
 *
 * - `inviteOwners/{uid}` = `{ code }` and `inviteCodes/{code}` = `{ uid }`: each student's code,
 *   made at random by `get_my_invites` on first use, unique (a transaction checks the code's
 *   document does not exist);
 * - `invites/{inviteeUid}` = `{ inviter, at }`: one credit per account, written by `accept_invite`
 *   in a transaction that refuses one's own code and a second credit, an entry made more than a
 *   day before, and an inviter's credits past the day's cap (`inviteDays/{inviter}__{day}` =
 *   `{ inviter, count }`, issue 51).
 */
import { tallyStudent } from './campus-counters';
import { FieldValue } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { campusProgressOf, memberNow } from './campus-progress';
import { newInviteCode } from './invites.logic';
import { CAMPUS_LABEL, CAMPUS_NAME } from './mirror/data/campus-label';
import { COLLECTIONS, ENTRY_FIELDS } from './mirror/adapters/firebase/firestore-names';
import { creditDay, mayCredit, parseInviteCode } from './mirror/domain/invite-code';
import { adminAuth, CALLABLE, caller, db, field, joinedOf, unavailable } from './platform';

/**
 * The caller's invite code (made at random on the first call, unique) and how many classmates
 * joined with it (issue 28). Needs an entry: `not-found` otherwise.
 */
export const get_my_invites = onCall(CALLABLE, async (request) => {
  const uid = caller(request);
  try {
    const store = db();
    let campus: unknown = null;
    const code = await store.runTransaction(async (tx) => {
      const [entry, owner] = await Promise.all([
        tx.get(store.collection(COLLECTIONS.waitlist).doc(uid)),
        tx.get(store.collection(COLLECTIONS.inviteOwners).doc(uid)),
      ]);
      if (!entry.exists) return null;
      campus = entry.get(ENTRY_FIELDS.collegeId);
      const held = parseInviteCode(owner.get('code'));
      if (held) return held;
      for (;;) {
        const drawn = newInviteCode();
        const taken = await tx.get(store.collection(COLLECTIONS.inviteCodes).doc(drawn));
        if (taken.exists) continue;
        tx.create(store.collection(COLLECTIONS.inviteCodes).doc(drawn), { uid });
        tx.set(store.collection(COLLECTIONS.inviteOwners).doc(uid), { code: drawn });
        return drawn;
      }
    });
    if (!code) throw new HttpsError('not-found', 'No waitlist entry.');
    // Classmates credited to the caller who count now (issue 48, inviteCounts): on the list at
    // the caller's campus and verified for it, as their campus records say.
    const credited = await store
      .collection(COLLECTIONS.invites)
      .where('inviter', '==', uid)
      .select()
      .get();
    // Each classmate's record as their entry and verification call for it now, read only (issue
    // 59): a trigger still on its way never shows a stale count, and a loop of calls writes
    // nothing. The records themselves follow the entries in the triggers (on_waitlist_written)
    // and the verifications where they are written (verify_email_code).
    const members = await Promise.all(
      credited.docs.map((d) =>
        store.runTransaction(async (tx) => (await memberNow(store, tx, d.id)).member, {
          readOnly: true,
        }),
      ),
    );
    const joined = members.filter((m) => m !== null && m.collegeId === campus && m.verified).length;
    return { code, joined };
  } catch (error) {
    unavailable('get_my_invites', 'The invites could not be read right now.', error);
  }
});

/**
 * Credits the caller's arrival to the code's owner, once per account (issue 28): `{ credited }`,
 * false for a caller without an entry, an unknown or malformed code, their own code, or an account
 * already credited (nothing is written).
 */
export const accept_invite = onCall(CALLABLE, async (request) => {
  const uid = caller(request);
  const code = parseInviteCode(field(request.data, 'code'));
  if (!code) return { credited: false };
  try {
    // When this backend first saw the account (issue 51): an old account that leaves the list and
    // joins again is no new arrival. An account gone meanwhile is no arrival (NaN: never
    // credited); any other failure is the outer 'unavailable', and the page keeps the code.
    const account = await adminAuth()
      .getUser(uid)
      .catch((error: unknown) => {
        if ((error as { code?: unknown } | null)?.code === 'auth/user-not-found') return null;
        throw error;
      });
    const accountCreatedAt = Date.parse(account?.metadata.creationTime ?? '');
    const store = db();
    const credited = await store.runTransaction(async (tx) => {
      const [entry, owner, arrival] = await Promise.all([
        tx.get(store.collection(COLLECTIONS.waitlist).doc(uid)),
        tx.get(store.collection(COLLECTIONS.inviteCodes).doc(code)),
        tx.get(store.collection(COLLECTIONS.invites).doc(uid)),
      ]);
      const inviter = owner.get('uid') as unknown;
      if (!entry.exists || typeof inviter !== 'string' || inviter === uid || arrival.exists) {
        return false;
      }
      // Joined, with an account made, within a day, and under the inviter's cap for today (issue
      // 51): the day's counter is read and written in this transaction, so parallel credits
      // cannot pass it.
      const now = Date.now();
      const dayRef = store.collection(COLLECTIONS.inviteDays).doc(`${inviter}__${creditDay(now)}`);
      const day = await tx.get(dayRef);
      const inviterCreditsToday = Number(day.get('count')) || 0;
      const joinedAt = joinedOf(entry.data()) ?? Number.NaN;
      if (!mayCredit({ joinedAt, accountCreatedAt, now, inviterCreditsToday })) return false;
      tx.create(store.collection(COLLECTIONS.invites).doc(uid), {
        inviter,
        at: FieldValue.serverTimestamp(),
      });
      tx.set(dayRef, { inviter, count: inviterCreditsToday + 1 });
      return true;
    });
    // The campus's invited count (issue 61, campus-counters.ts) follows the credit.
    if (credited) await tallyStudent(store, uid);
    return { credited };
  } catch (error) {
    unavailable('accept_invite', 'The invite could not be recorded right now.', error);
  }
});

/**
 * An invite's preview, for anyone (issue 48): the campus of the code's student and its floored
 * progress, `{ campus }` (null for an unknown or malformed code). Nothing of the student.
 */
export const preview_invite = onCall(CALLABLE, async (request) => {
  const code = parseInviteCode(field(request.data, 'code'));
  if (!code) return { campus: null };
  try {
    const store = db();
    const owner = await store.collection(COLLECTIONS.inviteCodes).doc(code).get();
    const uid = owner.get('uid') as unknown;
    if (typeof uid !== 'string') return { campus: null };
    const entry = await store.collection(COLLECTIONS.waitlist).doc(uid).get();
    const collegeId = entry.get(ENTRY_FIELDS.collegeId) as unknown;
    if (typeof collegeId !== 'string' || !Object.hasOwn(CAMPUS_LABEL, collegeId)) {
      return { campus: null };
    }
    const answer = await campusProgressOf(collegeId);
    const [name, subname] = CAMPUS_NAME[collegeId] ?? [collegeId, ''];
    return {
      campus: {
        collegeId,
        name,
        subname,
        shortName: CAMPUS_LABEL[collegeId],
        verifiedCount: answer.verifiedCount,
        threshold: answer.threshold,
        state: answer.state,
        opensOn: answer.opensOn,
      },
    };
  } catch (error) {
    unavailable('preview_invite', 'The invite could not be read right now.', error);
  }
});
