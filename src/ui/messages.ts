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
  // Issue 23: each photo is reviewed by the team before it shows; a cached strip empties within
  // minutes (Firebase's function keeps its answer up to 5 minutes).
  /** What a student agrees to (issue 23): the photo, without the name, to any visitor. */
  heroConsentLabel:
    'Mostrar mi foto de perfil de Google en la página principal, sin mi nombre; la verá cualquier visitante',
  heroConsentOn: 'Guardamos tu permiso para mostrar tu foto',
  heroConsentOnDescription:
    'Aparecerá en la página principal cuando el equipo la revise. Puedes quitarla cuando quieras desde tu registro.',
  heroConsentOff: 'Quitamos tu foto de la página principal',
  heroConsentOffDescription: 'Puede tardar unos minutos en desaparecer para todos.',
  heroConsentFailed: 'No pudimos guardar tu preferencia sobre tu foto',
  heroConsentFailedAtJoin:
    'Ya estás en la lista, pero no pudimos guardar tu preferencia sobre tu foto',
  collegeChanged: 'Actualizamos tu campus',
  collegeChangedDescription: (campus: string) =>
    `Te avisaremos cuando el marketplace llegue a ${campus}.`,
  collegeChangeFailed: 'No pudimos cambiar tu campus',
  /** A change of campus within a minute of the last one (issue 59: `resource-exhausted`). */
  collegeChangeTooSoon: 'Acabas de cambiar tu campus',
  collegeChangeTooSoonDescription: 'Podrás cambiarlo de nuevo en un minuto.',
  left: 'Saliste de la lista de espera',
  leftDescription:
    'Borramos tu registro, tu permiso de foto y tu cuenta. Puedes volver a unirte cuando quieras.',
  leaveFailed: 'No pudimos sacarte de la lista de espera',
  entryLoadFailed: 'No pudimos cargar tus datos.',
  campusRequested: 'Recibimos tu solicitud',
  campusRequestedDescription:
    'Ya puedes unirte a él como campus pendiente; te escribiremos cuando esté en la lista.',
  sellerSaved: 'Guardamos lo que quieres vender',
  sellerCleared: 'Ya no apareces como vendedor',
  sellerSaveFailed: 'No pudimos guardar lo que quieres vender.',
  sellerLoadFailed: 'No pudimos cargar lo que quieres vender.',
  campusRequestLimit: 'Ya enviaste varias solicitudes',
  campusRequestLimitDescription: 'Revisaremos las que nos mandaste.',
  campusRequestFailed: 'No pudimos enviar tu solicitud',
  tryAgain: 'Por favor intenta nuevamente.',
} as const;

/** The toast a sign-in failure shows: popup closed, or anything else. */
export const signInErrorMessage = (code: ErrorCode): string =>
  code === 'auth/popup-closed-by-user' ? MESSAGES.signInCancelled : MESSAGES.signInFailed;
