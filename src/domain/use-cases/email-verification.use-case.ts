import type { EmailVerifications } from '@/ports/email-verifications.port';
import { backendCall } from '@/domain/deadline';
import {
  normalizeAddress,
  parseVerificationCode,
  type PendingCode,
  type SendOutcome,
  type TryOutcome,
} from '@/domain/email-verification';
import type { User } from '@/domain/user';

interface Deps {
  emailVerifications: EmailVerifications;
  timeoutMs?: number;
}

/** The code the student may still enter (they closed the page and came back), or null. */
export const createPendingVerification =
  ({ emailVerifications, timeoutMs }: Deps) =>
  (user: User): Promise<PendingCode | null> =>
    backendCall(emailVerifications.pending(user.uid), timeoutMs);

/**
 * Asks for a code to a university address (issue 48). A malformed address is refused here and
 * sends nothing; the backend checks the rest (the campus's university, the address's owner, the
 * hourly limits). Rejects with an AppError when the backend could not be reached.
 */
export const createSendVerificationCode =
  ({ emailVerifications, timeoutMs }: Deps) =>
  async (user: User, address: string): Promise<SendOutcome> => {
    if (!normalizeAddress(address)) return { outcome: 'malformed' };
    return backendCall(emailVerifications.sendCode(user.uid, address.trim()), timeoutMs);
  };

/**
 * Enters a code. Anything but six digits is a wrong code without a call (it spends no try).
 * Rejects with an AppError when the backend could not be reached (the try may be retried).
 */
export const createVerifyEmailCode =
  ({ emailVerifications, timeoutMs }: Deps) =>
  async (user: User, typed: string): Promise<TryOutcome | { outcome: 'malformed' }> => {
    const code = parseVerificationCode(typed);
    if (!code) return { outcome: 'malformed' };
    return backendCall(emailVerifications.verify(user.uid, code), timeoutMs);
  };
