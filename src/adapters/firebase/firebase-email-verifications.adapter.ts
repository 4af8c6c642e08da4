import { AppError } from '@/domain/errors';
import { parsePendingCode, parseSendOutcome, parseTryOutcome } from '@/domain/email-verification';
import type { EmailVerifications } from '@/ports/email-verifications.port';
import { type CallableOptions, callableFunction } from './firebase-callable';
import { toBackendError } from './firebase-errors';

/** The callable functions of functions/src/email-verifications.ts (issue 48). */
export const PENDING_CODE_FUNCTION = 'get_pending_code';
export const SEND_CODE_FUNCTION = 'send_verification_code';
export const VERIFY_CODE_FUNCTION = 'verify_email_code';

/**
 * Verification through three callables; each is sent the uid asked for and refuses any but the
 * caller's own (`permission-denied`); no entry is `not-found`. They answer `{ outcome, … }`.
 */
export function createCallableEmailVerifications(options: CallableOptions): EmailVerifications {
  const fns = {
    pending: callableFunction(options, PENDING_CODE_FUNCTION),
    send: callableFunction(options, SEND_CODE_FUNCTION),
    verify: callableFunction(options, VERIFY_CODE_FUNCTION),
  };
  const call = async (fn: (data?: unknown) => Promise<unknown>, data: unknown) => {
    try {
      return await fn(data);
    } catch (error) {
      throw toBackendError(error);
    }
  };
  return {
    async pending(uid) {
      const answer = (await call(fns.pending, { uid })) as { pending?: unknown } | null;
      return parsePendingCode(answer?.pending);
    },
    async sendCode(uid, address) {
      const outcome = parseSendOutcome(await call(fns.send, { uid, address }));
      if (!outcome) throw new AppError('internal', `${SEND_CODE_FUNCTION} answered no outcome`);
      return outcome;
    },
    async verify(uid, code) {
      const outcome = parseTryOutcome(await call(fns.verify, { uid, code }));
      if (!outcome) throw new AppError('internal', `${VERIFY_CODE_FUNCTION} answered no outcome`);
      return outcome;
    },
  };
}
