/**
 * Retention by itself on Firebase (issue 51, item 9): the domain's rule (a generated copy,
 * retention-rule.ts) over the project's accounts, entries and launch runs. The scheduled function
 * `apply_retention` runs it daily; `npm run retention` shows it (dry run) or runs it (--yes).
 * Applying the plan twice deletes nothing the second time.
 */
import type { Auth } from 'firebase-admin/auth';
import { type Firestore, Timestamp } from 'firebase-admin/firestore';
import { type RetentionPlan, retentionPlan } from './retention-rule';

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
  const users: { uid: string; lastSeen: number }[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    users.push(...page.users.map((u) => ({ uid: u.uid, lastSeen: lastSeen(u) })));
    pageToken = page.pageToken;
  } while (pageToken);
  const [entries, runs] = await Promise.all([
    store.collection('waitlist').select('collegeId', 'timestamp').get(),
    store.collection('launchRuns').get(),
  ]);
  const onList = new Set(entries.docs.map((d) => d.id));
  return retentionPlan({
    now,
    accounts: users.map((u) => ({ ...u, onList: onList.has(u.uid) })),
    entries: entries.docs.map((d) => {
      const joined = d.get('timestamp') as unknown;
      return {
        uid: d.id,
        collegeId: String(d.get('collegeId')),
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
