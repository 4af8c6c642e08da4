import type { AuditEntry } from '@/domain/operator/audit-log';
import type {
  AddCampusInput,
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

/**
 * The operator console's operations (issue 61), each run by the backend's server for the
 * signed-in account only when it holds the operator role (Firebase: the `operator` custom claim;
 * Supabase: `private.operators`; memory: the demo operator). A student or anonymous caller is
 * refused with `permission-denied` whatever they send. Every action (not the reads) is written to
 * the operators' log in the same transaction, a refused attempt included.
 *
 * Failures reject with an AppError: `permission-denied` (no role), `invalid-argument` (with the
 * problem's name as message: a SettingsProblem, a LaunchRefusal, 'campus-add:<reason>'),
 * `not-found`, `unavailable`, `deadline-exceeded`, `internal` (a malformed answer).
 */
export interface OperatorConsole {
  /** Resolves when the signed-in account is an operator; rejects `permission-denied` otherwise. */
  access(): Promise<{ readonly email: string }>;
  /** Every campus with students, settings or requests: the launch report's rows and more. */
  campuses(): Promise<ConsoleCampus[]>;
  /** The campus's joined and verified students by day of joining, oldest first. */
  campusDays(collegeId: string): Promise<CampusDay[]>;
  /** Replaces the campus's settings (checked by checkSettings); resolves with the campus's row. */
  saveSettings(collegeId: string, settings: ConsoleSettings): Promise<ConsoleCampus>;
  /** The launch's dry run: counts and one sample message. Writes nothing (not logged). */
  launchPreview(collegeId: string): Promise<LaunchPreview>;
  /**
   * Launches the campus now (`at` null) or at a Mexico City wall time (`YYYY-MM-DDTHH:mm`),
   * once: the typed `confirm` must be the campus id. Resolves with the launch's state now.
   */
  launch(collegeId: string, request: { confirm: string; at: string | null }): Promise<LaunchStatus>;
  /** Cancels a scheduled launch not yet run. */
  cancelLaunch(collegeId: string): Promise<LaunchStatus>;
  /** The pending campuses students asked for, most asked first. */
  requests(): Promise<ConsoleRequest[]>;
  /** What `campus:add` does, with the operator's typed names. */
  addCampus(input: AddCampusInput): Promise<AddCampusResult>;
  heroPhotos(): Promise<HeroReview>;
  /** Approves or rejects the student's current photo. */
  reviewPhoto(uid: string, approved: boolean): Promise<void>;
  /** The hero strip's kill switch. */
  setStrip(enabled: boolean): Promise<void>;
  /** The student with this address (their Google or verified one), or null. Logged. */
  findStudent(email: string): Promise<StudentRecord | null>;
  /** Everything kept about the student (the ARCO export, downloaded as JSON). Logged. */
  exportStudent(uid: string): Promise<StudentRecord>;
  /** Deletes the student's account and every record, as their own deletion does. Logged. */
  deleteStudent(uid: string): Promise<void>;
  health(): Promise<ConsoleHealth>;
  /** The operators' log, newest first (at most `limit`, default 200). */
  auditLog(limit?: number): Promise<AuditEntry[]>;
}
