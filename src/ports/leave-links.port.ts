import type { LeaveLinkState } from '@/domain/mail/leave-token';

/**
 * The personal leave link of the e-mails (`/salir?token=…`, issue 25), without a sign-in: the
 * backend reads the token with its secret and the entry it names. A bad token deletes nothing.
 */
export interface LeaveLinks {
  /** What the link would do: 'valid', or why it would not (nothing changes). */
  check(token: string): Promise<LeaveLinkState>;
  /**
   * Does what 'Salir de la lista de espera' does for the token's student (the entry, everything
   * kept of them, the account): 'left', or why not. A second use answers 'used'. An expired link
   * of an entry still on the list deletes nothing but stops its e-mails (their unsent messages
   * fail, no launch is recorded for it): 'stopped', again on a second use (issue 51).
   */
  leave(token: string): Promise<LeaveLinkState>;
}
