import type { Clock } from '@/ports/clock.port';
import type { LeaveLinks } from '@/ports/leave-links.port';
import type { MailTransport } from '@/ports/mail-transport.port';
import type { Outbox } from '@/ports/outbox.port';
import { publicProgress } from '@/domain/campus-progress';
import { type LeaveLinkState, readLeaveToken } from '@/domain/mail/leave-token';
import { launchMailId, type PendingMail, welcomeMailId } from '@/domain/mail/outbox';
import { ledgerWith } from '@/domain/mail/recipient-limits';
import type { StoredWaitlistEntry } from '@/domain/waitlist-entry';
import { campusSettingsOf, verifiedCount } from './memory-campus-progress.adapter';
import type { Controls } from './memory-controls';
import {
  campusLabelOf,
  MAILBOX_SIZE,
  type MemoryMail,
  type MemoryState,
  type StateStore,
  withoutStudent,
} from './memory-state';

/**
 * The memory backend's signing secret for leave links. It signs nothing but this offline
 * backend's own links (a memory build never deploys: scripts/deploy/deploy-guard.mjs); the real
 * backends read theirs from server-side secrets.
 */
export const MEMORY_LEAVE_SECRET = 'memory-backend-leave-links-offline-only-0123456789';

/** Why a message was not sent: the student stopped their e-mails with an expired link. */
export const STOPPED_ERROR = 'stopped: the student asked for no more e-mails (an expired link)';

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

/** Whether an expired leave link stopped the e-mails of this entry (issue 51). */
export const isStopped = (state: MemoryState, uid: string, joined: number): boolean =>
  Object.hasOwn(state.mailStopped, uid) && state.mailStopped[uid] === joined;

/** Who the launch of a campus goes to: every student on its list (by entry) still written to. */
export function launchOf(state: MemoryState, collegeId: string): MemoryMail[] {
  return Object.entries(state.entries)
    .filter(([, entry]) => entry.collegeId === collegeId)
    .filter(([uid, entry]) => !isStopped(state, uid, Date.parse(entry.timestamp)))
    .map(([uid, entry]) => ({
      ...welcomeOf(uid, entry, state.accounts.find((a) => a.uid === uid)?.displayName ?? ''),
      id: launchMailId(collegeId, uid),
      kind: 'launch' as const,
    }));
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
          const settings = campusSettingsOf(state, mail.collegeId);
          const progress = publicProgress(
            mail.collegeId,
            verifiedCount(state, mail.collegeId),
            settings,
          );
          claimed.push({
            id: mail.id,
            kind: mail.kind,
            uid: mail.uid,
            joined: mail.joined,
            to: mail.to,
            name: mail.name,
            campus: campusLabelOf(state, mail.collegeId),
            attempts: mail.attempts,
            inviteCode: state.inviteCodes[mail.uid] ?? null,
            // A milestone's figure is the one it was reached with (never under the floor).
            progress: mail.figure ?? { verified: progress.verified, threshold: progress.threshold },
            milestone: mail.milestone ?? null,
            nonce: mail.nonce ?? null,
            expiresAt: mail.expiresAt ?? null,
          });
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
                [id]: { ...mail!, status: 'sent', sentAt: at.toISOString(), leaseUntil: 0 },
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
        return { ...state, outbox: { ...state.outbox, [id]: failed } };
      });
      return Promise.resolve(ours);
    },
    sentTo(recipient, since) {
      const sent = store.read().mailRecipients[recipient] ?? [];
      return Promise.resolve(sent.filter((s) => s.at >= since.getTime()));
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
}: {
  store: StateStore;
  controls: Controls;
  clock: Clock;
}): MailTransport {
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

/** Leave links, read with the memory backend's secret against the stored entries. */
export function createMemoryLeaveLinks({
  store,
  controls,
  clock,
}: {
  store: StateStore;
  controls: Controls;
  clock: Clock;
}): LeaveLinks {
  /** The token's student when it names their entry as it is now, or why not. */
  const studentOf = async (
    token: string,
  ): Promise<{ uid: string; joined: number } | LeaveLinkState> => {
    const reading = await readLeaveToken(token, MEMORY_LEAVE_SECRET, clock.now());
    if (!reading.ok) return reading.fault;
    const { uid, joined } = reading.claims;
    const entry = store.read().entries[uid];
    return entry && Date.parse(entry.timestamp) === joined ? { uid, joined } : 'used';
  };
  return {
    async check(token) {
      await controls.enter('checkLeaveLink');
      const student = await studentOf(token);
      return typeof student === 'string' ? student : 'valid';
    },
    async leave(token) {
      await controls.enter('leaveByLink');
      const reading = await readLeaveToken(token, MEMORY_LEAVE_SECRET, clock.now());
      if (!reading.ok && reading.fault === 'expired' && reading.claims) {
        // Too old to delete anything; it still stops the e-mails of the entry it names.
        const { uid, joined } = reading.claims;
        let stopped = false;
        store.update((state) => {
          const entry = state.entries[uid];
          if (!entry || Date.parse(entry.timestamp) !== joined) return state;
          stopped = true;
          const outbox = Object.fromEntries(
            Object.entries(state.outbox).map(([id, mail]) => [
              id,
              mail.uid === uid && mail.status === 'pending'
                ? { ...mail, status: 'failed' as const, error: STOPPED_ERROR, leaseUntil: 0 }
                : mail,
            ]),
          );
          return { ...state, outbox, mailStopped: { ...state.mailStopped, [uid]: joined } };
        });
        return stopped ? 'stopped' : 'expired';
      }
      const student = await studentOf(token);
      if (typeof student === 'string') return student;
      // The entry is looked at again as the deletion happens: of two uses at once, one leaves.
      let left = false;
      store.update((state) => {
        const entry = state.entries[student.uid];
        if (!entry || Date.parse(entry.timestamp) !== student.joined) return state;
        left = true;
        return withoutStudent(state, student.uid);
      });
      return left ? 'left' : 'used';
    },
  };
}
