import type { StateCreator } from 'zustand/vanilla';
import type { College } from '@/domain/college';
import { joinRequestError } from '@/domain/join-request';
import { fail, IGNORED, type Ignored, ok, type Outcome, type SliceDeps } from './outcome';

/** Step 2 of the waitlist: the campus, the hero-strip option and the submit (spec section 4). */
export interface WaitlistSlice {
  /** Chooses the campus: kept in this browser before joining, or the pick of a change of campus. */
  selectCollege: (college: College | null) => void;
  setWantsHeroConsent: (wanted: boolean) => void;
  /** Joins; `heroConsentFailed`: on the list, but the consent asked for was not recorded. */
  join: () => Promise<Outcome<{ heroConsentFailed: boolean }> | Ignored>;
}

export const createWaitlistSlice =
  ({ services, log, card, send }: SliceDeps): StateCreator<WaitlistSlice> =>
  () => ({
    // Kept in this browser by the card's follow-up (card-effects.ts) when it takes the choice.
    selectCollege: (college) => void send({ type: 'collegeChosen', college }),
    setWantsHeroConsent: (wanted) => void send({ type: 'consentWanted', wanted }),
    async join() {
      const form = card();
      if (form.step !== 'form' || form.submitting) return IGNORED;
      const { user, college, wantsHeroConsent: heroConsent } = form;
      const invalid = joinRequestError({ user, college });
      if (invalid) {
        // A missing campus is the student's to fix (the form says so); anything else is logged.
        if (invalid.code !== 'validation/college-required')
          log('Error joining the waitlist', invalid);
        return fail(invalid);
      }
      send({ type: 'joinStarted' });
      try {
        const result = await (await services()).joinWaitlist({ user, college, heroConsent });
        // The first entry stands: the card shows the college that is stored.
        send({ type: 'joined', uid: user.uid, result });
        return ok({ heroConsentFailed: result.heroConsentError !== undefined });
      } catch (error) {
        log('Error joining the waitlist', error);
        send({ type: 'joinFailed', uid: user.uid });
        return fail(error);
      }
    },
  });
