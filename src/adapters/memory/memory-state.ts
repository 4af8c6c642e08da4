import { NOTICE_VERSION_PATTERN } from '@/domain/join-terms';
import type { KeyValueStorage } from '@/ports/key-value-storage.port';
import { type CampusSettings, parseSettings } from '@/domain/campus-progress';
import { isCollegeId } from '@/domain/college';
import { type CodeRecord, normalizeAddress } from '@/domain/email-verification';
import { parseInviteCode } from '@/domain/invite-code';
import { isPendingCampusId } from '@/domain/campus-request';
import { collegeOfId } from '@/domain/college-of-id';
import { isMilestone, type Milestone } from '@/domain/campus-milestones';
import { parseSellerCategories, type SellerCategory } from '@/domain/seller-choice';
import { parseVisitSource, type VisitSource } from '@/domain/visit-source';
import type { User } from '@/domain/user';
import type { StoredWaitlistEntry } from '@/domain/waitlist-entry';
import { MAIL_KINDS, type MailKind } from '@/domain/mail/mail-message';
import type { SentRecord } from '@/domain/mail/recipient-limits';
import { DEMO_ACCOUNT_PHOTOS } from './hero-avatars';

/** One namespaced key holds the whole backend, so a reload or a second tab sees the same data. */
export const MEMORY_STATE_KEY = 'de-estudiantes:memory-backend:v1';

/** An operator's decision on one exact profile photo (the hero strip shows approved ones only). */
export interface PhotoReview {
  readonly photo: string;
  readonly approved: boolean;
}

export interface MemoryState {
  /** The provider's accounts the chooser offers (Google's side: they exist before any sign-in). */
  readonly accounts: readonly User[];
  /** The accounts this backend holds, keyed by uid: when each last signed in (ISO 8601). */
  readonly users: Readonly<Record<string, string>>;
  /** When this backend made each account it holds (its first sign-in; ISO 8601), keyed by uid. */
  readonly created: Readonly<Record<string, string>>;
  readonly sessionUid: string | null;
  readonly entries: Readonly<Record<string, StoredWaitlistEntry>>;
  /** Hero-strip consents, keyed by uid: when each was given (ISO 8601). */
  readonly consents: Readonly<Record<string, string>>;
  /**
   * The privacy notice's version each entry was made under, keyed by uid; an entry recorded here
   * confirmed its student is 18 or older (src/domain/join-terms.ts, issue 51).
   */
  readonly joinNotices: Readonly<Record<string, string>>;
  /** The privacy notice's version each current hero consent was given under, keyed by uid. */
  readonly consentNotices: Readonly<Record<string, string>>;
  /**
   * The failure reports' counts (issue 51: src/domain/failure-report.ts), keyed by
   * failureCountKey (day, kind and code). Nothing of any student.
   */
  readonly failureCounts: Readonly<Record<string, number>>;
  /** Profile photos changed at the provider, keyed by uid (else DEMO_ACCOUNT_PHOTOS). */
  readonly photos: Readonly<Record<string, string>>;
  /** The operator's decisions on hero photos, keyed by uid (admin-only on real backends). */
  readonly reviews: Readonly<Record<string, PhotoReview>>;
  /** The operator's kill switch: false empties the hero strip. */
  readonly heroStripOn: boolean;
  /** The operators' threshold, state and opening date of each campus, keyed by college id. */
  readonly campusSettings: Readonly<Record<string, CampusSettings>>;
  /**
   * Verified students of each campus that are not accounts here (a developer's `addClassmates`),
   * so that a campus's progress can be seen past the floor offline.
   */
  readonly classmates: Readonly<Record<string, number>>;
  /** Each student's invite code, keyed by uid (made by the "server" on first use). */
  readonly inviteCodes: Readonly<Record<string, string>>;
  /** Who invited whom: the inviter's uid, keyed by the invitee's uid (one credit per account). */
  readonly invitedBy: Readonly<Record<string, string>>;
  /** When each arrival was credited (ms since 1970), keyed by the invitee's uid (issue 51). */
  readonly invitedAt: Readonly<Record<string, number>>;
  /**
   * University addresses verified by a code (issue 48), keyed by uid: the normalized address and
   * when (ISO 8601). One address per account and one account per address.
   */
  readonly verifications: Readonly<
    Record<string, { readonly address: string; readonly at: string }>
  >;
  /** The code each student may still enter, keyed by uid: its hash only, never the code. */
  readonly codes: Readonly<Record<string, CodeRecord>>;
  /**
   * When codes were sent (ms), keyed by `account:<uid>` and `address:<address>`, for the hourly
   * limits; an address's sends stay when its student leaves (a new account starts no new hour).
   */
  readonly codeSends: Readonly<Record<string, readonly number[]>>;
  /** 'Mi campus no aparece': each requested campus (by campusRequestKey) and who asked for it. */
  readonly campusRequests: Readonly<Record<string, RequestedCampus>>;
  /**
   * Requested campuses an operator added to the catalogue (issue 49, `addCampus`), keyed by their
   * new college id: how the search shows them, and the pending id they were.
   */
  readonly addedCampuses: Readonly<Record<string, AddedCampus>>;
  /** Who will sell, and what (issue 49), keyed by uid: never an empty list (clearing deletes). */
  readonly sellerChoices: Readonly<Record<string, readonly SellerCategory[]>>;
  /** Where each student came from (issue 49), keyed by uid: written once, at joining. */
  readonly joinSources: Readonly<Record<string, VisitSource>>;
  /** The milestones each campus reached (issue 49), keyed by college id: each recorded once. */
  readonly milestones: Readonly<Record<string, readonly Milestone[]>>;
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
   * Entries whose e-mails an expired leave link stopped (issue 51): the entry's date of joining
   * (ms), keyed by uid. A new entry of the same student is not stopped.
   */
  readonly mailStopped: Readonly<Record<string, number>>;
  /** Each launch run (`notifyCampus`): its campus, when (ms) and how many messages it recorded. */
  readonly launchRuns: readonly {
    readonly collegeId: string;
    readonly at: number;
    readonly queued: number;
  }[];
}

/** One outbox message, as the memory backend keeps it (admin-only on the real backends). */
export interface MemoryMail {
  readonly id: string;
  readonly kind: MailKind;
  readonly uid: string;
  /** The entry's date of joining (ms). */
  readonly joined: number;
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
  /** A code's message only (issue 48): the nonce its digits come from, and when it expires (ms). */
  readonly nonce?: string;
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

/** A campus students asked for: as the first of them wrote it, and the uids that asked. */
export interface RequestedCampus {
  /** The pending campus's id (issue 49): `pendiente-` and 24 hex digits of the key's sha-256. */
  readonly id: string;
  readonly name: string;
  readonly city: string;
  readonly by: readonly string[];
  /** The catalogue id an operator added it as (issue 49), once added. */
  readonly addedAs?: string;
}

/** A requested campus added to the catalogue (issue 49). */
export interface AddedCampus {
  readonly name: string;
  readonly subname: string;
  readonly shortName: string;
  /** The pending campus it was. */
  readonly pendingId: string;
}

/** Demo student accounts offered by the in-page account chooser (the last with a personal e-mail). */
export const DEMO_ACCOUNTS: readonly User[] = [
  { uid: 'demo-ana', email: 'ana.garcia@alumnos.udg.mx', displayName: 'Ana García' },
  { uid: 'demo-luis', email: 'luis.hernandez@alumnos.udg.mx', displayName: 'Luis Hernández' },
  { uid: 'demo-sofia', email: 'sofia.ramirez@tec.mx', displayName: 'Sofía Ramírez' },
  { uid: 'demo-diego', email: 'diego.lopez@iteso.mx', displayName: 'Diego López' },
  // A personal address: on the list, but not verified by any university (issue 28).
  { uid: 'demo-mariana', email: 'mariana.cruz.mx@gmail.com', displayName: 'Mariana Cruz' },
];

export const emptyState = (): MemoryState => ({
  accounts: DEMO_ACCOUNTS,
  users: {},
  created: {},
  sessionUid: null,
  entries: {},
  consents: {},
  joinNotices: {},
  consentNotices: {},
  failureCounts: {},
  photos: {},
  reviews: {},
  heroStripOn: true,
  campusSettings: {},
  classmates: {},
  inviteCodes: {},
  invitedBy: {},
  invitedAt: {},
  verifications: {},
  codes: {},
  codeSends: {},
  campusRequests: {},
  addedCampuses: {},
  sellerChoices: {},
  joinSources: {},
  milestones: {},
  outbox: {},
  mailbox: [],
  mailRecipients: {},
  mailStopped: {},
  launchRuns: [],
});

/** A student's current profile photo at the provider (a demo portrait unless changed). */
const photoOf = (state: MemoryState, uid: string): string | undefined =>
  state.photos[uid] ?? DEMO_ACCOUNT_PHOTOS[uid];

const isString = (v: unknown): v is string => typeof v === 'string';

function parseUser(value: unknown): User | null {
  const v = value as Partial<Record<keyof User, unknown>> | null;
  return v && isString(v.uid) && isString(v.email) && isString(v.displayName)
    ? { uid: v.uid, email: v.email, displayName: v.displayName }
    : null;
}

function parseEntry(value: unknown): StoredWaitlistEntry | null {
  const v = value as Partial<Record<keyof StoredWaitlistEntry, unknown>> | null;
  return v && isString(v.email) && isString(v.collegeId) && isString(v.timestamp)
    ? { email: v.email, collegeId: v.collegeId, timestamp: v.timestamp }
    : null;
}

/** Reads the stored state; anything unreadable (not JSON, wrong shape) gives the empty state. */
export function parseMemoryState(raw: string | null): MemoryState {
  if (!raw) return emptyState();
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return emptyState();
  }
  if (typeof data !== 'object' || data === null) return emptyState();
  const d = data as Record<string, unknown>;
  const accounts = Array.isArray(d.accounts)
    ? d.accounts.map(parseUser).filter((u): u is User => u !== null)
    : [];
  const entries: Record<string, StoredWaitlistEntry> = {};
  if (typeof d.entries === 'object' && d.entries !== null) {
    for (const [uid, value] of Object.entries(d.entries)) {
      const entry = parseEntry(value);
      if (entry) entries[uid] = entry;
    }
  }
  const isDate = (v: unknown): v is string => isString(v) && !Number.isNaN(Date.parse(v));
  const consents = recordOf(d.consents, isDate);
  const isNotice = (v: unknown): v is string => isString(v) && NOTICE_VERSION_PATTERN.test(v);
  const users = recordOf(d.users, isDate);
  const photos = recordOf(d.photos, isString);
  const reviews = recordOf(
    d.reviews,
    (v): v is PhotoReview =>
      typeof v === 'object' &&
      v !== null &&
      isString((v as PhotoReview).photo) &&
      typeof (v as PhotoReview).approved === 'boolean',
  );
  const known = accounts.length ? accounts : DEMO_ACCOUNTS;
  const sessionUid =
    isString(d.sessionUid) && known.some((a) => a.uid === d.sessionUid) ? d.sessionUid : null;
  // A session kept from before accounts were recorded is an account held.
  if (sessionUid && !users[sessionUid]) users[sessionUid] = new Date(0).toISOString();
  // An account kept from before its creation was recorded: made when it last signed in.
  const created = { ...users, ...recordOf(d.created, isDate) };
  return {
    accounts: known,
    users,
    created: Object.fromEntries(Object.entries(created).filter(([uid]) => uid in users)),
    sessionUid,
    entries,
    consents,
    joinNotices: recordOf(d.joinNotices, isNotice),
    consentNotices: recordOf(d.consentNotices, isNotice),
    failureCounts: recordOf(d.failureCounts, isCount),
    photos,
    reviews,
    heroStripOn: d.heroStripOn !== false,
    campusSettings: Object.fromEntries(
      Object.entries(recordOf(d.campusSettings, isObject))
        .filter(([id]) => isCollegeId(id))
        .map(([id, settings]) => [id, parseSettings(settings)]),
    ),
    classmates: Object.fromEntries(
      Object.entries(recordOf(d.classmates, isCount)).filter(([id]) => isCollegeId(id)),
    ),
    inviteCodes: recordOf(d.inviteCodes, (v): v is string => parseInviteCode(v) === v),
    invitedBy: recordOf(d.invitedBy, isString),
    invitedAt: recordOf(d.invitedAt, isTime),
    verifications: recordOf(
      d.verifications,
      (v): v is { address: string; at: string } =>
        isObject(v) &&
        normalizeAddress((v as { address?: unknown }).address) ===
          (v as { address?: unknown }).address &&
        isDate((v as { at?: unknown }).at),
    ),
    codes: recordOf(
      d.codes,
      (v): v is CodeRecord =>
        isObject(v) &&
        normalizeAddress((v as CodeRecord).address) === (v as CodeRecord).address &&
        isString((v as CodeRecord).hash) &&
        isTime((v as CodeRecord).expiresAt) &&
        isCount((v as CodeRecord).tries),
    ),
    codeSends: recordOf(
      d.codeSends,
      (v): v is number[] => Array.isArray(v) && v.length <= 100 && v.every(isTime),
    ),
    campusRequests: recordOf(
      d.campusRequests,
      (v): v is RequestedCampus =>
        typeof v === 'object' &&
        v !== null &&
        isString((v as RequestedCampus).name) &&
        isString((v as RequestedCampus).city) &&
        isPendingCampusId((v as RequestedCampus).id) &&
        Array.isArray((v as RequestedCampus).by) &&
        (v as RequestedCampus).by.every(isString) &&
        ((v as RequestedCampus).addedAs === undefined ||
          isCollegeId((v as RequestedCampus).addedAs)),
    ),
    addedCampuses: Object.fromEntries(
      Object.entries(
        recordOf(
          d.addedCampuses,
          (v): v is AddedCampus =>
            isObject(v) &&
            isString((v as AddedCampus).name) &&
            isString((v as AddedCampus).subname) &&
            isString((v as AddedCampus).shortName) &&
            isPendingCampusId((v as AddedCampus).pendingId),
        ),
      ).filter(([id]) => isCollegeId(id)),
    ),
    sellerChoices: recordOf(d.sellerChoices, (v): v is SellerCategory[] => {
      const parsed = parseSellerCategories(v);
      return parsed !== null && parsed.length > 0;
    }),
    joinSources: recordOf(d.joinSources, (v): v is VisitSource => parseVisitSource(v) !== null),
    milestones: recordOf(
      d.milestones,
      (v): v is Milestone[] => Array.isArray(v) && v.length <= 4 && v.every(isMilestone),
    ),
    outbox: recordOf(d.outbox, isMemoryMail),
    mailbox: Array.isArray(d.mailbox) ? d.mailbox.filter(isDelivered).slice(-MAILBOX_SIZE) : [],
    mailStopped: recordOf(d.mailStopped, isTime),
    launchRuns: Array.isArray(d.launchRuns)
      ? d.launchRuns.filter(
          (r: unknown): r is MemoryState['launchRuns'][number] =>
            isObject(r) &&
            isString((r as { collegeId?: unknown }).collegeId) &&
            isTime((r as { at?: unknown }).at) &&
            isCount((r as { queued?: unknown }).queued),
        )
      : [],
    mailRecipients: recordOf(
      d.mailRecipients,
      (v): v is SentRecord[] => Array.isArray(v) && v.every(isSentRecord),
    ),
  };
}

const isTime = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

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

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** The entries of a stored object whose values pass `keep`; anything else gives none. */
function recordOf<T>(value: unknown, keep: (v: unknown) => v is T): Record<string, T> {
  const out: Record<string, T> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [key, item] of Object.entries(value)) if (keep(item)) out[key] = item;
  return out;
}

/** The state without anything kept of one student (their provider account stays: Google's). */
export function withoutStudent(state: MemoryState, uid: string): MemoryState {
  const drop = <T>(record: Readonly<Record<string, T>>) => without(record, uid);
  return {
    ...state,
    users: drop(state.users),
    created: drop(state.created),
    sessionUid: state.sessionUid === uid ? null : state.sessionUid,
    entries: drop(state.entries),
    consents: drop(state.consents),
    joinNotices: drop(state.joinNotices),
    consentNotices: drop(state.consentNotices),
    reviews: drop(state.reviews),
    inviteCodes: drop(state.inviteCodes),
    verifications: drop(state.verifications),
    codes: drop(state.codes),
    codeSends: without(state.codeSends, `account:${uid}`),
    // Their own arrival, and the arrivals they were credited with: nothing of them stays.
    invitedBy: Object.fromEntries(
      Object.entries(drop(state.invitedBy)).filter(([, inviter]) => inviter !== uid),
    ),
    invitedAt: Object.fromEntries(
      Object.entries(drop(state.invitedAt)).filter(([invitee]) => state.invitedBy[invitee] !== uid),
    ),
    campusRequests: Object.fromEntries(
      Object.entries(state.campusRequests).flatMap(([key, r]) => {
        const by = r.by.filter((asker) => asker !== uid);
        // An added campus's request stays (it names the campus it became), its askers go.
        return by.length || r.addedAs ? [[key, { ...r, by }]] : [];
      }),
    ),
    sellerChoices: drop(state.sellerChoices),
    joinSources: drop(state.joinSources),
    // Their messages and the record of them: nothing is sent to a student who left.
    outbox: Object.fromEntries(Object.entries(state.outbox).filter(([, mail]) => mail.uid !== uid)),
    mailStopped: drop(state.mailStopped),
  };
}

/** Read-modify-write access to the stored state. */
export function createStateStore(storage: KeyValueStorage) {
  const read = (): MemoryState => {
    try {
      return parseMemoryState(storage.getItem(MEMORY_STATE_KEY));
    } catch {
      return emptyState();
    }
  };
  const write = (state: MemoryState): void => {
    storage.setItem(MEMORY_STATE_KEY, JSON.stringify(state));
  };
  return {
    read,
    update(change: (state: MemoryState) => MemoryState): MemoryState {
      const next = change(read());
      write(next);
      return next;
    },
    clear(): void {
      storage.removeItem(MEMORY_STATE_KEY);
    },
  };
}

export type StateStore = ReturnType<typeof createStateStore>;

/** A copy of the record without `key`. */
export function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

/** One consenting student's photo in the operator's review queue. */
export interface HeroPhotoReview {
  readonly uid: string;
  readonly photo: string;
  readonly status: 'pending' | 'approved' | 'rejected';
}

/**
 * The review queue (what the real backends' hero:photos list shows): consenting students on the
 * list with a photo, oldest consent first, and the state of their current photo ('pending' until
 * approved or rejected; a photo changed since its decision is pending again).
 */
export function heroPhotoQueue(state: MemoryState): HeroPhotoReview[] {
  return Object.entries(state.consents)
    .filter(([uid]) => Object.hasOwn(state.entries, uid))
    .sort(([a, at], [b, bt]) => at.localeCompare(bt) || a.localeCompare(b))
    .flatMap(([uid]) => {
      const photo = photoOf(state, uid);
      if (!photo) return [];
      const decided = state.reviews[uid];
      const status =
        decided?.photo !== photo ? 'pending' : decided.approved ? 'approved' : 'rejected';
      return [{ uid, photo, status } as const];
    });
}

/** The requested campus of a pending id, with its key, or null. */
export function requestOfPending(state: MemoryState, id: string) {
  for (const [key, request] of Object.entries(state.campusRequests)) {
    if (request.id === id) return { key, request };
  }
  return null;
}

/** A campus's names: the catalogue's, an added one's, or a pending request's. */
export function campusNamesOf(
  state: MemoryState,
  id: string,
): { name: string; subname: string; shortName: string } {
  if (Object.hasOwn(state.addedCampuses, id)) {
    const { name, subname, shortName } = state.addedCampuses[id]!;
    return { name, subname, shortName };
  }
  const pending = isPendingCampusId(id) ? requestOfPending(state, id) : null;
  if (pending) {
    const { name, city } = pending.request;
    return { name, subname: city, shortName: `${name} (pendiente)` };
  }
  const { name, subname, shortName } = collegeOfId(id);
  return { name, subname, shortName };
}

/** How a campus is named in e-mails and the report: the catalogue's, an added one's, a request's. */
export const campusLabelOf = (state: MemoryState, id: string): string =>
  campusNamesOf(state, id).shortName;
