import type { SendOutcome, TryOutcome } from '@/domain/email-verification';

const ZONE = 'America/Mexico_City';
const clock = new Intl.DateTimeFormat('es-MX', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: ZONE,
});
const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE });
const weekday = new Intl.DateTimeFormat('es-MX', { weekday: 'long', timeZone: ZONE });

/**
 * When another code may be asked for, as the card says it: 'a las 14:05' today, 'mañana a las
 * 9:00' tomorrow, 'el jueves a las 9:00' later (Mexico City's clock).
 */
export function retryText(retryAt: number, now: number = Date.now()): string {
  const at = `a las ${clock.format(new Date(retryAt))}`;
  const day = dayOf.format(new Date(retryAt));
  if (day === dayOf.format(new Date(now))) return at;
  if (day === dayOf.format(new Date(now + 86_400_000))) return `mañana ${at}`;
  return `el ${weekday.format(new Date(retryAt))} ${at}`;
}

/** A sentence ending in `when`: one period, also after 'a.m.' ('a las 9:00 a.m.'). */
const ending = (when: string): string => (when.endsWith('.') ? when : `${when}.`);

/** What the card says after 'Enviar código' (issue 48): a sentence and whether it is an error. */
export function sendText(
  outcome: SendOutcome,
  university: string | null,
  now: number = Date.now(),
): string {
  switch (outcome.outcome) {
    case 'sent':
      return `Te enviamos un código a ${outcome.address}. Puede tardar unos minutos en llegar; revisa también tu correo no deseado.`;
    case 'malformed':
      return 'Ese correo no es válido. Escríbelo completo, por ejemplo nombre@universidad.mx.';
    case 'personal':
      return university
        ? `Ese correo no es ${university}. Usa el correo que te dio tu universidad.`
        : 'Ese correo no es de tu universidad. Usa el correo que te dio tu universidad.';
    case 'limited':
      return `Ya pediste varios códigos. Podrás pedir otro ${ending(retryText(outcome.retryAt, now))}`;
    case 'spent':
      return 'Ya pediste todos los códigos que podemos enviar a una cuenta. Si necesitas ayuda, escríbenos desde el aviso de privacidad.';
    case 'waiting':
      return `Ya enviamos un código a ese correo hace poco. Revisa tu bandeja o pide otro ${ending(retryText(outcome.retryAt, now))}`;
    case 'busy':
      return `Estamos enviando muchos códigos a tu universidad. Podrás pedir otro ${ending(retryText(outcome.retryAt, now))}`;
    case 'paused':
      return `Por hoy no podemos enviar más códigos. Podrás pedir otro ${ending(retryText(outcome.retryAt, now))}`;
    case 'suppressed':
      return 'No podemos enviar correos a esa dirección. Revisa que esté bien escrita o usa otro correo de tu universidad.';
    case 'verified':
      return 'Tu correo ya está verificado.';
  }
}

/** What the card says after 'Verificar'. */
export function tryText(outcome: TryOutcome | { outcome: 'malformed' }): string {
  switch (outcome.outcome) {
    case 'verified':
      return 'Listo: verificamos tu correo.';
    case 'malformed':
      return 'El código tiene 6 dígitos. Revisa el correo que te enviamos.';
    case 'wrong':
      return outcome.left === 1
        ? 'El código no es correcto. Te queda 1 intento.'
        : `El código no es correcto. Te quedan ${outcome.left} intentos.`;
    case 'expired':
      return 'El código ya expiró. Pide uno nuevo.';
    case 'exhausted':
      return 'Hiciste demasiados intentos con este código. Pide uno nuevo.';
    case 'none':
      return 'Ese código ya no es válido. Pide uno nuevo.';
  }
}

/** When a send or a try could not reach the server: nothing was lost; try again. */
export const VERIFICATION_FAILED = 'No pudimos comunicarnos con el servidor. Intenta nuevamente.';
