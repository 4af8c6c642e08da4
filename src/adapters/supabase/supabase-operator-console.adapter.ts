import { CAMPUS_PAGE_IDS } from '@/data/campus-pages';
import { AppError } from '@/domain/errors';
import type { LaunchReportRow } from '@/domain/launch-report';
import { outgoingMail } from '@/domain/mail/deliver-outbox';
import { MIN_SECRET_LENGTH } from '@/domain/mail/leave-token';
import { launchMailId } from '@/domain/mail/outbox';
import { type AuditEntry, parseAuditEntry } from '@/domain/operator/audit-log';
import type {
  CampusDay,
  ConsoleCampus,
  ConsoleHealth,
  ConsoleRequest,
  HeroPhoto,
  HeroReview,
  LaunchPreview,
  StudentRecord,
} from '@/domain/operator/console-records';
import type { ConsoleSettings } from '@/domain/operator/console-settings';
import type { LaunchStatus } from '@/domain/operator/launch-plan';
import { readiness } from '@/domain/operator/readiness';
import { SELLER_CATEGORIES, type SellerCategory } from '@/domain/seller-choice';
import { isCampusState } from '@/domain/campus-progress';
import type { OperatorConsole } from '@/ports/operator-console.port';
import type { SupabaseClientLoader } from './supabase-client';
import { supabaseCalls } from './supabase-calls';

/**
 * The operator console on Supabase (issue 61): one SQL function per operation,
 * `POST /rpc/operator_*` (supabase/migrations/20261129000300_operator_console_functions.sql), each
 * a security definer that refuses anyone without a row in `private.operators` with
 * insufficient_privilege (42501: `permission-denied` here, whatever the HTTP status). Each answers
 * one JSON value, read here field by field: a malformed answer is `internal`. A refusal the
 * database logged comes back as `{ refused: name }` (rejected `invalid-argument` with that name),
 * an unknown campus or student as `{ notFound: true }`.
 *
 * The launch's sample message is written here with the sender's own code (outgoingMail) from the
 * facts the database answers; its leave link is signed with a throwaway secret (the real one never
 * leaves the server), so the sample looks as the student's will and unsubscribes no one.
 */
export function createSupabaseOperatorConsole(
  client: SupabaseClientLoader,
  siteUrl: string,
): OperatorConsole {
  const calls = supabaseCalls(client);
  const rpc = async (fn: string, args?: Record<string, unknown>): Promise<unknown> => {
    try {
      return await calls.rpc(fn, args);
    } catch (error) {
      throw privilegeError(error);
    }
  };
  /** The answer of an action: its refusal and not-found as errors, else the value. */
  const act = async (fn: string, args?: Record<string, unknown>): Promise<Row> => {
    const data = await rpc(fn, args);
    const row = parsed(fn, () => object(data));
    if (typeof row.refused === 'string') throw new AppError('invalid-argument', row.refused);
    if (row.notFound === true) throw new AppError('not-found', `${fn}: no such record`);
    return row;
  };
  const parsed = <T>(fn: string, read: () => T): T => {
    try {
      return read();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('internal', `${fn} answered a malformed value`, { cause: error });
    }
  };

  return {
    async access() {
      const data = await rpc('operator_access');
      return parsed('operator_access', () => ({ email: text(object(data).email) }));
    },
    async campuses() {
      const data = await rpc('operator_campuses');
      return parsed('operator_campuses', () => list(data).map(campusOf));
    },
    async campusDays(collegeId) {
      const data = await rpc('operator_campus_days', { college: collegeId });
      return parsed('operator_campus_days', () => list(data).map(dayOf));
    },
    async saveSettings(collegeId, settings) {
      const row = await act('operator_save_settings', { college: collegeId, settings });
      return parsed('operator_save_settings', () => campusOf(row));
    },
    async launchPreview(collegeId) {
      const row = await act('operator_launch_preview', { college: collegeId });
      const preview = parsed('operator_launch_preview', () => ({
        students: count(row.students),
        alreadyQueued: count(row.alreadyQueued),
        sample: row.sample === null ? null : sampleOf(row.sample),
      }));
      return {
        students: preview.students,
        alreadyQueued: preview.alreadyQueued,
        sample: preview.sample && (await renderSample(preview.sample, siteUrl)),
      } satisfies LaunchPreview;
    },
    async launch(collegeId, request) {
      const row = await act('operator_launch', {
        college: collegeId,
        confirm: request.confirm,
        at: request.at,
      });
      return parsed('operator_launch', () => launchOf(row.status));
    },
    async cancelLaunch(collegeId) {
      const row = await act('operator_cancel_launch', { college: collegeId });
      return parsed('operator_cancel_launch', () => launchOf(row.status));
    },
    async requests() {
      const data = await rpc('operator_requests');
      return parsed('operator_requests', () => list(data).map(requestOf));
    },
    async addCampus(input) {
      const row = await act('operator_add_campus', {
        input: {
          request: input.request,
          id: input.id,
          name: input.name,
          shortName: input.shortName,
          city: input.city,
          state: input.state,
          domains: input.domains,
        },
      });
      return parsed('operator_add_campus', () => ({
        added: bool(row.added),
        moved: count(row.moved),
        queued: count(row.queued),
      }));
    },
    async heroPhotos() {
      const data = await rpc('operator_hero_photos');
      return parsed('operator_hero_photos', (): HeroReview => {
        const row = object(data);
        return { photos: list(row.photos).map(photoOf), stripEnabled: bool(row.stripEnabled) };
      });
    },
    async reviewPhoto(uid, approved) {
      await act('operator_review_photo', { uid, approved });
    },
    async setStrip(enabled) {
      await act('operator_set_strip', { enabled });
    },
    async findStudent(email) {
      const data = await rpc('operator_find_student', { email });
      return parsed('operator_find_student', () => (data === null ? null : studentOf(data)));
    },
    async exportStudent(uid) {
      const row = await act('operator_export_student', { uid });
      return parsed('operator_export_student', () => studentOf(row));
    },
    async deleteStudent(uid) {
      await act('operator_delete_student', { uid });
    },
    async health() {
      const data = await rpc('operator_health');
      return parsed('operator_health', () => healthOf(data));
    },
    async auditLog(limit) {
      const data = await rpc('operator_audit_log', limit === undefined ? {} : { lim: limit });
      return parsed('operator_audit_log', () =>
        list(data).map((value): AuditEntry => {
          const entry = parseAuditEntry(value);
          if (!entry) throw new TypeError('a malformed log entry');
          return entry;
        }),
      );
    },
  };
}

type Row = Readonly<Record<string, unknown>>;

/** insufficient_privilege (42501) is the role's refusal, signed in or not. */
function privilegeError(error: unknown): unknown {
  const cause = error instanceof AppError ? (error.cause as { code?: unknown } | undefined) : null;
  if (cause?.code === '42501') {
    return new AppError('permission-denied', 'Operators only', { cause: error });
  }
  return error;
}

const list = (value: unknown): unknown[] => {
  if (!Array.isArray(value)) throw new TypeError('not a list');
  return value;
};

const text = (value: unknown): string => {
  if (typeof value !== 'string') throw new TypeError('not a string');
  return value;
};

const count = (value: unknown): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new TypeError('not a count');
  }
  return value;
};

const bool = (value: unknown): boolean => {
  if (typeof value !== 'boolean') throw new TypeError('not a boolean');
  return value;
};

const instant = (value: unknown): string => {
  const at = text(value);
  if (Number.isNaN(Date.parse(at))) throw new TypeError('not an instant');
  return new Date(at).toISOString();
};

const object = (value: unknown): Row => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError('not an object');
  }
  return value as Row;
};

function settingsOf(value: unknown): ConsoleSettings {
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

function launchOf(value: unknown): LaunchStatus {
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
function campusOf(value: unknown): ConsoleCampus {
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

function dayOf(value: unknown): CampusDay {
  const d = object(value);
  const day = text(d.day);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new TypeError('not a day');
  return { day, joined: count(d.joined), verified: count(d.verified) };
}

function requestOf(value: unknown): ConsoleRequest {
  const r = object(value);
  return {
    pendingId: text(r.pendingId),
    name: text(r.name),
    city: text(r.city),
    requests: count(r.requests),
    joined: count(r.joined),
  };
}

function photoOf(value: unknown): HeroPhoto {
  const p = object(value);
  const status = p.status;
  if (status !== 'pending' && status !== 'approved' && status !== 'rejected') {
    throw new TypeError('not a review status');
  }
  return { uid: text(p.uid), photo: text(p.photo), status };
}

function studentOf(value: unknown): StudentRecord {
  const s = object(value);
  return {
    uid: text(s.uid),
    email: text(s.email),
    collegeId: s.collegeId === null ? null : text(s.collegeId),
    joinedAt: s.joinedAt === null ? null : instant(s.joinedAt),
    data: object(s.data),
  };
}

function healthOf(value: unknown): ConsoleHealth {
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

interface SampleFacts {
  readonly uid: string;
  readonly joinedMs: number;
  readonly name: string;
  readonly campus: string;
  readonly campusId: string;
}

function sampleOf(value: unknown): SampleFacts {
  const s = object(value);
  return {
    uid: text(s.uid),
    joinedMs: count(s.joinedMs),
    name: text(s.name),
    campus: text(s.campus),
    campusId: text(s.campusId),
  };
}

/** The launch message as the sender writes it (outgoingMail), signed with a throwaway secret. */
async function renderSample(
  facts: SampleFacts,
  siteUrl: string,
): Promise<NonNullable<LaunchPreview['sample']>> {
  const bytes = crypto.getRandomValues(new Uint8Array(MIN_SECRET_LENGTH));
  const secret = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  const mail = await outgoingMail(
    {
      id: launchMailId(facts.campusId, facts.uid),
      kind: 'launch',
      uid: facts.uid,
      joined: facts.joinedMs,
      to: 'muestra@example.invalid',
      name: facts.name,
      campus: facts.campus,
      campusId: facts.campusId,
      attempts: 0,
    },
    {
      secret,
      from: 'De estudiantes a estudiantes <muestra@example.invalid>',
      siteUrl,
      oneClickUrl: (token) => `${siteUrl}/salir?token=${encodeURIComponent(token)}`,
      campusPage: (campusId) => CAMPUS_PAGE_IDS.has(campusId),
    },
    new Date(),
  );
  return { subject: mail.subject, text: mail.text, html: mail.html };
}
