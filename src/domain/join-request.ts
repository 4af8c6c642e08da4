import type { College } from '@/domain/college';
import { AppError } from '@/domain/errors';
import type { User } from '@/domain/user';

/** A student's request to join the waitlist with the college they chose (if any). */
export interface JoinRequest {
  readonly user: User;
  readonly college: College | null;
  /** The student ticked the option to show their profile photo in the hero strip (off by default). */
  readonly heroConsent?: boolean;
}

/**
 * Spec section 5: a university must be chosen before joining; null when the request is valid.
 * An account without an e-mail address (some providers allow one) cannot join: the entry is an
 * e-mail on a list. It gets the generic join error (every backend's rules refuse it too).
 */
export function joinRequestError(request: JoinRequest): AppError | null {
  if (!request.user.email.trim()) {
    return new AppError('invalid-argument', 'The account has no e-mail address: it cannot join');
  }
  return request.college ? null : new AppError('validation/college-required');
}
