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
} as const;

/** The toast a sign-in failure shows: popup closed, or anything else. */
export const signInErrorMessage = (code: ErrorCode): string =>
  code === 'auth/popup-closed-by-user' ? MESSAGES.signInCancelled : MESSAGES.signInFailed;
