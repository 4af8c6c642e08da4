/**
 * The e-mails on Firebase (issue 25): the outbox in Firestore (`mailOutbox/{id}`, admin-only), the
 * welcome recorded when an entry is made, the scheduled sender `send_mail`, and what a deleted
 * entry's mail becomes. The sender and the messages are the app's own (src/domain/mail/ and the
 * SMTP adapter, mirrored); the launch and the milestones record theirs (campus-launch.ts), the
 * leave links stop them (leave-links.ts), a code's message is the verification's
 * (email-verifications.ts).
 *
 * A message's document stays once sent: it is the record of who was told and when (`status`,
 * `sentAt`), and what makes a second recording of the same id find it there and write nothing.
 * While it is pending it carries `pendingDue` (ms since 1970): the sender orders by that field
 * alone (a single-field index; Firestore leaves documents without it out of the order), and a
 * claim moves it to the end of the lease: `pendingDue` equal to a sender's lease is that sender's
 * hold, and its marks change the message only then.
 *
 * The sender's recipients' ledger (issue 51): `mailRecipients/{keyed digest of the mailbox}` holds
 * `sends` (what went there in 30 days) and `expireAt`. Not the student's: it stays when they leave
 * (that holds a welcome to one per mailbox in 30 days).
 *
 * The suppression list (issue 59): `mailSuppressions/{the same key}` = `{ reason, at }`, written
 * by the sender on a permanent refusal and by the provider's notices through `mail_bounce`; no
 * code and no mail goes there. A code's message forgets its typed address and nonce once sent or
 * failed for good (code-records.ts).
 */
import {
  type DocumentSnapshot,
  FieldValue,
  type Firestore,
  Timestamp,
} from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { campusLabelOf, campusProgressOf } from './campus-progress';
import { CAMPUS_LABEL } from './mirror/data/campus-label';
import { parseMailSettings } from './mirror/adapters/smtp/mail-settings';
import { createSmtpTransport } from './mirror/adapters/smtp/smtp-transport.adapter';
import { COLLECTIONS, ENTRY_FIELDS } from './mirror/adapters/firebase/firestore-names';
import { deliverOutbox } from './mirror/domain/mail/deliver-outbox';
import { MAIL_KINDS, type MailKind } from './mirror/domain/mail/mail-message';
import { type PendingMail, welcomeMailId } from './mirror/domain/mail/outbox';
import {
  LEDGER_KEEP_MS,
  ledgerWith,
  recipientKey,
  type SentRecord,
} from './mirror/domain/mail/recipient-limits';
import {
  bounceAuthorized,
  parseBounceNotice,
  type SuppressionReason,
} from './mirror/domain/mail/suppression';
import type { Outbox } from './mirror/ports/outbox.port';
import { parseInviteCode } from './mirror/domain/invite-code';
import {
  adminAuth,
  db,
  type EntryWrite,
  joinedOf,
  MAIL_FROM,
  MAIL_TOKEN_SECRET,
  SMTP_URL,
} from './platform';
import { FORGOTTEN_CODE } from './code-records';
import { googleName } from './students';

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
  const email = doc.get(ENTRY_FIELDS.email) as unknown;
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
  const refs = messages.map((m) => store.collection(COLLECTIONS.mailOutbox).doc(m.id));
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
  const outbox = store.collection(COLLECTIONS.mailOutbox);
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
            campusId: collegeId,
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
      const ledger = store.collection(COLLECTIONS.mailRecipients).doc(recipient);
      return store.runTransaction(async (tx) => {
        const [doc, held] = await tx.getAll(ref, ledger);
        const ours = isLeasedBy(doc!, leaseUntil);
        if (ours) {
          tx.update(ref, {
            status: 'sent',
            sentAt: Timestamp.fromDate(at),
            pendingDue: FieldValue.delete(),
            error: FieldValue.delete(),
            ...(doc!.get('kind') === 'code' ? { ...FORGOTTEN_CODE, recipient } : {}),
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
            : {
                attempts,
                status: 'failed',
                pendingDue: FieldValue.delete(),
                error,
                ...(doc.get('kind') === 'code' ? FORGOTTEN_CODE : {}),
              },
        );
        return true;
      });
    },
    async sentTo(recipient, since) {
      const held = await store.collection(COLLECTIONS.mailRecipients).doc(recipient).get();
      return sendsOf(held.get('sends')).filter((s) => s.at >= since.getTime());
    },
    async isSuppressed(recipient) {
      return (await store.collection(COLLECTIONS.mailSuppressions).doc(recipient).get()).exists;
    },
    suppress: (recipient, reason, at) => suppressRecipient(store, recipient, reason, at),
  };
}

/**
 * Puts a recipient (its ledger key) on the suppression list, `mailSuppressions/{key}` =
 * `{ reason, at }` (issue 59): no code and no mail goes there any more. Again is no error: the
 * first reason and time stay.
 */
export async function suppressRecipient(
  store: Firestore,
  recipient: string,
  reason: SuppressionReason,
  at: Date,
): Promise<void> {
  const ref = store.collection(COLLECTIONS.mailSuppressions).doc(recipient);
  await store.runTransaction(async (tx) => {
    if (!(await tx.get(ref)).exists) tx.set(ref, { reason, at: Timestamp.fromDate(at) });
  });
}

/**
 * The provider's bounce and complaint notices (issue 59; docs/operations.md, "Bounces and
 * complaints"): a POST of `{ "type": "bounce" | "complaint", "address": "…" }` with
 * `Authorization: Bearer <bounceToken(MAIL_TOKEN_SECRET)>` puts the address's recipient key on the
 * suppression list. Answers 401 (no or a wrong token), 400 (no notice), 204 (done, whether or not
 * the address was ever written to: nothing says which), 405 for another method.
 */
export const mail_bounce = onRequest(
  { region: 'us-central1', secrets: [MAIL_TOKEN_SECRET], maxInstances: 2, memory: '256MiB' },
  async (request, response) => {
    if (request.method !== 'POST') {
      response.set('Allow', 'POST').status(405).end();
      return;
    }
    const secret = MAIL_TOKEN_SECRET.value();
    if (!(await bounceAuthorized(request.get('authorization'), secret))) {
      response.status(401).end();
      return;
    }
    const notice = parseBounceNotice(bodyOf(request));
    const recipient = notice && (await recipientKey(notice.address, secret));
    if (!notice || !recipient) {
      response.status(400).end();
      return;
    }
    try {
      await suppressRecipient(db(), recipient, notice.reason, new Date());
      response.status(204).end();
    } catch (error) {
      logger.error('mail_bounce failed', { error: String(error) });
      response.status(503).end();
    }
  },
);

/** A request's JSON body, whatever content type it came with (null when it is none). */
function bodyOf(request: { body?: unknown; rawBody?: Buffer }): unknown {
  if (typeof request.body === 'object' && request.body !== null && !Buffer.isBuffer(request.body)) {
    return request.body;
  }
  try {
    return JSON.parse(String(request.rawBody ?? request.body ?? '')) as unknown;
  } catch {
    return null;
  }
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
  const mail = await store.collection(COLLECTIONS.mailOutbox).where('uid', '==', uid).get();
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
 * A write of an entry, for the e-mails: a new entry records its welcome (issue 25), once (a
 * delivery of the trigger again finds the message recorded and writes nothing; how many welcomes
 * one mailbox gets is the sender's rule, recipient-limits.ts); a deleted entry's unsent messages
 * are forgotten (issue 51).
 */
export async function mailOnEntryWritten({ uid, before, after }: EntryWrite): Promise<void> {
  if (!after) {
    // Deleted by its student (who may make it again): what was not sent yet is forgotten.
    const joined = joinedOf(before);
    if (joined !== null) await forgetPendingMail(db(), uid, joined);
    return;
  }
  if (!welcomeOnWrite(uid, before, after, '')) return;
  const name = await adminAuth()
    .getUser(uid)
    .then((user) => googleName(user))
    .catch(() => '');
  const welcome = welcomeOnWrite(uid, before, after, name)!;
  await recordOnce(db(), welcome.id, welcome.record);
}

/** The welcome's campus progress (floored as the page shows it) and the invite code, when known. */
async function welcomeExtras({ uid, collegeId }: { uid: string; collegeId: string }) {
  const [owner, answer] = await Promise.all([
    db().collection(COLLECTIONS.inviteOwners).doc(uid).get(),
    campusProgressOf(collegeId),
  ]);
  return {
    inviteCode: parseInviteCode(owner.get('code')),
    progress: { verified: answer.verifiedCount, threshold: answer.threshold },
  };
}

/**
 * The sender's outbox: every campus named as the e-mails name it (campusLabelOf: a pending one
 * 'tu campus (pendiente)', issue 59).
 */
export const senderOutbox = (): Outbox =>
  createFirestoreOutbox(db(), welcomeExtras, (id) => campusLabelOf(db(), id));

/** Sends what is due, once: the scheduled sender and the tests call it. */
export async function sendDueMail(env: Record<string, string | undefined>) {
  const parsed = parseMailSettings(env);
  if (!parsed.ok) throw new Error(`Mail settings: ${parsed.problems.join('; ')}`);
  const transport = createSmtpTransport({ url: parsed.settings.smtpUrl });
  try {
    return await deliverOutbox({
      outbox: senderOutbox(),
      transport,
      secret: env.MAIL_TOKEN_SECRET ?? '',
      from: parsed.settings.from,
      siteUrl: parsed.settings.siteUrl,
      oneClickUrl: (token) =>
        `${parsed.settings.siteUrl}/api/salir?token=${encodeURIComponent(token)}`,
      // The catalogue's campuses have a page (issue 60): their links land there. Its own keys
      // only: an id such as `constructor` is no campus (issue 51).
      campusPage: (campusId) => Object.hasOwn(CAMPUS_LABEL, campusId),
      concurrency: 8,
      batch: 100,
    });
  } finally {
    transport.close();
  }
}

/**
 * The sender: every minute, what is due (welcomes, launches recorded by `npm run notify:campus`,
 * retries). A run that fails leaves every message pending for the next one.
 */
export const send_mail = onSchedule(
  {
    schedule: 'every 1 minutes',
    region: 'us-central1',
    secrets: [MAIL_TOKEN_SECRET, SMTP_URL, MAIL_FROM],
    timeoutSeconds: 540,
    memory: '512MiB',
    maxInstances: 1,
  },
  async () => {
    const report = await sendDueMail({
      SMTP_URL: SMTP_URL.value(),
      MAIL_FROM: MAIL_FROM.value(),
      MAIL_TOKEN_SECRET: MAIL_TOKEN_SECRET.value(),
      SITE_URL: process.env.SITE_ORIGIN,
    });
    // What a run did, when it did anything: skipped and deferred messages are the recipient
    // rules at work (issue 51), named in each message's `error` too.
    if (Object.values(report).some((v) => v === true || (typeof v === 'number' && v > 0))) {
      logger.info('send_mail', report);
    }
  },
);
