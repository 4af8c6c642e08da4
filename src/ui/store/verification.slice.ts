import type { StateCreator } from 'zustand/vanilla';
import type { PendingCode, SendOutcome, TryOutcome } from '@/domain/email-verification';
import { fail, IGNORED, type Ignored, ok, type Outcome, type SliceDeps } from './outcome';

/**
 * Verifying a university address by a code (issue 48), for the card's joined student. Each
 * action answers what came of it for the form to say; a failure to reach the server is a failed
 * outcome and loses nothing (the form keeps what was typed; a retry works).
 */
export interface VerificationSlice {
  /** The code the student may still enter (they came back to the page), or null. */
  pendingCode: () => Promise<PendingCode | null>;
  sendCode: (address: string) => Promise<Outcome<SendOutcome> | Ignored>;
  verifyCode: (code: string) => Promise<Outcome<TryOutcome | { outcome: 'malformed' }> | Ignored>;
}

export const createVerificationSlice =
  ({ services, log, card }: SliceDeps): StateCreator<VerificationSlice> =>
  () => {
    const joined = () => {
      const now = card();
      return now.step === 'joined' ? now.user : null;
    };
    return {
      async pendingCode() {
        const user = joined();
        if (!user) return null;
        try {
          return await (await services()).pendingVerification(user);
        } catch (error) {
          log('Error reading the pending code', error);
          return null;
        }
      },
      async sendCode(address) {
        const user = joined();
        if (!user) return IGNORED;
        try {
          return ok(await (await services()).sendVerificationCode(user, address));
        } catch (error) {
          log('Error sending the verification code', error);
          return fail(error);
        }
      },
      async verifyCode(code) {
        const user = joined();
        if (!user) return IGNORED;
        try {
          return ok(await (await services()).verifyEmailCode(user, code));
        } catch (error) {
          log('Error verifying the code', error);
          return fail(error);
        }
      },
    };
  };
