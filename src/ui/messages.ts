import type { ErrorCode } from '@/domain/errors';

/** Every toast text of spec section 8, quoted exactly, in one place. */
export const MESSAGES = {
  welcome: (name: string) => `Bienvenido, ${name}`,
  signInCancelled: 'El inicio de sesión fue cancelado. Por favor, inténtalo nuevamente.',
  signInFailed: 'Error al iniciar sesión. Por favor intenta nuevamente.',
  collegeRequired: 'Por favor selecciona una universidad',
  collegeRequiredDescription:
    'Necesitamos saber a qué universidad perteneces para añadirte a la lista de espera.',
  joined: '¡Has sido añadido a la lista de espera!',
  joinedDescription: 'Te notificaremos cuando el marketplace esté disponible en tu campus.',
  joinFailed: 'Hubo un problema al unirte a la lista de espera',
  joinFailedDescription: 'Por favor intenta nuevamente más tarde.',
  searchFailed: 'Error al buscar universidades',
  searchFailedDescription: 'Por favor intenta nuevamente.',
  // Issue 13: the student's own entry. Not in the spec; written in its voice.
  heroConsentOn: 'Tu foto aparecerá en la portada',
  heroConsentOnDescription: 'Puedes quitarla cuando quieras desde tu registro.',
  heroConsentOff: 'Quitamos tu foto de la portada',
  heroConsentFailed: 'No pudimos guardar tu preferencia sobre tu foto',
  heroConsentFailedAtJoin:
    'Ya estás en la lista, pero no pudimos guardar tu preferencia sobre tu foto',
  collegeChanged: 'Actualizamos tu campus',
  collegeChangedDescription: (campus: string) =>
    `Te avisaremos cuando el marketplace llegue a ${campus}.`,
  collegeChangeFailed: 'No pudimos cambiar tu campus',
  left: 'Saliste de la lista de espera',
  leftDescription:
    'Borramos tu registro y tu permiso de foto. Puedes volver a unirte cuando quieras.',
  leaveFailed: 'No pudimos sacarte de la lista de espera',
  entryLoadFailed: 'No pudimos cargar tus datos.',
  tryAgain: 'Por favor intenta nuevamente.',
} as const;

/** The toast a sign-in failure shows: popup closed, or anything else. */
export const signInErrorMessage = (code: ErrorCode): string =>
  code === 'auth/popup-closed-by-user' ? MESSAGES.signInCancelled : MESSAGES.signInFailed;
