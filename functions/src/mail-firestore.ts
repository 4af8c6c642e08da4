/**
 * The e-mails on Firebase (issue 25): the outbox in Firestore (`mailOutbox/{id}`, admin-only), the
 * welcome recorded when an entry is made, the launch of a campus, and the leave link read against
 * the entries. The sender and the messages are the app's own (functions/src/mail/, generated from
 * src/domain/mail/).
 *
 * A message's document stays once sent: it is the record of who was told and when (`status`,
 * `sentAt`), and what makes a second recording of the same id find it there and write nothing.
 * While it is pending it carries `pendingDue` (ms since 1970): the sender orders by that field
 * alone (a single-field index; Firestore leaves documents without it out of the order), and a
 * claim moves it to the end of the lease: `pendingDue` equal to a sender's lease is that sender's
 * hold, and its marks change the message only then.
 */
import {
  type DocumentSnapshot,
  FieldValue,
  type Firestore,
  Timestamp,
} from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import { CAMPUS_LABEL } from './mail/campus-label';
import { MAIL_KINDS, type MailKind } from './mail/mail-message';
import { launchMailId, type PendingMail, welcomeMailId } from './mail/outbox';
import type { Outbox } from './mail/outbox.port';
import { LEDGER_KEEP_MS, ledgerWith, type SentRecord } from './mail/recipient-limits';

export const OUTBOX_COLLECTION = 'mailOutbox';
export const LAUNCH_RUNS_COLLECTION = 'launchRuns';
/**
 * The sender's recipients' ledger (issue 51): `mailRecipients/{keyed digest of the mailbox}`
 * holds `sends` (what went there in 30 days) and `expireAt`. Not the student's: it stays when they
 * leave (that holds a welcome to one per mailbox in 30 days).
 */
export const RECIPIENTS_COLLECTION = 'mailRecipients';
/**
 * `mailStops/{uid}` = `{ joined }`: the entry whose e-mails an expired leave link stopped (issue
 * 51). Deleted with the student; a new entry of theirs (another `joined`) is written to again.
 */
export const STOPS_COLLECTION = 'mailStops';

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

/** An outbox document as written (before the sender's fields). */
export interface OutboxRecord {
  readonly kind: MailKind;
  readonly uid: string;
  readonly joined: number;
  readonly collegeId: string;
  readonly to: string;
  readonly name: string;
  /** A code's message only (issue 48): the nonce its digits come from, and its end (ms). */
  readonly nonce?: string;
  readonly expiresAt?: number;
  /** A milestone's only (issue 49): the percent, and the figure it was reached with. */
  readonly milestone?: number;
  readonly figure?: { readonly verified: number; readonly threshold: number };
}

const isMailKind = (kind: unknown): kind is MailKind =>
  (MAIL_KINDS as readonly unknown[]).includes(kind);

/** The entry's date of joining in ms (the leave link's `joined`), or null when it has none. */
export function joinedOf(entry: { timestamp?: unknown } | undefined | null): number | null {
  const at = entry?.timestamp;
  return at instanceof Timestamp ? at.toMillis() : null;
}

/**
 * A message of this kind to the student of a waitlist entry (a launch, a milestone), addressed to
 * the entry's e-mail and greeting them by the name Google gave; null for an entry without a date
 * of joining or an address.
 */
export function entryRecord(
  doc: FirebaseFirestore.QueryDocumentSnapshot,
  kind: MailKind,
  collegeId: string,
  names: ReadonlyMap<string, string>,
): OutboxRecord | null {
  const joined = joinedOf(doc.data());
  const email = doc.get('email') as unknown;
  if (joined === null || typeof email !== 'string') return null;
  return { kind, uid: doc.id, joined, collegeId, to: email, name: names.get(doc.id) ?? '' };
}

/**
 * The welcome an entry write records: for an entry made now (none before, one after), its
 * message; nothing for a change of campus, a rewrite of the same entry or a deletion.
 */
export function welcomeOnWrite(
  uid: string,
  before: { timestamp?: unknown; email?: unknown; collegeId?: unknown } | null | undefined,
  after: { timestamp?: unknown; email?: unknown; collegeId?: unknown } | null | undefined,
  name: string,
): { id: string; record: OutboxRecord } | null {
  const joined = joinedOf(after);
  if (joined === null || typeof after?.email !== 'string' || typeof after.collegeId !== 'string') {
    return null;
  }
  if (before && joinedOf(before) === joined) return null;
  return {
    id: welcomeMailId(uid, joined),
    record: { kind: 'welcome', uid, joined, collegeId: after.collegeId, to: after.email, name },
  };
}

/**
 * Records the messages whose ids are not there (sent or not), in one transaction: how many it
 * did. (A `create` that finds the document there fails with a 409 that the REST client retries as
 * an abort: the transaction reads first instead.) At most 100 at a time.
 */
export async function recordMissing(
  store: Firestore,
  messages: readonly { id: string; record: OutboxRecord }[],
  now = Date.now(),
): Promise<number> {
  if (messages.length === 0) return 0;
  if (messages.length > 100) throw new RangeError('At most 100 messages per transaction');
  const refs = messages.map((m) => store.collection(OUTBOX_COLLECTION).doc(m.id));
  return store.runTransaction(async (tx) => {
    const held = await tx.getAll(...refs);
    let created = 0;
    messages.forEach((message, i) => {
      if (held[i]!.exists) return;
      tx.create(refs[i]!, {
        ...message.record,
        status: 'pending',
        attempts: 0,
        pendingDue: now,
        createdAt: FieldValue.serverTimestamp(),
      });
      created++;
    });
    return created;
  });
}

/** Records a message unless its id is there (sent or not): resolves with whether it did. */
export const recordOnce = async (store: Firestore, id: string, record: OutboxRecord) =>
  (await recordMissing(store, [{ id, record }])) === 1;

/**
 * The launch of a campus: a message for every student on its list who has none yet, in batches;
 * `dryRun` counts and writes nothing. `names` gives the students' display names.
 */
export async function queueLaunch(
  store: Firestore,
  collegeId: string,
  {
    dryRun = false,
    names,
  }: { dryRun?: boolean; names: (uids: string[]) => Promise<Map<string, string>> },
): Promise<{ students: number; queued: number; already: number }> {
  const entries = await store.collection('waitlist').where('collegeId', '==', collegeId).get();
  let queued = 0;
  let already = 0;
  for (let at = 0; at < entries.docs.length; at += 100) {
    const chunk = entries.docs.slice(at, at + 100);
    const ids = chunk.map((d) => launchMailId(collegeId, d.id));
    const held = await store.getAll(
      ...ids.map((id) => store.collection(OUTBOX_COLLECTION).doc(id)),
    );
    const stops = await store.getAll(
      ...chunk.map((d) => store.collection(STOPS_COLLECTION).doc(d.id)),
    );
    // An entry whose e-mails its student stopped (issue 51) gets no launch message.
    const stopped = (i: number) =>
      stops[i]!.exists && stops[i]!.get('joined') === joinedOf(chunk[i]!.data());
    const missing = chunk.filter((_, i) => !held[i]!.exists && !stopped(i));
    already += held.filter((h) => h.exists).length;
    if (dryRun || missing.length === 0) continue;
    const named = await names(missing.map((d) => d.id));
    const messages = missing.flatMap((doc) => {
      const record = entryRecord(doc, 'launch', collegeId, named);
      return record ? [{ id: launchMailId(collegeId, doc.id), record }] : [];
    });
    const created = await recordMissing(store, messages);
    queued += created;
    already += missing.length - created;
  }
  if (!dryRun) {
    await store.collection(LAUNCH_RUNS_COLLECTION).add({
      collegeId,
      students: entries.size,
      queued,
      ranAt: FieldValue.serverTimestamp(),
    });
  }
  return { students: entries.size, queued, already };
}

/** The campus of a welcome: its floored progress and the student's invite code, when known. */
export type WelcomeExtras = (mail: {
  uid: string;
  collegeId: string;
}) => Promise<Pick<PendingMail, 'inviteCode' | 'progress'>>;

/** The outbox as the sender claims from it. */
export function createFirestoreOutbox(
  store: Firestore,
  extras: WelcomeExtras,
  /** A campus the catalogue does not hold (added, or pending; issue 49), as the e-mails name it. */
  labelOf: (collegeId: string) => Promise<string> = async (collegeId) => collegeId,
): Outbox {
  const outbox = store.collection(OUTBOX_COLLECTION);
  return {
    async claim(limit, now, leaseUntil) {
      // The earliest due first; then, in one transaction, those still due are leased to this
      // sender (another sender's claim in between makes the transaction run again).
      const due = await outbox.orderBy('pendingDue').limit(limit).get();
      const refs = due.docs
        .filter((d) => Number(d.get('pendingDue')) <= now.getTime())
        .map((d) => d.ref);
      if (refs.length === 0) return [];
      const claimed = await store.runTransaction(async (tx) => {
        const held = await tx.getAll(...refs);
        const mine = held.filter((d) => d.exists && Number(d.get('pendingDue')) <= now.getTime());
        for (const doc of mine) tx.update(doc.ref, { pendingDue: leaseUntil.getTime() });
        return mine.map((d) => ({ id: d.id, data: d.data() ?? {} }));
      });
      return Promise.all(
        claimed.map(async ({ id, data }): Promise<PendingMail> => {
          const kind: MailKind = isMailKind(data.kind) ? data.kind : 'welcome';
          const collegeId = String(data.collegeId);
          const figure = data.figure as { verified?: unknown; threshold?: unknown } | undefined;
          return {
            id,
            kind,
            uid: String(data.uid),
            joined: Number(data.joined),
            to: String(data.to),
            name: typeof data.name === 'string' ? data.name : '',
            // The catalogue's own keys only: an id such as `constructor` is no campus (issue 51).
            campus:
              (Object.hasOwn(CAMPUS_LABEL, collegeId) && CAMPUS_LABEL[collegeId]) ||
              (await labelOf(collegeId)),
            attempts: Number(data.attempts) || 0,
            nonce: typeof data.nonce === 'string' ? data.nonce : null,
            expiresAt: typeof data.expiresAt === 'number' ? data.expiresAt : null,
            ...(kind === 'welcome' || kind === 'milestone'
              ? await extras({ uid: String(data.uid), collegeId })
              : {}),
            // A milestone's figure is the one it was reached with (never under the floor).
            ...(kind === 'milestone'
              ? {
                  milestone: Number(data.milestone) || null,
                  progress: {
                    verified: Number(figure?.verified) || null,
                    threshold: Number(figure?.threshold) || 0,
                  },
                }
              : {}),
          };
        }),
      );
    },
    async markSent(id, { at, leaseUntil, recipient, kind }) {
      // In one transaction: the recipient's ledger (the message went out, whoever holds it now),
      // and the mark, only under this sender's lease.
      const ref = outbox.doc(id);
      const ledger = store.collection(RECIPIENTS_COLLECTION).doc(recipient);
      return store.runTransaction(async (tx) => {
        const [doc, held] = await tx.getAll(ref, ledger);
        const ours = isLeasedBy(doc!, leaseUntil);
        if (ours) {
          tx.update(ref, {
            status: 'sent',
            sentAt: Timestamp.fromDate(at),
            pendingDue: FieldValue.delete(),
            error: FieldValue.delete(),
          });
        }
        const sends = ledgerWith(
          sendsOf(held!.get('sends')),
          { id, kind, at: at.getTime() },
          at.getTime(),
        );
        tx.set(ledger, {
          sends,
          // A TTL policy on mailRecipients.expireAt (docs/deploy-firebase.md) deletes it then.
          expireAt: Timestamp.fromMillis(at.getTime() + LEDGER_KEEP_MS),
        });
        return ours;
      });
    },
    async markFailed(id, { attempts, retryAt, error, leaseUntil }) {
      const ref = outbox.doc(id);
      return store.runTransaction(async (tx) => {
        const doc = await tx.get(ref);
        if (!isLeasedBy(doc, leaseUntil)) return false;
        tx.update(
          ref,
          retryAt
            ? { attempts, pendingDue: retryAt.getTime(), error }
            : { attempts, status: 'failed', pendingDue: FieldValue.delete(), error },
        );
        return true;
      });
    },
    async sentTo(recipient, since) {
      const held = await store.collection(RECIPIENTS_COLLECTION).doc(recipient).get();
      return sendsOf(held.get('sends')).filter((s) => s.at >= since.getTime());
    },
  };
}

/** Whether a message is pending under the lease a sender claimed it with (its pendingDue). */
const isLeasedBy = (doc: DocumentSnapshot, leaseUntil: Date): boolean =>
  doc.exists && doc.get('status') === 'pending' && doc.get('pendingDue') === leaseUntil.getTime();

/** A stored ledger's sends, each checked (anything else is left out). */
function sendsOf(value: unknown): SentRecord[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((s: { id?: unknown; kind?: unknown; at?: unknown } | null) =>
    s && typeof s.id === 'string' && isMailKind(s.kind) && Number.isSafeInteger(s.at)
      ? [{ id: s.id, kind: s.kind, at: s.at as number }]
      : [],
  );
}

/**
 * An entry deleted (by its student, who may delete it and make it again): its messages not yet
 * sent are forgotten (issue 51), as on Supabase. Only that entry's (its date of joining): the
 * triggers of a deletion and of the entry made again run in any order, and the new entry's
 * welcome stays. One the sender has marked in between stays too (the delete is conditional on
 * the document as read).
 */
export async function forgetPendingMail(
  store: Firestore,
  uid: string,
  joined: number,
): Promise<number> {
  const mail = await store.collection(OUTBOX_COLLECTION).where('uid', '==', uid).get();
  const pending = mail.docs.filter(
    (d) => d.get('status') === 'pending' && d.get('joined') === joined,
  );
  const deleted = await Promise.all(
    pending.map((d) =>
      d.ref.delete({ lastUpdateTime: d.updateTime }).then(
        () => 1,
        (error: unknown) => {
          // FAILED_PRECONDITION: changed since it was read (claimed or marked): left as it is.
          if ((error as { code?: unknown }).code === 9) return 0;
          throw error;
        },
      ),
    ),
  );
  return deleted.reduce((a: number, b) => a + b, 0);
}

/**
 * An expired leave link used (issue 51): while the entry it names is on the list, no more e-mails
 * go to it: its unsent messages fail, and `mailStops/{uid}` keeps the launch from recording one.
 * Resolves with whether the entry was there (a second use answers the same).
 */
export async function stopMail(store: Firestore, uid: string, joined: number): Promise<boolean> {
  const entry = await store.collection('waitlist').doc(uid).get();
  if (!entry.exists || joinedOf(entry.data()) !== joined) return false;
  await store.collection(STOPS_COLLECTION).doc(uid).set({ joined });
  const mail = await store.collection(OUTBOX_COLLECTION).where('uid', '==', uid).get();
  await Promise.all(
    mail.docs
      .filter((d) => d.get('status') === 'pending' && d.get('joined') === joined)
      .map((d) =>
        d.ref.update({
          status: 'failed',
          pendingDue: FieldValue.delete(),
          error: 'stopped: the student asked for no more e-mails (an expired link)',
        }),
      ),
  );
  return true;
}
