import type { MailTransport } from '@/ports/mail-transport.port';
import type { Outbox } from '@/ports/outbox.port';
import { isMilestone, type Milestone } from '@/domain/campus-milestones';
import { publicProgress } from '@/domain/campus-progress';
import type { DeliveryReport } from '@/domain/mail/deliver-outbox';
import { MAIL_KINDS, type MailKind } from '@/domain/mail/mail-message';
import { type PendingMail, welcomeMailId } from '@/domain/mail/outbox';
import { ledgerWith, recipientKey, type SentRecord } from '@/domain/mail/recipient-limits';
import { parseBounceNotice, type SuppressionReason } from '@/domain/mail/suppression';
import type { StoredWaitlistEntry } from '@/domain/waitlist-entry';
import { campusSettingsOf, verifiedCount } from './memory-campus-progress.adapter';
import { campusLabelOf } from './memory-campus-requests.adapter';
import type { MemoryContext, MemoryState, Slice, StateStore } from './memory-store';
import { isCount, isObject, isString, isTime, recordOf } from './memory-values';

declare module './memory-store' {
  interface MemoryState {
    /** The outbox (issue 25): each message recorded before it is sent, keyed by its id. */
    readonly outbox: Readonly<Record<string, MemoryMail>>;
    /** What the memory "mail provider" received, newest last (at most MAILBOX_SIZE). */
    readonly mailbox: readonly DeliveredMail[];
    /**
     * The sender's recipient ledger (issue 51): what went to each mailbox in the last 30 days, by
     * keyed digest. It stays when a student leaves: that is what holds a welcome to one in 30 days.
     */
    readonly mailRecipients: Readonly<Record<string, readonly SentRecord[]>>;
    /**
     * The suppression list (issue 59, src/domain/mail/suppression.ts): each recipient key whose
     * mail failed for good or was reported, why and when (ms). It stays when a student leaves.
     */
    readonly mailSuppressions: Readonly<
      Record<string, { readonly reason: SuppressionReason; readonly at: number }>
    >;
  }
}

/** One outbox message, as the memory backend keeps it (admin-only on the real backends). */
export interface MemoryMail {
  readonly id: string;
  readonly kind: MailKind;
  readonly uid: string;
  /** The entry's date of joining (ms). */
  readonly joined: number;
  /** The address; a code's message keeps it only while pending (issue 59): '' after. */
  readonly to: string;
  readonly name: string;
  readonly collegeId: string;
  readonly status: 'pending' | 'sent' | 'failed';
  readonly attempts: number;
  /** When it is due (ms since 1970). */
  readonly dueAt: number;
  /** Claimed by a sender until then (ms since 1970; 0: not claimed). */
  readonly leaseUntil: number;
  readonly sentAt: string | null;
  readonly error: string | null;
  /**
   * A code's message only (issue 48): the nonce its digits come from (kept only while pending,
   * issue 59), and when it expires (ms).
   */
  readonly nonce?: string;
  /** A code's message once sent or failed (issue 59): its recipient key, in place of `to`. */
  readonly recipient?: string;
  readonly expiresAt?: number;
  /** Milestone only (issue 49): the percent reached and the figure it was reached with. */
  readonly milestone?: Milestone;
  readonly figure?: { readonly verified: number; readonly threshold: number };
}

/** A message as the memory "mail provider" received it. */
export interface DeliveredMail {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly at: string;
}

export const MAILBOX_SIZE = 50;

function isMemoryMail(value: unknown): value is MemoryMail {
  const v = value as Partial<Record<keyof MemoryMail, unknown>> | null;
  return (
    isObject(v) &&
    isString(v.id) &&
    (MAIL_KINDS as readonly unknown[]).includes(v.kind) &&
    isString(v.uid) &&
    isTime(v.joined) &&
    isString(v.to) &&
    isString(v.name) &&
    isString(v.collegeId) &&
    ['pending', 'sent', 'failed'].includes(v.status as string) &&
    isCount(v.attempts) &&
    isTime(v.dueAt) &&
    isTime(v.leaseUntil) &&
    (v.sentAt === null || isString(v.sentAt)) &&
    (v.error === null || isString(v.error)) &&
    (v.nonce === undefined || isString(v.nonce)) &&
    (v.recipient === undefined || isString(v.recipient)) &&
    (v.expiresAt === undefined || isTime(v.expiresAt)) &&
    (v.milestone === undefined || isMilestone(v.milestone)) &&
    (v.figure === undefined ||
      (isObject(v.figure) &&
        isCount((v.figure as { verified?: unknown }).verified) &&
        isCount((v.figure as { threshold?: unknown }).threshold)))
  );
}

function isSentRecord(value: unknown): value is SentRecord {
  const v = value as Partial<Record<keyof SentRecord, unknown>> | null;
  return (
    isObject(v) &&
    isString(v.id) &&
    (MAIL_KINDS as readonly unknown[]).includes(v.kind) &&
    isTime(v.at)
  );
}

function isDelivered(value: unknown): value is DeliveredMail {
  const v = value as Partial<Record<keyof DeliveredMail, unknown>> | null;
  return (
    isObject(v) &&
    [v.id, v.to, v.subject, v.text, v.html, v.at].every(isString) &&
    isObject(v.headers) &&
    Object.values(v.headers).every(isString)
  );
}

const SUPPRESSION_REASONS: readonly unknown[] = ['failed', 'bounce', 'complaint'];

/**
 * The mail's slice: the outbox, the memory mailbox, the sender's recipient ledger and the
 * suppression list.
 */
export const mailSlice: Slice<'outbox' | 'mailbox' | 'mailRecipients' | 'mailSuppressions'> = {
  empty: () => ({ outbox: {}, mailbox: [], mailRecipients: {}, mailSuppressions: {} }),
  parse: (d) => ({
    outbox: recordOf(d.outbox, isMemoryMail),
    mailbox: Array.isArray(d.mailbox) ? d.mailbox.filter(isDelivered).slice(-MAILBOX_SIZE) : [],
    mailRecipients: recordOf(
      d.mailRecipients,
      (v): v is SentRecord[] => Array.isArray(v) && v.every(isSentRecord),
    ),
    mailSuppressions: recordOf(
      d.mailSuppressions,
      (v): v is { reason: SuppressionReason; at: number } =>
        isObject(v) &&
        SUPPRESSION_REASONS.includes((v as { reason?: unknown }).reason) &&
        isTime((v as { at?: unknown }).at),
    ),
  }),
  // Their messages and the record of them: nothing is sent to a student who left.
  withoutStudent: (state, uid) => ({
    outbox: Object.fromEntries(Object.entries(state.outbox).filter(([, mail]) => mail.uid !== uid)),
  }),
};

/** The mail's operator controls (the sender's run is the memory sender's: memory-sender.ts). */
export interface MailControls {
  /** The outbox (issue 25): every message recorded, pending, sent or failed (admin-only). */
  outbox(): MemoryMail[];
  /** What the memory "mail provider" received: subject, both bodies, headers (newest last). */
  mailbox(): DeliveredMail[];
  /** Runs the sender now (it also runs by itself after a join and a launch). */
  deliverMail(): Promise<DeliveryReport>;
  /**
   * A mail provider's bounce or complaint notice (issue 59), as the real backends' bounce
   * endpoint takes it: `{ type, address }`. False when the notice is none (nothing written).
   */
  reportBounce(notice: unknown): Promise<boolean>;
  /** How many addresses are on the suppression list (their keys only are kept). */
  suppressedCount(): number;
}

export const mailControls = ({ store, sender, clock }: MemoryContext): MailControls => ({
  outbox: () => Object.values(store.read().outbox),
  mailbox: () => [...store.read().mailbox],
  deliverMail: sender.deliverMail,
  reportBounce: async (notice) => {
    const read = parseBounceNotice(notice);
    if (!read) return false;
    const key = (await recipientKey(read.address, MEMORY_LEAVE_SECRET))!;
    store.update((state) => withSuppressed(state, key, read.reason, clock.now().getTime()));
    return true;
  },
  suppressedCount: () => Object.keys(store.read().mailSuppressions).length,
});

/** The state with `recipient` suppressed; again keeps the first reason and time. */
const withSuppressed = (
  state: MemoryState,
  recipient: string,
  reason: SuppressionReason,
  at: number,
): MemoryState =>
  Object.hasOwn(state.mailSuppressions, recipient)
    ? state
    : { ...state, mailSuppressions: { ...state.mailSuppressions, [recipient]: { reason, at } } };

/**
 * A code's message once it left the queue (sent, or failed for good; issue 59): its address and
 * nonce cleared, its recipient key kept. Any other message is kept whole.
 */
const settled = (mail: MemoryMail, recipient?: string): MemoryMail => {
  if (mail.kind !== 'code' || mail.status === 'pending') return mail;
  const rest: MemoryMail = { ...mail, to: '', ...(recipient ? { recipient } : {}) };
  delete (rest as { nonce?: string }).nonce;
  return rest;
};

/**
 * The memory backend's signing secret for leave links. It signs nothing but this offline
 * backend's own links (a memory build never deploys: scripts/deploy/deploy-guard.mjs); the real
 * backends read theirs from server-side secrets.
 */
export const MEMORY_LEAVE_SECRET = 'memory-backend-leave-links-offline-only-0123456789';

/** The welcome of a new entry, due at once. */
export function welcomeOf(uid: string, entry: StoredWaitlistEntry, name: string): MemoryMail {
  const joined = Date.parse(entry.timestamp);
  return {
    id: welcomeMailId(uid, joined),
    kind: 'welcome',
    uid,
    joined,
    to: entry.email,
    name,
    collegeId: entry.collegeId,
    status: 'pending',
    attempts: 0,
    dueAt: 0,
    leaseUntil: 0,
    sentAt: null,
    error: null,
  };
}

/** The state with `mail` added unless a message of its id is there: a message is recorded once. */
export const withMail = (state: MemoryState, mail: MemoryMail): MemoryState =>
  Object.hasOwn(state.outbox, mail.id)
    ? state
    : { ...state, outbox: { ...state.outbox, [mail.id]: mail } };

/** A recorded message as a sender claims it: with its campus's name, figure and invite code. */
export function pendingOf(state: MemoryState, mail: MemoryMail): PendingMail {
  const settings = campusSettingsOf(state, mail.collegeId);
  const progress = publicProgress(mail.collegeId, verifiedCount(state, mail.collegeId), settings);
  return {
    id: mail.id,
    kind: mail.kind,
    uid: mail.uid,
    joined: mail.joined,
    to: mail.to,
    name: mail.name,
    campus: campusLabelOf(state, mail.collegeId),
    campusId: mail.collegeId,
    attempts: mail.attempts,
    inviteCode: state.inviteCodes[mail.uid] ?? null,
    // A milestone's figure is the one it was reached with (never under the floor).
    progress: mail.figure ?? { verified: progress.verified, threshold: progress.threshold },
    milestone: mail.milestone ?? null,
    nonce: mail.nonce ?? null,
    expiresAt: mail.expiresAt ?? null,
  };
}

/** The outbox "server": messages kept in the state, claimed with a lease. */
export function createMemoryOutbox({ store }: { store: StateStore }): Outbox {
  return {
    claim(limit, now, leaseUntil) {
      const at = now.getTime();
      const claimed: PendingMail[] = [];
      store.update((state) => {
        const due = Object.values(state.outbox)
          .filter((m) => m.status === 'pending' && m.dueAt <= at && m.leaseUntil <= at)
          .slice(0, limit);
        const outbox = { ...state.outbox };
        for (const mail of due) {
          outbox[mail.id] = { ...mail, leaseUntil: leaseUntil.getTime() };
          claimed.push(pendingOf(state, mail));
        }
        return { ...state, outbox };
      });
      return Promise.resolve(claimed);
    },
    markSent(id, { at, leaseUntil, recipient, kind }) {
      let ours = false;
      store.update((state) => {
        const mail = state.outbox[id];
        ours = !!mail && isLeasedBy(mail, leaseUntil);
        const sent = state.mailRecipients[recipient] ?? [];
        return {
          ...state,
          outbox: ours
            ? {
                ...state.outbox,
                [id]: settled(
                  { ...mail!, status: 'sent', sentAt: at.toISOString(), leaseUntil: 0 },
                  recipient,
                ),
              }
            : state.outbox,
          mailRecipients: {
            ...state.mailRecipients,
            [recipient]: ledgerWith(sent, { id, kind, at: at.getTime() }, at.getTime()),
          },
        };
      });
      return Promise.resolve(ours);
    },
    markFailed(id, { attempts, retryAt, error, leaseUntil }) {
      let ours = false;
      store.update((state) => {
        const mail = state.outbox[id];
        if (!mail || !isLeasedBy(mail, leaseUntil)) return state;
        ours = true;
        const failed: MemoryMail = {
          ...mail,
          status: retryAt ? 'pending' : 'failed',
          attempts,
          dueAt: retryAt ? retryAt.getTime() : mail.dueAt,
          leaseUntil: 0,
          error,
        };
        return { ...state, outbox: { ...state.outbox, [id]: settled(failed) } };
      });
      return Promise.resolve(ours);
    },
    sentTo(recipient, since) {
      const sent = store.read().mailRecipients[recipient] ?? [];
      return Promise.resolve(sent.filter((s) => s.at >= since.getTime()));
    },
    isSuppressed(recipient) {
      return Promise.resolve(Object.hasOwn(store.read().mailSuppressions, recipient));
    },
    suppress(recipient, reason, at) {
      store.update((state) => withSuppressed(state, recipient, reason, at.getTime()));
      return Promise.resolve();
    },
  };
}

/** Whether a message is pending under the lease a sender claimed it with. */
const isLeasedBy = (mail: MemoryMail, leaseUntil: Date): boolean =>
  mail.status === 'pending' && mail.leaseUntil === leaseUntil.getTime();

/** The memory "mail provider": keeps what it receives (`__memoryBackend.mailbox()`). */
export function createMemoryTransport({
  store,
  controls,
  clock,
}: Pick<MemoryContext, 'store' | 'controls' | 'clock'>): MailTransport {
  return {
    async send(mail) {
      await controls.enter('sendMail');
      const { id, to, subject, text, html, headers } = mail;
      const delivered = { id, to, subject, text, html, headers, at: clock.now().toISOString() };
      store.update((state) => ({
        ...state,
        mailbox: [...state.mailbox, delivered].slice(-MAILBOX_SIZE),
      }));
    },
  };
}
