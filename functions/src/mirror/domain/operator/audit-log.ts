// Generated from src/domain/operator/audit-log.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * The operators' log (issue 61): every console action, who did it, when, on which campus or
 * student, with what it changed. Written by the server in the same transaction as the action,
 * attempts refused included; append-only (no operator, role or function may edit or delete an
 * entry); kept for AUDIT_LOG_DAYS per the privacy notice, then pruned by the retention job.
 */

export const OPERATOR_ACTIONS = [
  'settings',
  'launch',
  'launch-schedule',
  'launch-cancel',
  'campus-add',
  'photo-approve',
  'photo-reject',
  'strip',
  'student-view',
  'student-export',
  'student-delete',
  'role-grant',
  'role-revoke',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export const isOperatorAction = (value: unknown): value is OperatorAction =>
  (OPERATOR_ACTIONS as readonly unknown[]).includes(value);

/** How long an entry is kept (two years: what the privacy notice says of the operators' log). */
export const AUDIT_LOG_DAYS = 730;

export interface AuditEntry {
  readonly id: string;
  /** ISO instant, the server's clock. */
  readonly at: string;
  /** The operator's e-mail (a terminal command: 'terminal:<user>'). */
  readonly actor: string;
  readonly action: OperatorAction;
  /** The campus id, the student's uid, or null. */
  readonly target: string | null;
  /** 'done', or the refusal's name ('already', 'confirmation', …). */
  readonly outcome: string;
  /** What the action read before and wrote after (plain JSON; no student e-mail). */
  readonly before: unknown;
  readonly after: unknown;
}

/** What the console writes for an action's outcome. */
export const ACTION_LABELS: Readonly<Record<OperatorAction, string>> = {
  settings: 'Cambió la configuración',
  launch: 'Lanzó el campus',
  'launch-schedule': 'Programó el lanzamiento',
  'launch-cancel': 'Canceló el lanzamiento',
  'campus-add': 'Agregó al catálogo',
  'photo-approve': 'Aprobó una foto',
  'photo-reject': 'Rechazó una foto',
  strip: 'Cambió la tira de fotos',
  'student-view': 'Consultó un registro',
  'student-export': 'Exportó un registro',
  'student-delete': 'Eliminó un registro',
  'role-grant': 'Dio acceso de operador',
  'role-revoke': 'Quitó acceso de operador',
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A log entry from a server's answer; null when malformed (the console skips it, counted). */
export function parseAuditEntry(value: unknown): AuditEntry | null {
  if (!isRecord(value)) return null;
  const { id, at, actor, action, target, outcome } = value;
  if (typeof id !== 'string' || typeof at !== 'string' || Number.isNaN(Date.parse(at))) return null;
  if (typeof actor !== 'string' || !isOperatorAction(action) || typeof outcome !== 'string') {
    return null;
  }
  if (target !== null && typeof target !== 'string') return null;
  return {
    id,
    at,
    actor,
    action,
    target,
    outcome,
    before: value.before ?? null,
    after: value.after ?? null,
  };
}
