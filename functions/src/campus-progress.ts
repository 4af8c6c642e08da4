/**
 * Campus progress and verified students on Firebase (issues 28, 48, 60): the callables
 * `get_my_campus` and `get_campus_progress` (public), and the campus records every feature that
 * counts reads. The page never counts and never decides who is verified: this code does, with
 * the Admin SDK (the rules close these to every client).
 *
 * - `campusMembers/{uid}` = `{ collegeId, verified }` mirrors each waitlist entry.
 *   `reconcileMember` sets it to what the entry says now, in a transaction: a duplicated, late or
 *   out-of-order trigger event converges on the entry as it is, so the records always equal a
 *   recount of the entries. It runs first on every write of an entry (waitlist.ts), and writes
 *   only what changed: a call that finds the record right writes nothing (issue 59).
 * - A student counts for their campus (`countedAddress`) with the address they verified by a code
 *   (`emailVerifications/{uid}`, email-verifications.ts) when it is of their campus's university,
 *   else with their sign-in address when it is one and no other account verified it: a count is
 *   of distinct addresses.
 * - The count of a campus is an aggregation query over those records (`count()`), computed at
 *   each call: no stored counter can drift.
 * - `campusSettings/{collegeId}` = `{ threshold, state, opensOn }` is what operators set
 *   (`npm run campus -- set`).
 * - A campus's names: the catalogue's, an added one's (`campuses/{id}`) or a pending one's
 *   (`pendingCampuses/{id}`, campus-requests.ts).
 *
 * The rules free of Firebase (the answer, the member record) are campus-progress.logic.ts.
 */
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import {
  campusAnswer,
  type EntryFields,
  emailInDomains,
  memberOf,
  parseSettings,
} from './campus-progress.logic';
import { CAMPUS_EMAIL } from './mirror/data/campus-email';
import { CAMPUS_LABEL, CAMPUS_NAME } from './mirror/data/campus-label';
import { COLLECTIONS, ENTRY_FIELDS } from './mirror/adapters/firebase/firestore-names';
import { isPendingCampusId, PENDING_CAMPUS_MAIL_LABEL } from './mirror/domain/campus-request-rule';
import { isCollegeId } from './mirror/domain/college';
import { addressInDomains, normalizeAddress } from './mirror/domain/email-verification';
import { CALLABLE, caller, db, type EntryWrite, field, unavailable } from './platform';

export type { EntryFields };

/**
 * The e-mail domains of a campus: the catalogue's, or those an operator typed when adding it
 * (`campuses/{id}.domains`, issue 61: its students verify as a catalogue campus's do); none for
 * any other id. Read in `tx` when given (before its writes).
 */
export async function campusDomains(
  store: Firestore,
  collegeId: string,
  tx?: Transaction,
): Promise<readonly string[]> {
  if (Object.hasOwn(CAMPUS_EMAIL, collegeId)) return CAMPUS_EMAIL[collegeId]?.domains ?? [];
  if (!isCollegeId(collegeId) || isPendingCampusId(collegeId)) return [];
  const ref = store.collection(COLLECTIONS.campuses).doc(collegeId);
  const domains: unknown = (tx ? await tx.get(ref) : await ref.get()).get('domains');
  return Array.isArray(domains) ? domains.filter((d): d is string => typeof d === 'string') : [];
}

/** Whether another account holds `address`: verified it, or signs in with it. */
export async function addressTaken(
  store: Firestore,
  tx: Transaction,
  uid: string,
  address: string,
): Promise<boolean> {
  const [verified, entries] = await Promise.all([
    tx.get(
      store.collection(COLLECTIONS.emailVerifications).where('address', '==', address).limit(2),
    ),
    tx.get(
      store.collection(COLLECTIONS.waitlist).where(ENTRY_FIELDS.email, '==', address).limit(2),
    ),
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
  entry: EntryFields | undefined,
  verified: { address?: unknown } | undefined,
): Promise<string | null> {
  if (!entry || typeof entry.collegeId !== 'string') return null;
  const domains = await campusDomains(store, entry.collegeId, tx);
  const byCode = typeof verified?.address === 'string' ? verified.address : null;
  if (byCode && addressInDomains(byCode, domains)) return byCode;
  if (!emailInDomains(entry.email, domains)) return null;
  const signIn = normalizeAddress(entry.email);
  if (!signIn) return null;
  const held = await tx.get(
    store.collection(COLLECTIONS.emailVerifications).where('address', '==', signIn).limit(2),
  );
  return held.docs.some((d) => d.id !== uid) ? null : signIn;
}

/** A campus record as the functions keep it: the entry's campus and whether it counts. */
export interface MemberRecord {
  collegeId: string;
  verified: boolean;
}

/**
 * What the student's campus record should say now, from their entry and their verification, as
 * read in `tx` (reads only): null when there is no entry. The one rule of reconcileMember's
 * writes, and what get_my_invites counts with (it writes nothing).
 */
export async function memberNow(
  store: Firestore,
  tx: Transaction,
  uid: string,
): Promise<{
  entry: EntryFields | undefined;
  /** The verified address, and whether a verification document is there at all. */
  held: string | null;
  verificationExists: boolean;
  member: MemberRecord | null;
}> {
  const [entrySnap, verifiedSnap] = await tx.getAll(
    store.collection(COLLECTIONS.waitlist).doc(uid),
    store.collection(COLLECTIONS.emailVerifications).doc(uid),
  );
  const entry = entrySnap!.data() as EntryFields | undefined;
  const verification = verifiedSnap!.data() as { address?: unknown } | undefined;
  const held = typeof verification?.address === 'string' ? verification.address : null;
  const verificationExists = verifiedSnap!.exists;
  const base = memberOf(entry ?? null);
  if (!base) return { entry, held, verificationExists, member: null };
  const address = await countedAddress(store, tx, uid, entry, verification);
  const member = { collegeId: base.collegeId, verified: address !== null };
  return { entry, held, verificationExists, member };
}

/** Whether a stored campus record says what `member` says (no write is needed). */
const sameMember = (stored: Record<string, unknown> | undefined, member: MemberRecord): boolean =>
  stored?.collegeId === member.collegeId && stored.verified === member.verified;

/**
 * Sets the student's campus record to what their entry says now, in a transaction: any number of
 * calls, in any order, leave it equal to the entry. Leaving deletes the verified address and any
 * code with the entry; a change of campus keeps the verified address only when it is of the new
 * campus's university (issue 48). It writes only what changes (issue 59): a record, a verification
 * or a code already as the entry calls for is left alone, so a loop of calls writes nothing.
 */
export async function reconcileMember(
  uid: string,
): Promise<{ email: unknown; collegeId: string; verified: boolean } | null> {
  const store = db();
  const memberRef = store.collection(COLLECTIONS.campusMembers).doc(uid);
  const verifiedRef = store.collection(COLLECTIONS.emailVerifications).doc(uid);
  const codeRef = store.collection(COLLECTIONS.verificationCodes).doc(uid);
  let released: string | null = null;
  const reconciled = await store.runTransaction(async (tx) => {
    released = null;
    const [stored, code] = await tx.getAll(memberRef, codeRef);
    const { entry, held, verificationExists, member } = await memberNow(store, tx, uid);
    if (!member) {
      if (stored!.exists) tx.delete(memberRef);
      if (verificationExists) tx.delete(verifiedRef);
      if (code!.exists) tx.delete(codeRef);
      released = held;
      return null;
    }
    if (held && !addressInDomains(held, await campusDomains(store, member.collegeId, tx))) {
      tx.delete(verifiedRef);
      released = held;
    }
    if (!sameMember(stored!.data(), member)) tx.set(memberRef, member);
    return { email: entry?.email, ...member };
  });
  await reconcileHolders(released, uid);
  return reconciled;
}

/**
 * An address a student no longer holds (they left, or moved to another university) may count for
 * a student who signs in with it: their campus records are reconciled (issue 48).
 */
export async function reconcileHolders(address: string | null, except: string): Promise<void> {
  if (!address) return;
  const holders = await db()
    .collection(COLLECTIONS.waitlist)
    .where(ENTRY_FIELDS.email, '==', address)
    .select()
    .get();
  await Promise.all(holders.docs.filter((d) => d.id !== except).map((d) => reconcileMember(d.id)));
}

/** An entry written (joined, moved, left): the student's campus record follows it. */
export const reconcileOnEntryWritten = async ({ uid }: EntryWrite): Promise<void> => {
  await reconcileMember(uid);
};

/** A campus's verified students, as its records count them now. */
export async function verifiedCountOf(collegeId: string): Promise<number> {
  const counted = await db()
    .collection(COLLECTIONS.campusMembers)
    .where(ENTRY_FIELDS.collegeId, '==', collegeId)
    .where('verified', '==', true)
    .count()
    .get();
  return counted.data().count;
}

/**
 * A campus's progress as the page may show it: its verified count (the campus records) and the
 * operators' settings, floored (`campusAnswer` with no student).
 */
export async function campusProgressOf(collegeId: string) {
  const [count, settings] = await Promise.all([
    verifiedCountOf(collegeId),
    db().collection(COLLECTIONS.campusSettings).doc(collegeId).get(),
  ]);
  return campusAnswer(collegeId, null, count, parseSettings(settings.data()));
}

export interface CampusNames {
  name: string;
  subname: string;
  shortName: string;
}

/**
 * A campus's names: the catalogue's, an added one's, or a pending one's ('… (pendiente)'); null
 * for an id that is none of them.
 */
export async function campusNamesOf(store: Firestore, id: string): Promise<CampusNames | null> {
  if (Object.hasOwn(CAMPUS_NAME, id)) {
    const [name, subname] = CAMPUS_NAME[id]!;
    return { name, subname, shortName: CAMPUS_LABEL[id] ?? name };
  }
  if (isPendingCampusId(id)) {
    const pending = await store.collection(COLLECTIONS.pendingCampuses).doc(id).get();
    if (!pending.exists) return null;
    const name = String(pending.get('name'));
    return { name, subname: String(pending.get('city')), shortName: `${name} (pendiente)` };
  }
  const added = await store.collection(COLLECTIONS.campuses).doc(id).get();
  if (!added.exists) return null;
  return {
    name: String(added.get('name')),
    subname: String(added.get('subname') ?? ''),
    shortName: String(added.get('shortName') ?? added.get('name')),
  };
}

/**
 * How the e-mails name a campus: its short name, else its id; a pending one generically (issue
 * 59: never the text a student typed).
 */
export const campusLabelOf = async (store: Firestore, id: string): Promise<string> =>
  isPendingCampusId(id)
    ? PENDING_CAMPUS_MAIL_LABEL
    : (Object.hasOwn(CAMPUS_LABEL, id) && CAMPUS_LABEL[id]) ||
      (await campusNamesOf(store, id))?.shortName ||
      id;

/**
 * The caller's campus (issue 28): its verified students (floored), the operators' settings, and
 * whether the caller's e-mail verifies them. Reconciles the caller's own record first, so a
 * trigger still on its way never shows them a stale campus.
 */
export const get_my_campus = onCall(CALLABLE, async (request) => {
  const uid = caller(request);
  try {
    const mine = await reconcileMember(uid);
    if (!mine) throw new HttpsError('not-found', 'No waitlist entry.');
    // By the sign-in address or by a code (issue 48); named as held here (issue 49).
    const names = await campusNamesOf(db(), mine.collegeId);
    return {
      ...(await campusProgressOf(mine.collegeId)),
      verified: mine.verified,
      ...(names ?? {}),
    };
  } catch (error) {
    unavailable('get_my_campus', 'The campus could not be read right now.', error);
  }
});

/**
 * A campus of the catalogue (the build's, or one an operator added: `campuses/{id}`), never a
 * pending one: its name is a student's text. Anything that is not a college id is none.
 */
export async function isListedCampus(store: Firestore, id: unknown): Promise<boolean> {
  if (!isCollegeId(id) || isPendingCampusId(id)) return false;
  if (Object.hasOwn(CAMPUS_LABEL, id)) return true;
  return (await store.collection(COLLECTIONS.campuses).doc(id).get()).exists;
}

/**
 * A campus's public progress, for anyone (issue 60, the campus page): `{ campus }`, its floored
 * progress as an invite's preview shows it (`{ collegeId, verifiedCount, threshold, state,
 * opensOn }`), or null for an id that names no campus of the catalogue, a pending campus, or
 * anything that is not a college id. No sign-in, nothing of any student.
 */
export const get_campus_progress = onCall(CALLABLE, async (request) => {
  const collegeId = field(request.data, 'collegeId');
  try {
    if (!isCollegeId(collegeId) || !(await isListedCampus(db(), collegeId))) {
      return { campus: null };
    }
    const { verifiedCount, threshold, state, opensOn } = await campusProgressOf(collegeId);
    return { campus: { collegeId, verifiedCount, threshold, state, opensOn } };
  } catch (error) {
    unavailable('get_campus_progress', 'The campus could not be read right now.', error);
  }
});
