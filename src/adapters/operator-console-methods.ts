import type { OperatorConsole } from '@/ports/operator-console.port';

/** The operator console port's methods, for the lazy proxies (lazy-port.ts); the compiler holds it whole. */
const METHODS = {
  access: 0,
  campuses: 0,
  campusDays: 0,
  saveSettings: 0,
  launchPreview: 0,
  launch: 0,
  cancelLaunch: 0,
  requests: 0,
  addCampus: 0,
  heroPhotos: 0,
  reviewPhoto: 0,
  setStrip: 0,
  findStudent: 0,
  exportStudent: 0,
  deleteStudent: 0,
  health: 0,
  auditLog: 0,
} as const satisfies Record<keyof OperatorConsole, 0>;

export const OPERATOR_CONSOLE_METHODS = Object.keys(METHODS) as (keyof OperatorConsole)[];
