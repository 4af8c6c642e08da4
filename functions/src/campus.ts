/**
 * Campus progress and verified students on Firebase (issue 28). The page never counts and never
 * decides who is verified: this code does, with the Admin SDK.
 *
 * - `campusMembers/{uid}` = `{ collegeId, verified }` (admin-only: the rules close it to every
 *   client) mirrors each waitlist entry. `reconcileMember` sets it to what the entry says now, in
 *   a transaction: a duplicated, late or out-of-order trigger event converges on the entry as it
 *   is, so the records always equal a recount of the entries.
 * - The count of a campus is an aggregation query over those records (`count()`), computed at
 *   each call: no stored counter can drift.
 * - `campusSettings/{collegeId}` = `{ threshold, state, opensOn }` is what operators set
 *   (`npm run campus:set`).
 *
 * The floor, the settings and the domain rule repeat src/domain/campus-progress.ts and
 * src/domain/email-domain.ts (this package builds on its own); tests/function/campus-function.test.ts
 * holds the two equal with fast-check.
 */
import { CAMPUS_EMAIL } from './campus-email';

export const MEMBERS_COLLECTION = 'campusMembers';
export const SETTINGS_COLLECTION = 'campusSettings';

export const PROGRESS_FLOOR = 10;
export const DEFAULT_THRESHOLD = 100;
const MAX_THRESHOLD = 100_000;
const STATES = ['gathering', 'opening', 'open'] as const;
type CampusState = (typeof STATES)[number];

const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

function normalizeDomain(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 253 || !DOMAIN.test(value)) return null;
  return value.toLowerCase();
}

/** The domain rule of src/domain/email-domain.ts: a +tag alias never counts (issue 51). */
export function emailInDomains(email: unknown, domains: readonly string[]): boolean {
  if (typeof email !== 'string') return false;
  const at = email.indexOf('@');
  if (at < 1 || at !== email.lastIndexOf('@')) return false;
  if (email.slice(0, at).includes('+')) return false;
  const domain = normalizeDomain(email.slice(at + 1));
  if (!domain) return false;
  return domains.some((d) => {
    const allowed = normalizeDomain(d);
    return allowed !== null && (domain === allowed || domain.endsWith(`.${allowed}`));
  });
}

/** Whether the address verifies a student of the campus. */
export const isVerifiedFor = (email: unknown, collegeId: string): boolean =>
  emailInDomains(email, CAMPUS_EMAIL[collegeId]?.domains ?? []);

const isDay = (value: unknown): value is string => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

export interface CampusSettings {
  threshold: number;
  state: CampusState;
  opensOn: string | null;
}

/** Operator settings as stored; anything missing or unusable takes the default. */
export function parseSettings(value: unknown): CampusSettings {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const threshold = v.threshold;
  return {
    threshold:
      typeof threshold === 'number' &&
      Number.isInteger(threshold) &&
      threshold >= 1 &&
      threshold <= MAX_THRESHOLD
        ? threshold
        : DEFAULT_THRESHOLD,
    state: (STATES as readonly unknown[]).includes(v.state)
      ? (v.state as CampusState)
      : 'gathering',
    opensOn: isDay(v.opensOn) ? v.opensOn : null,
  };
}

/** What `get_my_campus` answers: the count only from the floor up. */
export interface MyCampusAnswer {
  collegeId: string;
  verified: boolean;
  verifiedCount: number | null;
  threshold: number;
  state: CampusState;
  opensOn: string | null;
  universityOf: string | null;
}

export function campusAnswer(
  collegeId: string,
  email: unknown,
  count: number,
  settings: CampusSettings,
): MyCampusAnswer {
  return {
    collegeId,
    verified: isVerifiedFor(email, collegeId),
    verifiedCount: Number.isInteger(count) && count >= PROGRESS_FLOOR ? count : null,
    threshold: settings.threshold,
    state: settings.state,
    opensOn: settings.opensOn,
    universityOf: CAMPUS_EMAIL[collegeId]?.of ?? null,
  };
}

/** A waitlist entry as the reconciliation reads it. */
export interface EntryFields {
  email?: unknown;
  collegeId?: unknown;
}

/** The member record an entry calls for (null: no entry, so no record). */
export function memberOf(
  entry: EntryFields | null,
): { collegeId: string; verified: boolean } | null {
  if (!entry || typeof entry.collegeId !== 'string') return null;
  return { collegeId: entry.collegeId, verified: isVerifiedFor(entry.email, entry.collegeId) };
}
