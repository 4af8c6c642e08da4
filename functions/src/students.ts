/**
 * A student's account on Firebase: their names as Google gave them, their removal, and retention.
 * - `delete_my_account` ('Salir de la lista de espera', issue 23) and `on_account_deleted` (an
 *   account deleted anywhere): everything kept of the student goes (deleteStudentData), then, for
 *   the callable, the account;
 * - `apply_retention` (issue 51, item 9): daily, the accounts that never joined, idle 30 days, and
 *   every student of a campus launched 90 days ago go, by the domain's rule
 *   (src/domain/retention.ts, mirrored), and the codes' records are pruned (code-records.ts,
 *   issue 59); `npm run retention` shows the plan or runs it by hand (applyRetention).
 * Every function here that an operator's command loads takes its Firestore and Auth as arguments
 * (the command has its own Admin app).
 */
import type { Auth } from 'firebase-admin/auth';
import { type Firestore, Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { auth as authV1 } from 'firebase-functions/v1';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { reconcileHolders } from './campus-progress';
import { pruneCodeRecords } from './code-records';
import { pruneOperatorLog, recordRetentionRun } from './operator-log';
import { COLLECTIONS, ENTRY_FIELDS } from './mirror/adapters/firebase/firestore-names';
import { type RetentionPlan, retentionPlan } from './mirror/domain/retention';
import { adminAuth, CALLABLE, db } from './platform';

/**
 * The name Google gave at sign-in (the `google.com` provider entry's), never the account's own
 * display name, which its holder can rewrite (`updateProfile`): the e-mails greet with it, through
 * the mail's greetingName rule (issue 51). Used by on_waitlist_written and `npm run notify:campus`.
 */
export function googleName(user: {
  providerData: readonly { providerId: string; displayName?: string | null }[];
}): string {
  return user.providerData.find((p) => p.providerId === 'google.com')?.displayName ?? '';
}

/**
 * The students' names (googleName) and sign-in addresses, by uid, 100 accounts per `getUsers` call
 * (Auth's limit): what the launch, the milestones and `campus:add` greet and write to.
 */
export async function googleAccounts(
  auth: Pick<Auth, 'getUsers'>,
  uids: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  const found = new Map<string, { name: string; email: string }>();
  for (let at = 0; at < uids.length; at += 100) {
    const { users } = await auth.getUsers(uids.slice(at, at + 100).map((uid) => ({ uid })));
    for (const user of users)
      found.set(user.uid, { name: googleName(user), email: user.email ?? '' });
  }
  return found;
}

/** Their names alone (the launch's and the milestones' `names`). */
export const googleNames = async (
  auth: Pick<Auth, 'getUsers'>,
  uids: readonly string[],
): Promise<Map<string, string>> =>
  new Map([...(await googleAccounts(auth, uids))].map(([uid, { name }]) => [uid, name]));

/** The collections keyed by the student's uid: their documents go with them. */
export const KEYED_BY_UID = [
  COLLECTIONS.waitlist,
  COLLECTIONS.heroConsent,
  COLLECTIONS.heroApproval,
  COLLECTIONS.campusMembers,
  COLLECTIONS.inviteOwners,
  COLLECTIONS.invites,
  COLLECTIONS.campusRequesters,
  COLLECTIONS.mailStops,
  COLLECTIONS.emailVerifications,
  COLLECTIONS.verificationCodes,
  COLLECTIONS.sellerChoices,
  COLLECTIONS.joinSources,
] as const;

/**
 * Everything kept of one student: the entry, the consent, the operator's decision on their photo,
 * their campus record, their invite code, their arrival, the arrivals credited to them,
 * their campus requests (and their count) and their e-mails.
 * Deleting what is already gone is no error.
 */
async function deleteStudentData(uid: string, alsoIn?: (batch: WriteBatch) => void): Promise<void> {
  const store = db();
  const [owner, credited, days, requested, mail, verified] = await Promise.all([
    store.collection(COLLECTIONS.inviteOwners).doc(uid).get(),
    store.collection(COLLECTIONS.invites).where('inviter', '==', uid).select().get(),
    store.collection(COLLECTIONS.inviteDays).where('inviter', '==', uid).select().get(),
    store.collection(COLLECTIONS.campusRequests).where('uid', '==', uid).select().get(),
    store.collection(COLLECTIONS.mailOutbox).where('uid', '==', uid).select().get(),
    store.collection(COLLECTIONS.emailVerifications).doc(uid).get(),
  ]);
  const batch = store.batch();
  // The operator console's log entry of this deletion (issue 61), in the same batch.
  alsoIn?.(batch);
  for (const collection of KEYED_BY_UID) batch.delete(store.collection(collection).doc(uid));
  const code = owner.get('code') as unknown;
  if (typeof code === 'string') {
    batch.delete(store.collection(COLLECTIONS.inviteCodes).doc(code));
  }
  // Their e-mails too, sent or not: nothing is sent to a student who left (issue 25).
  for (const doc of [...credited.docs, ...days.docs, ...requested.docs, ...mail.docs]) {
    batch.delete(doc.ref);
  }
  await batch.commit();
  const address = verified.get('address') as unknown;
  await reconcileHolders(typeof address === 'string' ? address : null, uid);
}

/**
 * A student removed for good: everything kept of them, then their account (gone is no error).
 * `alsoIn` adds writes to the batch that deletes their data (the operators' log entry).
 */
export async function removeStudent(
  uid: string,
  alsoIn?: (batch: WriteBatch) => void,
): Promise<void> {
  await deleteStudentData(uid, alsoIn);
  await adminAuth()
    .deleteUser(uid)
    .catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error;
    });
}

/**
 * 'Salir de la lista de espera' (issue 23): deletes the caller's entry, consent and photo decision,
 * then their Auth account. Only the signed-in student's own: the uid is the token's. A retry after
 * a partial failure finishes the job; an account already gone is no error.
 */
export const delete_my_account = onCall(CALLABLE, async (request) => {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError('unauthenticated', 'Sign in to delete your account.');
  try {
    await removeStudent(uid);
    return { deleted: true };
  } catch (error) {
    logger.error('delete_my_account failed', { error: String(error) });
    throw new HttpsError('unavailable', 'The account could not be deleted right now.');
  }
});

/**
 * An account deleted anywhere (the console, an operator's script, the sweep) takes its entry,
 * consent and photo decision with it: nothing of a student outlives their account.
 */
export const on_account_deleted = authV1.user().onDelete((user) => deleteStudentData(user.uid));

/** The later of an account's creation and its last sign-in (ms). */
const lastSeen = (user: { metadata: { creationTime?: string; lastSignInTime?: string | null } }) =>
  Math.max(
    Date.parse(user.metadata.creationTime ?? '') || 0,
    Date.parse(user.metadata.lastSignInTime ?? '') || 0,
  );

/** Who is to be deleted at `now` (ms). */
export async function planRetention(
  store: Firestore,
  auth: Auth,
  now: number = Date.now(),
): Promise<RetentionPlan> {
  const users: { uid: string; lastSeen: number; operator: boolean }[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    users.push(
      ...page.users.map((u) => ({
        uid: u.uid,
        lastSeen: lastSeen(u),
        // The console's role (issue 61): an operator never joins and keeps the account.
        operator: u.customClaims?.operator === true,
      })),
    );
    pageToken = page.pageToken;
  } while (pageToken);
  const [entries, runs] = await Promise.all([
    store
      .collection(COLLECTIONS.waitlist)
      .select(ENTRY_FIELDS.collegeId, ENTRY_FIELDS.timestamp)
      .get(),
    store.collection(COLLECTIONS.launchRuns).get(),
  ]);
  const onList = new Set(entries.docs.map((d) => d.id));
  return retentionPlan({
    now,
    accounts: users.map((u) => ({ ...u, onList: onList.has(u.uid) })),
    entries: entries.docs.map((d) => {
      const joined = d.get(ENTRY_FIELDS.timestamp) as unknown;
      return {
        uid: d.id,
        collegeId: String(d.get(ENTRY_FIELDS.collegeId)),
        joinedAt: joined instanceof Timestamp ? joined.toMillis() : Number.NaN,
      };
    }),
    launches: runs.docs.map((d) => {
      const at = d.get('ranAt') as unknown;
      return {
        collegeId: String(d.get('collegeId')),
        at: at instanceof Timestamp ? at.toMillis() : Number.NaN,
        queued: Number(d.get('queued')) || 0,
      };
    }),
  });
}

/**
 * The plan, applied unless `dryRun`: each student removed by `remove` (everything kept of them,
 * then the account), one at a time. Resolves with the plan.
 */
export async function applyRetention(
  store: Firestore,
  auth: Auth,
  {
    dryRun = true,
    now = Date.now(),
    remove,
  }: { dryRun?: boolean; now?: number; remove: (uid: string) => Promise<void> },
): Promise<RetentionPlan> {
  const plan = await planRetention(store, auth, now);
  if (!dryRun) for (const uid of [...plan.idle, ...plan.launched]) await remove(uid);
  return plan;
}

/** Retention by itself, daily (the plan above, applied; removeStudent for each). */
export const apply_retention = onSchedule(
  { schedule: 'every day 03:17', timeZone: 'UTC', region: 'us-central1', timeoutSeconds: 540 },
  async () => {
    const plan = await applyRetention(db(), adminAuth(), { dryRun: false, remove: removeStudent });
    const pruned = await pruneCodeRecords(db(), { dryRun: false });
    // The operators' log past AUDIT_LOG_DAYS, and the run itself, for the console (issue 61).
    const operatorLog = await pruneOperatorLog(db(), Date.now());
    await recordRetentionRun(db(), {
      idle: plan.idle.length,
      launched: plan.launched.length,
      ...pruned,
      operatorLog,
    });
    logger.info('apply_retention', {
      idle: plan.idle.length,
      launched: plan.launched.length,
      campuses: plan.campuses,
      pruned,
      operatorLog,
    });
  },
);
