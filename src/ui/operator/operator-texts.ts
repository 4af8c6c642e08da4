import { AppError } from '@/domain/errors';
import { LAUNCH_REFUSALS, type LaunchRefusal } from '@/domain/operator/launch-plan';
import { SETTINGS_PROBLEMS, type SettingsProblem } from '@/domain/operator/console-settings';

/** The console's own texts (issue 61); the domain's problems and refusals keep theirs. */
export const CONSOLE_TEXTS = {
  title: 'Consola de operación',
  loading: 'Cargando la consola…',
  signInTitle: 'Inicia sesión para entrar a la consola',
  signInHint: 'Solo las cuentas con el rol de operador pueden entrar.',
  signIn: 'Continuar con Google',
  signOut: 'Cerrar sesión',
  denied: 'No tienes acceso a la consola.',
  failed: 'No pudimos abrir la consola.',
  retry: 'Reintentar',
  launchUnknown: 'No sabemos si el lanzamiento se registró. Recarga la página para ver su estado.',
} as const;

const codeOf = (error: unknown): string | null => (error instanceof AppError ? error.code : null);
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : '');

/** Whether the failure was a lost connection or a time limit: the outcome is unknown. */
export const isLostConnection = (error: unknown): boolean =>
  ['unavailable', 'deadline-exceeded'].includes(codeOf(error) ?? '');

export const isPermissionDenied = (error: unknown): boolean =>
  codeOf(error) === 'permission-denied';

/** A settings problem a refusal names, or null. */
export function settingsProblemOf(error: unknown): SettingsProblem | null {
  const message = messageOf(error);
  return codeOf(error) === 'invalid-argument' && message in SETTINGS_PROBLEMS
    ? (message as SettingsProblem)
    : null;
}

/** What a refused add of a campus says: each reason the servers give, else a general one. */
const ADD_REASONS: Readonly<Record<string, string>> = {
  id: 'El id debe ser palabras en minúsculas sin acentos unidas con guiones (por ejemplo, udg-cucei).',
  name: 'Escribe el nombre del catálogo.',
  shortName: 'Escribe el nombre corto.',
  city: 'Escribe la ciudad.',
  state: 'Escribe el estado de la república.',
  domains:
    'Escribe al menos un dominio de correo universitario válido (por ejemplo, alumnos.udg.mx).',
  taken: 'Ya hay un campus con ese id.',
  'added-as-other': 'Esa solicitud ya se agregó al catálogo con otro id.',
  request: 'Esa solicitud ya no existe.',
};

/**
 * The Spanish sentence for a failed console call: the domain's settings problems and launch
 * refusals, a refused add's reason, a missing record, a lost connection, or a general failure.
 */
export function consoleErrorMessage(error: unknown): string {
  const code = codeOf(error);
  const message = messageOf(error);
  if (code === 'permission-denied') return CONSOLE_TEXTS.denied;
  if (code === 'invalid-argument') {
    if (message in SETTINGS_PROBLEMS) return SETTINGS_PROBLEMS[message as SettingsProblem];
    if (message in LAUNCH_REFUSALS) return LAUNCH_REFUSALS[message as LaunchRefusal];
    if (message === 'email') return 'Escribe un correo válido.';
    if (message.startsWith('campus-add:')) {
      const reason = message.slice('campus-add:'.length);
      return ADD_REASONS[reason] ?? `Revisa los datos del campus (${reason}).`;
    }
    return 'Revisa los datos e intenta de nuevo.';
  }
  if (code === 'not-found') return 'No encontramos ese registro; quizá ya no existe.';
  if (code === 'unavailable' || code === 'deadline-exceeded') {
    return 'Se perdió la conexión con el servidor. Intenta de nuevo.';
  }
  return 'Algo salió mal. Intenta de nuevo.';
}

/** An instant as Mexico City's wall time, in Spanish ('28 nov 2026, 18:30'). */
export const mexicoCityTime = (iso: string): string =>
  new Intl.DateTimeFormat('es-MX', {
    timeZone: 'America/Mexico_City',
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(new Date(iso));

/** A calendar day `YYYY-MM-DD` in Spanish ('28 nov 2026'). */
export const dayLabel = (day: string): string =>
  new Intl.DateTimeFormat('es-MX', { timeZone: 'UTC', dateStyle: 'medium' }).format(
    new Date(`${day}T00:00:00Z`),
  );

export const formatNumber = (n: number): string => n.toLocaleString('es-MX');
