import type { SendOutcome, TryOutcome } from '@/domain/email-verification';

const clock = new Intl.DateTimeFormat('es-MX', { hour: 'numeric', minute: '2-digit' });

/** What the card says after 'Enviar código' (issue 48): a sentence and whether it is an error. */
export function sendText(outcome: SendOutcome, university: string | null): string {
  switch (outcome.outcome) {
    case 'sent':
      return `Te enviamos un código a ${outcome.address}. Puede tardar unos minutos en llegar; revisa también tu correo no deseado.`;
    case 'malformed':
      return 'Ese correo no es válido. Escríbelo completo, por ejemplo nombre@universidad.mx.';
    case 'personal':
      return university
        ? `Ese correo no es ${university}. Usa el correo que te dio tu universidad.`
        : 'Ese correo no es de tu universidad. Usa el correo que te dio tu universidad.';
    case 'taken':
      return 'No podemos verificar ese correo con esta cuenta. Si es tuyo, escríbenos desde el aviso de privacidad.';
    case 'limited':
      return `Ya pediste varios códigos. Podrás pedir otro a las ${clock.format(new Date(outcome.retryAt))}.`;
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
