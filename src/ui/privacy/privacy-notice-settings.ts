/**
 * The privacy notice's settings (issue 13): who is responsible for the data, where to write, and
 * the notice's date. Plain TypeScript with no `import.meta.env`, so that the build's settings
 * check (scripts/build/site-files.ts, run by vite.config.ts in Node) and the page
 * (privacy-notice.config.ts) share one definition.
 */

import { PRIVACY_NOTICE_PATH } from '../privacy-notice-path';

export { PRIVACY_NOTICE_FILE, PRIVACY_NOTICE_PATH } from '../privacy-notice-path';

/** The variables a production build must set (`.env.example` describes each). */
export const PRIVACY_ENV = [
  'VITE_PRIVACY_RESPONSIBLE',
  'VITE_PRIVACY_ADDRESS',
  'VITE_PRIVACY_EMAIL',
  'VITE_PRIVACY_UPDATED',
  'VITE_PRIVACY_MAIL_PROVIDER',
] as const;
export type PrivacyEnvName = (typeof PRIVACY_ENV)[number];

type Env = Readonly<Record<string, string | boolean | undefined>>;

export interface PrivacyNoticeSettings {
  /** The responsible party (persona física o moral): 'VITE_PRIVACY_RESPONSIBLE'. */
  responsible: string;
  /** Its postal address in Mexico: 'VITE_PRIVACY_ADDRESS'. */
  address: string;
  /** Where ARCO requests and consent revocations go: 'VITE_PRIVACY_EMAIL'. */
  email: string;
  /** The notice's last update, as written on the page ('23 de noviembre de 2026'). */
  updated: string;
  /** The same date as YYYY-MM-DD, for `<time dateTime>`; empty while it is a placeholder. */
  updatedIso: string;
  /**
   * Who sends the e-mails (issue 25), named among the processors: the SMTP provider behind
   * SMTP_URL (`Amazon Web Services, Inc. (Amazon SES)`, `Brevo`, the university's relay...):
   * 'VITE_PRIVACY_MAIL_PROVIDER'.
   */
  mailProvider: string;
  /** True when any value is a development placeholder (never in a production build). */
  placeholders: boolean;
}

/** What the page shows in place of each missing value: visible, and naming the variable. */
export const PLACEHOLDERS: Record<PrivacyEnvName, string> = {
  VITE_PRIVACY_RESPONSIBLE: '[Nombre del responsable — configura VITE_PRIVACY_RESPONSIBLE]',
  VITE_PRIVACY_ADDRESS: '[Domicilio del responsable — configura VITE_PRIVACY_ADDRESS]',
  VITE_PRIVACY_EMAIL: '[Correo de contacto — configura VITE_PRIVACY_EMAIL]',
  VITE_PRIVACY_UPDATED: '[Fecha de última actualización — configura VITE_PRIVACY_UPDATED]',
  VITE_PRIVACY_MAIL_PROVIDER: '[Proveedor de correo — configura VITE_PRIVACY_MAIL_PROVIDER]',
};

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[a-z]{2,}$/i;
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

const read = (env: Env, name: PrivacyEnvName) => {
  const v = env[name];
  return typeof v === 'string' ? v.trim() : '';
};

/** A YYYY-MM-DD date that exists ('2026-02-30' does not), in Spanish; null otherwise. */
export function spanishDate(iso: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return `${day} de ${MONTHS[month - 1]} de ${year}`;
}

/** The malformed values, each with what it should be (English, for developers). */
function malformed(env: Env): string[] {
  const problems: string[] = [];
  const email = read(env, 'VITE_PRIVACY_EMAIL');
  if (email && !EMAIL.test(email)) {
    problems.push(`VITE_PRIVACY_EMAIL must be an e-mail address; got "${email}"`);
  }
  const updated = read(env, 'VITE_PRIVACY_UPDATED');
  if (updated && !spanishDate(updated)) {
    problems.push(`VITE_PRIVACY_UPDATED must be a date as YYYY-MM-DD; got "${updated}"`);
  }
  return problems;
}

/** The settings from the build's variables, with placeholders where one is missing or malformed. */
export function privacyNoticeSettings(env: Env): PrivacyNoticeSettings {
  const bad = malformed(env).join(' ');
  const value = (name: PrivacyEnvName) => {
    const v = read(env, name);
    return v && !bad.includes(name) ? v : '';
  };
  const updatedIso = value('VITE_PRIVACY_UPDATED');
  const settings = {
    responsible: value('VITE_PRIVACY_RESPONSIBLE') || PLACEHOLDERS.VITE_PRIVACY_RESPONSIBLE,
    address: value('VITE_PRIVACY_ADDRESS') || PLACEHOLDERS.VITE_PRIVACY_ADDRESS,
    email: value('VITE_PRIVACY_EMAIL') || PLACEHOLDERS.VITE_PRIVACY_EMAIL,
    updated: (updatedIso && spanishDate(updatedIso)) || PLACEHOLDERS.VITE_PRIVACY_UPDATED,
    updatedIso,
    mailProvider: value('VITE_PRIVACY_MAIL_PROVIDER') || PLACEHOLDERS.VITE_PRIVACY_MAIL_PROVIDER,
  };
  return {
    ...settings,
    placeholders: PRIVACY_ENV.some((name) => !value(name)),
  };
}

/**
 * Whether a build must carry the real notice: every build of a real backend (firebase,
 * supabase) on its real services. The memory build, the Firebase build on the emulators
 * (`VITE_FIREBASE_EMULATORS=true`, `.env.emulators`) and the Supabase build on a local stand-in
 * (`VITE_SUPABASE_URL` on localhost, `.env.supabase`) are development builds: placeholders.
 */
export function privacyNoticeRequired(backend: string, env: Env): boolean {
  if (backend === 'memory') return false;
  if (backend === 'firebase' && String(env.VITE_FIREBASE_EMULATORS).trim() === 'true') return false;
  if (backend === 'supabase') {
    try {
      const { hostname } = new URL(String(env.VITE_SUPABASE_URL ?? '').trim());
      if (['localhost', '127.0.0.1', '[::1]'].includes(hostname)) return false;
    } catch {
      // No URL or a malformed one: the backend's own check names it; the notice is still required.
    }
  }
  return true;
}

/**
 * The problem with the notice's settings for a build, for the developer, or null. A production
 * build (see privacyNoticeRequired) needs every PRIVACY_ENV variable, well formed; `file` is the
 * env file the command reads.
 */
export function privacyNoticeProblem(backend: string, env: Env, file: string): string | null {
  if (!privacyNoticeRequired(backend, env)) return null;
  const missing = PRIVACY_ENV.filter((name) => !read(env, name));
  const problems = [
    ...(missing.length
      ? [`${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`]
      : []),
    ...malformed(env),
  ];
  if (!problems.length) return null;
  return (
    `A ${backend} production build needs the privacy notice's settings (${PRIVACY_NOTICE_PATH}): ` +
    `${problems.join('; ')}. Set them in ${file} (see .env.example), e.g. ` +
    'VITE_PRIVACY_RESPONSIBLE="Nombre o razón social", VITE_PRIVACY_ADDRESS="Calle 1, Col. Centro, ' +
    '44100 Guadalajara, Jal.", VITE_PRIVACY_EMAIL=privacidad@your-domain.mx, ' +
    'VITE_PRIVACY_UPDATED=2026-11-23, VITE_PRIVACY_MAIL_PROVIDER="Brevo (Sendinblue SAS)". ' +
    'Students must not read placeholders in a published notice. ' +
    'Development builds (memory, the emulators, a local Supabase) show placeholders instead.'
  );
}
