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

/** Spec section 5: a university must be chosen before joining; null when the request is valid. */
export const joinRequestError = (request: JoinRequest): AppError | null =>
  request.college ? null : new AppError('validation/college-required');
