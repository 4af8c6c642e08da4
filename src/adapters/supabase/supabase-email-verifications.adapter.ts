import { AppError } from '@/domain/errors';
import { parsePendingCode, parseSendOutcome, parseTryOutcome } from '@/domain/email-verification';
import type { EmailVerifications } from '@/ports/email-verifications.port';
import type { SupabaseClientLoader } from './supabase-client';
import { toBackendError, toThrownBackendError } from './supabase-errors';
import { requireOwnUid } from './supabase-owner';

/** The SQL functions of supabase/migrations/20261128060000_email_verification.sql (issue 48). */
export const PENDING_CODE_FUNCTION = 'pending_verification';
export const SEND_CODE_FUNCTION = 'send_verification_code';
export const VERIFY_CODE_FUNCTION = 'verify_email_code';

/** The database answers `{ outcome, … }` as JSON; times as ms since 1970. */
export function createSupabaseEmailVerifications(client: SupabaseClientLoader): EmailVerifications {
  const load = () => client().catch((e: unknown) => Promise.reject(toThrownBackendError(e)));
  const rpc = async (uid: string, fn: string, args?: Record<string, unknown>): Promise<unknown> => {
    const sb = await load();
    await requireOwnUid(sb, uid);
    const answer = await sb.rest.rpc(fn, args);
    if (answer.error) throw toBackendError(answer.error, answer.status);
    return answer.data as unknown;
  };
  return {
    async pending(uid) {
      return parsePendingCode(await rpc(uid, PENDING_CODE_FUNCTION));
    },
    async sendCode(uid, address) {
      const data = await rpc(uid, SEND_CODE_FUNCTION, { address });
      if (data === null) throw new AppError('not-found', 'No waitlist entry');
      const outcome = parseSendOutcome(data);
      if (!outcome) throw new AppError('internal', `${SEND_CODE_FUNCTION} answered no outcome`);
      return outcome;
    },
    async verify(uid, code) {
      const data = await rpc(uid, VERIFY_CODE_FUNCTION, { code });
      if (data === null) throw new AppError('not-found', 'No waitlist entry');
      const outcome = parseTryOutcome(data);
      if (!outcome) throw new AppError('internal', `${VERIFY_CODE_FUNCTION} answered no outcome`);
      return outcome;
    },
  };
}
