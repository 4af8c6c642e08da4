import type { College } from '@/domain/college';
import type { MyEntry } from '@/domain/use-cases/my-entry.use-case';
import type { User } from '@/domain/user';
import type { Card, EntryAction } from './card-state';
import { cardUser } from './card-transition';

/** The submit button's states (spec section 4). */
export type SubmitStatus = 'idle' | 'processing' | 'success' | 'already';

/** What the card draws, read from its one state (components select one of these at a time). */
export const submitStatus = (card: Card): SubmitStatus =>
  card.step === 'joined'
    ? card.how
    : card.step === 'form' && card.submitting
      ? 'processing'
      : 'idle';

export const signedIn = (card: Card): boolean => card.step === 'form' || card.step === 'joined';

/** The e-mail field ('' signed out). */
export const emailField = (card: Card): string =>
  card.step === 'form' || card.step === 'joined' ? card.email : '';

export const signingIn = (card: Card): boolean => card.step === 'signedOut' && card.signingIn;

/** The change of campus is open. */
export const editingCollege = (card: Card): boolean =>
  card.step === 'joined' && card.entry.status === 'loaded' && card.entry.editing;

/** The entry's action under way, if any. */
export const entryAction = (card: Card): EntryAction | null =>
  card.step === 'joined' && card.entry.status === 'loaded' ? card.entry.action : null;

/** The student's entry as loaded, if it is. */
export const myEntry = (card: Card): MyEntry | null =>
  card.step === 'joined' && card.entry.status === 'loaded' ? card.entry.entry : null;

/**
 * The card as a flat record of the spec's screen state (section 3: e-mail text, joined flag,
 * confirmed state) and the own-entry panel's fields: for tests and debugging, not for render
 * (it is a new object each time).
 */
export function cardView(card: Card): {
  authReady: boolean;
  backendError: { missing: readonly string[] } | null;
  user: User | null;
  signingIn: boolean;
  email: string;
  joined: boolean;
  confirmed: boolean;
  submitStatus: SubmitStatus;
  selectedCollege: College | null;
  wantsHeroConsent: boolean;
  myEntry: MyEntry | null;
  myEntryStatus: 'idle' | 'loading' | 'loaded' | 'unreadable';
  editingCollege: boolean;
  entryAction: EntryAction | null;
} {
  return {
    authReady: card.step !== 'starting' && card.step !== 'unavailable',
    backendError: card.step === 'unavailable' ? { missing: card.missing } : null,
    user: cardUser(card),
    signingIn: signingIn(card),
    email: emailField(card),
    joined: card.step === 'joined',
    confirmed: card.step === 'joined' && card.confirmed,
    submitStatus: submitStatus(card),
    selectedCollege: card.college,
    wantsHeroConsent: card.step === 'form' && card.wantsHeroConsent,
    myEntry: myEntry(card),
    myEntryStatus: card.step === 'joined' ? card.entry.status : 'idle',
    editingCollege: editingCollege(card),
    entryAction: entryAction(card),
  };
}
