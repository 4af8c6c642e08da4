/**
 * What the operator console reads (issue 61), as every backend's server answers it. Figures are
 * unfloored (operators only) and never published. Each parse* turns a server's answer into these
 * shapes or throws a TypeError (the adapters turn that into `internal`): a malformed answer is a
 * clear error on the console, never a blank table.
 */
import type { LaunchReportRow } from '@/domain/launch-report';
import type { ConsoleSettings } from './console-settings';
import type { LaunchStatus } from './launch-plan';
import type { Readiness } from './readiness';

/** One row of the campuses table: the launch report's row and what the console adds. */
export interface ConsoleCampus {
  /** The CLI's row (`npm run report`), so the console's CSV is the command's. */
  readonly report: LaunchReportRow;
  /** The catalogue's short name ('UDG - CUCEI'); a pending campus: 'pendiente'. */
  readonly name: string;
  readonly settings: ConsoleSettings;
  readonly readiness: Readiness;
  readonly launch: LaunchStatus;
}

/** One day of a campus's chart: students who joined that day (Mexico City) and, of them, verified now. */
export interface CampusDay {
  readonly day: string;
  readonly joined: number;
  readonly verified: number;
}

/** A requested campus not yet in the catalogue. */
export interface ConsoleRequest {
  readonly pendingId: string;
  /** What the first student typed: shown to the operator only, never copied anywhere. */
  readonly name: string;
  readonly city: string;
  /** Students who asked for it. */
  readonly requests: number;
  /** Students on its list now (joined pending). */
  readonly joined: number;
}

export type { AddCampusInput } from './add-campus';

export interface AddCampusResult {
  /** False when the request had been added already (by this operator or another). */
  readonly added: boolean;
  /** Students moved from the pending campus to the new one. */
  readonly moved: number;
  /** 'campus-added' e-mails recorded. */
  readonly queued: number;
}

/** A photo waiting in (or decided by) the hero strip's review. */
export interface HeroPhoto {
  readonly uid: string;
  /** The photo's address, as the strip would load it. */
  readonly photo: string;
  readonly status: 'pending' | 'approved' | 'rejected';
}

export interface HeroReview {
  readonly photos: readonly HeroPhoto[];
  /** The kill switch: false, the strip shows nobody. */
  readonly stripEnabled: boolean;
}

/** One student's record, as an ARCO request is answered (see, export, delete). */
export interface StudentRecord {
  readonly uid: string;
  readonly email: string;
  readonly collegeId: string | null;
  /** ISO instant of joining, or null for an account that never joined. */
  readonly joinedAt: string | null;
  /** Everything the backend keeps about the student, as plain JSON (the export). */
  readonly data: Readonly<Record<string, unknown>>;
}

export interface ConsoleHealth {
  /** Failure counts by day, newest first: each key of the page's reports ('sign-in/unavailable'), and what the budget dropped. */
  readonly failures: readonly {
    readonly day: string;
    readonly counts: Readonly<Record<string, number>>;
    readonly dropped: number;
  }[];
  /** The retention job's last run: when, and how many of each it deleted; null if never. */
  readonly retention: {
    readonly at: string;
    readonly deleted: Readonly<Record<string, number>>;
  } | null;
}

/** A dry run of a launch: who would get the e-mail now, and one as a student would see it. */
export interface LaunchPreview {
  readonly students: number;
  /** Already recorded for this campus (a launch resumed): not sent again. */
  readonly alreadyQueued: number;
  /** The sample message, or null when the list is empty. */
  readonly sample: {
    readonly subject: string;
    readonly text: string;
    readonly html: string;
  } | null;
}
