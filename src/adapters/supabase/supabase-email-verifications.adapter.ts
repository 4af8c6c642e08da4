import { AppError } from '@/domain/errors';
import { parsePendingCode, parseSendOutcome, parseTryOutcome } from '@/domain/email-verification';
import type { EmailVerifications } from '@/ports/email-verifications.port';
import type { SupabaseClientLoader } from './supabase-client';
import { supabaseCalls } from './supabase-calls';

/** The SQL functions of supabase/migrations/20261128060000_email_verification.sql (issue 48). */
export const PENDING_CODE_FUNCTION = 'pending_verification';
export const SEND_CODE_FUNCTION = 'send_verification_code';
export const VERIFY_CODE_FUNCTION = 'verify_email_code';

/** The database answers `{ outcome, … }` as JSON; times as ms since 1970. */
export function createSupabaseEmailVerifications(client: SupabaseClientLoader): EmailVerifications {
  const { ownRpc: rpc } = supabaseCalls(client);
  /** A function's outcome: no entry is null (not-found), anything else unread is internal. */
  const outcome = async <T>(
    uid: string,
    fn: string,
    args: Record<string, unknown>,
    parse: (data: unknown) => T | null,
  ): Promise<T> => {
    const data = await rpc(uid, fn, args);
    if (data === null) throw new AppError('not-found', 'No waitlist entry');
    const parsed = parse(data);
    if (!parsed) throw new AppError('internal', `${fn} answered no outcome`);
    return parsed;
  };
  return {
    async pending(uid) {
      return parsePendingCode(await rpc(uid, PENDING_CODE_FUNCTION));
    },
    sendCode: (uid, address) => outcome(uid, SEND_CODE_FUNCTION, { address }, parseSendOutcome),
    verify: (uid, code) => outcome(uid, VERIFY_CODE_FUNCTION, { code }, parseTryOutcome),
  };
}
