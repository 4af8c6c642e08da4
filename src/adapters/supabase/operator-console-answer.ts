/**
 * The operator console's answers on Supabase (issue 61): the JSON value each `public.operator_*`
 * function answers (supabase/migrations/20261129000300_operator_console_functions.sql), read
 * strictly, field by field: each reader returns the port's shape or throws a TypeError naming what
 * is wrong. Shared by the page's adapter (supabase-operator-console.adapter.ts, which answers a
 * malformed value `internal`) and the operators' commands (scripts/ops/<feature>/supabase.mjs), so
 * a script and the console read the server alike.
 */
import type { LaunchReportRow } from '@/domain/launch-report';
import type {
  AddCampusResult,
  CampusDay,
  ConsoleCampus,
  ConsoleHealth,
  ConsoleRequest,
  HeroPhoto,
  HeroReview,
  StudentRecord,
} from '@/domain/operator/console-records';
import type { ConsoleSettings } from '@/domain/operator/console-settings';
import type { LaunchStatus } from '@/domain/operator/launch-plan';
import { readiness } from '@/domain/operator/readiness';
import { SELLER_CATEGORIES, type SellerCategory } from '@/domain/seller-choice';
import { isCampusState } from '@/domain/campus-progress';

export type Row = Readonly<Record<string, unknown>>;

export const list = (value: unknown): unknown[] => {
  if (!Array.isArray(value)) throw new TypeError('not a list');
  return value;
};

export const text = (value: unknown): string => {
  if (typeof value !== 'string') throw new TypeError('not a string');
  return value;
};

export const count = (value: unknown): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new TypeError('not a count');
  }
  return value;
};

export const bool = (value: unknown): boolean => {
  if (typeof value !== 'boolean') throw new TypeError('not a boolean');
  return value;
};

export const instant = (value: unknown): string => {
  const at = text(value);
  if (Number.isNaN(Date.parse(at))) throw new TypeError('not an instant');
  return new Date(at).toISOString();
};

export const object = (value: unknown): Row => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError('not an object');
  }
  return value as Row;
};

export function settingsOf(value: unknown): ConsoleSettings {
  const s = object(value);
  const state = s.state;
  if (!isCampusState(state)) throw new TypeError('not a campus state');
  const opensOn = s.opensOn === null ? null : text(s.opensOn);
  return {
    threshold: count(s.threshold),
    sellerMinimum: count(s.sellerMinimum),
    state,
    opensOn,
  };
}

export function launchOf(value: unknown): LaunchStatus {
  const l = object(value);
  if (l.state === 'none') return { state: 'none' };
  if (l.state === 'scheduled') return { state: 'scheduled', at: instant(l.at), by: text(l.by) };
  if (l.state === 'launched') {
    return { state: 'launched', at: instant(l.at), by: text(l.by), students: count(l.students) };
  }
  throw new TypeError('not a launch state');
}

/**
 * A campus row from the database's counters (private.operator_counts: 'joined', 'invited',
 * 'seller', 'seller-verified', 'seller:<category>', 'source:<s/m/c>', 'source-verified:<s/m/c>',
 * and 'verified' from private.campus_counts) as the launch report's row
 * (src/domain/launch-report.ts) and the console's readiness.
 */
export function campusOf(value: unknown): ConsoleCampus {
  const c = object(value);
  const campus = text(c.campus);
  const pending = bool(c.pending);
  const counts = object(c.counts);
  const n = (key: string) => (counts[key] === undefined ? 0 : count(counts[key]));
  const sellersBy = Object.fromEntries(
    SELLER_CATEGORIES.map((category) => [category, n(`seller:${category}`)]),
  ) as Record<SellerCategory, number>;
  const sources = Object.keys(counts)
    .filter((key) => key.startsWith('source:'))
    .map((key) => {
      const source = key.slice('source:'.length);
      return { source, students: n(key), verified: n(`source-verified:${source}`) };
    })
    .filter((s) => s.students > 0)
    .sort((a, b) => b.students - a.students || a.source.localeCompare(b.source));
  const milestones = list(c.milestones).map(count);
  const settings = settingsOf(c.settings);
  const joined = n('joined');
  const invited = n('invited');
  const verified = n('verified');
  const sellersVerified = n('seller-verified');
  const ready = readiness({
    verified,
    threshold: settings.threshold,
    sellersVerified,
    sellerMinimum: settings.sellerMinimum,
  });
  const report: LaunchReportRow = {
    campus,
    joined,
    verified,
    invited,
    invitedShare: joined ? (invited / joined).toFixed(3) : '0.000',
    threshold: pending ? null : settings.threshold,
    sellers: n('seller'),
    sellersVerified,
    sellersBy,
    sources,
    milestones,
    requests: count(c.requests),
    requestsVerified: count(c.requestsVerified),
    state: pending ? 'pendiente' : settings.state,
    sellerMinimum: pending ? null : settings.sellerMinimum,
    ready: !pending && ready.ready,
  };
  return {
    report,
    name: text(c.name),
    settings,
    readiness: pending ? { ...ready, ready: false } : ready,
    launch: launchOf(c.launch),
  };
}

export function dayOf(value: unknown): CampusDay {
  const d = object(value);
  const day = text(d.day);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new TypeError('not a day');
  return { day, joined: count(d.joined), verified: count(d.verified) };
}

export function requestOf(value: unknown): ConsoleRequest {
  const r = object(value);
  return {
    pendingId: text(r.pendingId),
    name: text(r.name),
    city: text(r.city),
    requests: count(r.requests),
    joined: count(r.joined),
  };
}

export function photoOf(value: unknown): HeroPhoto {
  const p = object(value);
  const status = p.status;
  if (status !== 'pending' && status !== 'approved' && status !== 'rejected') {
    throw new TypeError('not a review status');
  }
  return { uid: text(p.uid), photo: text(p.photo), status };
}

export function studentOf(value: unknown): StudentRecord {
  const s = object(value);
  return {
    uid: text(s.uid),
    email: text(s.email),
    collegeId: s.collegeId === null ? null : text(s.collegeId),
    joinedAt: s.joinedAt === null ? null : instant(s.joinedAt),
    data: object(s.data),
  };
}

export function healthOf(value: unknown): ConsoleHealth {
  const h = object(value);
  const failures = list(h.failures).map((value) => {
    const f = object(value);
    const day = text(f.day);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new TypeError('not a day');
    const counts = object(f.counts);
    return {
      day,
      counts: Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, count(v)])),
      dropped: count(f.dropped),
    };
  });
  let retention: ConsoleHealth['retention'] = null;
  if (h.retention !== null) {
    const r = object(h.retention);
    const deleted = object(r.deleted);
    retention = {
      at: instant(r.at),
      deleted: Object.fromEntries(Object.entries(deleted).map(([k, v]) => [k, count(v)])),
    };
  }
  return { failures, retention };
}

export interface SampleFacts {
  readonly uid: string;
  readonly joinedMs: number;
  readonly name: string;
  readonly campus: string;
  readonly campusId: string;
}

export function sampleOf(value: unknown): SampleFacts {
  const s = object(value);
  return {
    uid: text(s.uid),
    joinedMs: count(s.joinedMs),
    name: text(s.name),
    campus: text(s.campus),
    campusId: text(s.campusId),
  };
}

/**
 * An action's answer: a refusal the database logged (`{"refused": name}`), an unknown campus or
 * student (`{"notFound": true}`), or the value.
 */
export type Outcome =
  { readonly refused: string } | { readonly notFound: true } | { readonly value: Row };

export function outcomeOf(value: unknown): Outcome {
  const row = object(value);
  if (typeof row.refused === 'string') return { refused: row.refused };
  if (row.notFound === true) return { notFound: true };
  return { value: row };
}

/** operator_campuses: every campus's row. */
export const campusesOf = (value: unknown): ConsoleCampus[] => list(value).map(campusOf);

/** operator_launch_preview's counts, and the facts of its sample message (null: no student). */
export function previewOf(value: unknown): {
  students: number;
  alreadyQueued: number;
  sample: SampleFacts | null;
} {
  const row = object(value);
  return {
    students: count(row.students),
    alreadyQueued: count(row.alreadyQueued),
    sample: row.sample === null ? null : sampleOf(row.sample),
  };
}

/** operator_launch's and operator_cancel_launch's status. */
export const launchStatusOf = (value: unknown): LaunchStatus => launchOf(object(value).status);

/** operator_add_campus's result. */
export function addResultOf(value: unknown): AddCampusResult {
  const row = object(value);
  return { added: bool(row.added), moved: count(row.moved), queued: count(row.queued) };
}

/** operator_hero_photos: the review queue and the kill switch. */
export function heroReviewOf(value: unknown): HeroReview {
  const row = object(value);
  return { photos: list(row.photos).map(photoOf), stripEnabled: bool(row.stripEnabled) };
}
