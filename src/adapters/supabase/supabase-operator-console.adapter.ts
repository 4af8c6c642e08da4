import { CAMPUS_PAGE_IDS } from '@/data/campus-pages';
import { AppError } from '@/domain/errors';
import { outgoingMail } from '@/domain/mail/deliver-outbox';
import { MIN_SECRET_LENGTH } from '@/domain/mail/leave-token';
import { launchMailId } from '@/domain/mail/outbox';
import { type AuditEntry, parseAuditEntry } from '@/domain/operator/audit-log';
import type { LaunchPreview } from '@/domain/operator/console-records';
import type { OperatorConsole } from '@/ports/operator-console.port';
import {
  addResultOf,
  campusesOf,
  campusOf,
  dayOf,
  healthOf,
  heroReviewOf,
  launchStatusOf,
  list,
  outcomeOf,
  previewOf,
  requestOf,
  type Row,
  type SampleFacts,
  studentOf,
  text,
  object,
} from './operator-console-answer';
import type { SupabaseClientLoader } from './supabase-client';
import { supabaseCalls } from './supabase-calls';

/**
 * The operator console on Supabase (issue 61): one SQL function per operation,
 * `POST /rpc/operator_*` (supabase/migrations/20261129000300_operator_console_functions.sql), each
 * a security definer that refuses anyone without a row in `private.operators` with
 * insufficient_privilege (42501: `permission-denied` here, whatever the HTTP status). Each answers
 * one JSON value, read field by field (operator-console-answer.ts, which the operators' commands
 * share): a malformed answer is `internal`. A refusal the
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
    const outcome = parsed(fn, () => outcomeOf(data));
    if ('refused' in outcome) throw new AppError('invalid-argument', outcome.refused);
    if ('notFound' in outcome) throw new AppError('not-found', `${fn}: no such record`);
    return outcome.value;
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
      return parsed('operator_campuses', () => campusesOf(data));
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
      const preview = parsed('operator_launch_preview', () => previewOf(row));
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
      return parsed('operator_launch', () => launchStatusOf(row));
    },
    async cancelLaunch(collegeId) {
      const row = await act('operator_cancel_launch', { college: collegeId });
      return parsed('operator_cancel_launch', () => launchStatusOf(row));
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
      return parsed('operator_add_campus', () => addResultOf(row));
    },
    async heroPhotos() {
      const data = await rpc('operator_hero_photos');
      return parsed('operator_hero_photos', () => heroReviewOf(data));
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

/** insufficient_privilege (42501) is the role's refusal, signed in or not. */
function privilegeError(error: unknown): unknown {
  const cause = error instanceof AppError ? (error.cause as { code?: unknown } | undefined) : null;
  if (cause?.code === '42501') {
    return new AppError('permission-denied', 'Operators only', { cause: error });
  }
  return error;
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
