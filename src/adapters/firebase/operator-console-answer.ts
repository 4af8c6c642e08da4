/**
 * The operator console's answers from the callable `operator_console`
 * (functions/src/operator-console.ts), read strictly (issue 61): each reader returns the port's
 * shape or throws a TypeError naming what is wrong, which the adapter answers `internal`. A
 * malformed answer is a clear error on the console, never a blank or half-filled table.
 */
import { type AuditEntry, parseAuditEntry } from '@/domain/operator/audit-log';
import type {
  AddCampusResult,
  CampusDay,
  ConsoleCampus,
  ConsoleHealth,
  ConsoleRequest,
  HeroReview,
  LaunchPreview,
  StudentRecord,
} from '@/domain/operator/console-records';
import type { ConsoleSettings } from '@/domain/operator/console-settings';
import type { LaunchStatus } from '@/domain/operator/launch-plan';
import type { Readiness } from '@/domain/operator/readiness';
import type { LaunchReportRow } from '@/domain/launch-report';
import { isCampusState } from '@/domain/campus-progress';
import { SELLER_CATEGORIES } from '@/domain/seller-choice';

type Obj = Record<string, unknown>;

const bad = (what: string): never => {
  throw new TypeError(`operator_console: malformed ${what}`);
};
const obj = (v: unknown, what: string): Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : bad(what);
const list = (v: unknown, what: string): unknown[] => (Array.isArray(v) ? v : bad(what));
const str = (v: unknown, what: string): string => (typeof v === 'string' ? v : bad(what));
const count = (v: unknown, what: string): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : bad(what);
const bool = (v: unknown, what: string): boolean => (typeof v === 'boolean' ? v : bad(what));
const instant = (v: unknown, what: string): string =>
  typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : bad(what);
const day = (v: unknown, what: string): string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : bad(what);
const orNull = <T>(v: unknown, read: (v: unknown) => T): T | null => (v === null ? null : read(v));

export function launchStatusOfAnswer(value: unknown): LaunchStatus {
  const v = obj(value, 'launch');
  if (v.state === 'none') return { state: 'none' };
  if (v.state === 'scheduled') {
    return { state: 'scheduled', at: instant(v.at, 'launch.at'), by: str(v.by, 'launch.by') };
  }
  if (v.state === 'launched') {
    return {
      state: 'launched',
      at: instant(v.at, 'launch.at'),
      by: str(v.by, 'launch.by'),
      students: count(v.students, 'launch.students'),
    };
  }
  return bad('launch.state');
}

function settingsOf(value: unknown): ConsoleSettings {
  const v = obj(value, 'settings');
  if (!isCampusState(v.state)) return bad('settings.state');
  return {
    threshold: count(v.threshold, 'settings.threshold'),
    sellerMinimum: count(v.sellerMinimum, 'settings.sellerMinimum'),
    state: v.state,
    opensOn: orNull(v.opensOn, (d) => day(d, 'settings.opensOn')),
  };
}

function readinessOf(value: unknown): Readiness {
  const v = obj(value, 'readiness');
  return {
    ready: bool(v.ready, 'readiness.ready'),
    studentsMissing: count(v.studentsMissing, 'readiness.studentsMissing'),
    sellersMissing: count(v.sellersMissing, 'readiness.sellersMissing'),
  };
}

function reportOf(value: unknown): LaunchReportRow {
  const v = obj(value, 'report');
  const by = obj(v.sellersBy, 'report.sellersBy');
  return {
    campus: str(v.campus, 'report.campus'),
    joined: count(v.joined, 'report.joined'),
    verified: count(v.verified, 'report.verified'),
    invited: count(v.invited, 'report.invited'),
    invitedShare: str(v.invitedShare, 'report.invitedShare'),
    threshold: orNull(v.threshold, (t) => count(t, 'report.threshold')),
    sellers: count(v.sellers, 'report.sellers'),
    sellersVerified: count(v.sellersVerified, 'report.sellersVerified'),
    sellersBy: Object.fromEntries(
      SELLER_CATEGORIES.map((c) => [c, count(by[c], `report.sellersBy.${c}`)]),
    ) as LaunchReportRow['sellersBy'],
    sources: list(v.sources, 'report.sources').map((s) => {
      const o = obj(s, 'report.sources');
      return {
        source: str(o.source, 'report.sources.source'),
        students: count(o.students, 'report.sources.students'),
        verified: count(o.verified, 'report.sources.verified'),
      };
    }),
    milestones: list(v.milestones, 'report.milestones').map((m) => count(m, 'report.milestones')),
    requests: count(v.requests, 'report.requests'),
    requestsVerified: count(v.requestsVerified, 'report.requestsVerified'),
    state: str(v.state, 'report.state'),
    sellerMinimum: orNull(v.sellerMinimum, (m) => count(m, 'report.sellerMinimum')),
    ready: bool(v.ready, 'report.ready'),
  };
}

export function campusOfAnswer(value: unknown): ConsoleCampus {
  const v = obj(value, 'campus');
  return {
    report: reportOf(v.report),
    name: str(v.name, 'campus.name'),
    settings: settingsOf(v.settings),
    readiness: readinessOf(v.readiness),
    launch: launchStatusOfAnswer(v.launch),
  };
}

export const campusesOfAnswer = (value: unknown): ConsoleCampus[] =>
  list(value, 'campuses').map(campusOfAnswer);

export const campusDaysOfAnswer = (value: unknown): CampusDay[] =>
  list(value, 'days').map((d) => {
    const o = obj(d, 'day');
    return {
      day: day(o.day, 'day.day'),
      joined: count(o.joined, 'day.joined'),
      verified: count(o.verified, 'day.verified'),
    };
  });

export function previewOfAnswer(value: unknown): LaunchPreview {
  const v = obj(value, 'preview');
  return {
    students: count(v.students, 'preview.students'),
    alreadyQueued: count(v.alreadyQueued, 'preview.alreadyQueued'),
    sample: orNull(v.sample, (s) => {
      const o = obj(s, 'preview.sample');
      return {
        subject: str(o.subject, 'sample.subject'),
        text: str(o.text, 'sample.text'),
        html: str(o.html, 'sample.html'),
      };
    }),
  };
}

export const requestsOfAnswer = (value: unknown): ConsoleRequest[] =>
  list(value, 'requests').map((r) => {
    const o = obj(r, 'request');
    return {
      pendingId: str(o.pendingId, 'request.pendingId'),
      name: str(o.name, 'request.name'),
      city: str(o.city, 'request.city'),
      requests: count(o.requests, 'request.requests'),
      joined: count(o.joined, 'request.joined'),
    };
  });

export function addResultOfAnswer(value: unknown): AddCampusResult {
  const v = obj(value, 'add');
  return {
    added: bool(v.added, 'add.added'),
    moved: count(v.moved, 'add.moved'),
    queued: count(v.queued, 'add.queued'),
  };
}

const STATUSES = ['pending', 'approved', 'rejected'] as const;

export function heroReviewOfAnswer(value: unknown): HeroReview {
  const v = obj(value, 'hero');
  return {
    stripEnabled: bool(v.stripEnabled, 'hero.stripEnabled'),
    photos: list(v.photos, 'hero.photos').map((p) => {
      const o = obj(p, 'photo');
      const status = STATUSES.find((s) => s === o.status) ?? bad('photo.status');
      return { uid: str(o.uid, 'photo.uid'), photo: str(o.photo, 'photo.photo'), status };
    }),
  };
}

export function studentOfAnswer(value: unknown): StudentRecord {
  const v = obj(value, 'student');
  return {
    uid: str(v.uid, 'student.uid'),
    email: str(v.email, 'student.email'),
    collegeId: orNull(v.collegeId, (c) => str(c, 'student.collegeId')),
    joinedAt: orNull(v.joinedAt, (at) => instant(at, 'student.joinedAt')),
    data: obj(v.data, 'student.data'),
  };
}

export function healthOfAnswer(value: unknown): ConsoleHealth {
  const v = obj(value, 'health');
  return {
    failures: list(v.failures, 'health.failures').map((f) => {
      const o = obj(f, 'failure day');
      const counts = obj(o.counts, 'failure counts');
      return {
        day: day(o.day, 'failure day'),
        counts: Object.fromEntries(
          Object.entries(counts).map(([k, n]) => [k, count(n, 'failure count')]),
        ),
        dropped: count(o.dropped, 'failure dropped'),
      };
    }),
    retention: orNull(v.retention, (r) => {
      const o = obj(r, 'retention');
      return {
        at: instant(o.at, 'retention.at'),
        deleted: Object.fromEntries(
          Object.entries(obj(o.deleted, 'retention.deleted')).map(([k, n]) => [
            k,
            count(n, 'retention count'),
          ]),
        ),
      };
    }),
  };
}

export const auditLogOfAnswer = (value: unknown): AuditEntry[] =>
  list(value, 'log').map((e) => parseAuditEntry(e) ?? bad('log entry'));

export const accessOfAnswer = (value: unknown): { email: string } => ({
  email: str(obj(value, 'access').email, 'access.email'),
});
