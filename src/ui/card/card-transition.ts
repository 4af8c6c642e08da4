import type { User } from '@/domain/user';
import type { Card, CardEvent, EntryView } from './card-state';

type Form = Extract<Card, { step: 'form' }>;
type Joined = Extract<Card, { step: 'joined' }>;
type Loaded = Extract<EntryView, { status: 'loaded' }>;

/** Step 2's empty form for this student (after sign-in, or after leaving the list). */
const emptyForm = (user: User, college: Card['college']): Form => ({
  step: 'form',
  user,
  email: user.email,
  college,
  wantsHeroConsent: false,
  submitting: false,
});

/** The card's user, when it has one. */
export const cardUser = (card: Card): User | null =>
  card.step === 'form' || card.step === 'joined' ? card.user : null;

/** Before joining: the campus follows the student's choice and this browser's record. */
const choosing = (card: Card) =>
  card.step === 'starting' ||
  card.step === 'signedOut' ||
  (card.step === 'form' && !card.submitting);

/** The joined card of this user, for an answer about them. */
const joinedBy = (card: Card, uid: string): card is Joined =>
  card.step === 'joined' && card.user.uid === uid;

/** The loaded entry of this user's joined card; the card itself otherwise. */
function withEntry(card: Card, uid: string, change: (entry: Loaded, card: Joined) => Card): Card {
  if (!joinedBy(card, uid) || card.entry.status !== 'loaded') return card;
  return change(card.entry, card);
}

/**
 * The card's one transition function: one case per row of spec section 4 (the waitlist flow,
 * the submit button, the selector) and of the student's own-entry flow. An event a step does not
 * expect leaves the card as it is. Pure: it reads nothing but its arguments.
 */
export function nextCard(card: Card, event: CardEvent): Card {
  switch (event.type) {
    case 'backendFailed':
      return card.step === 'starting'
        ? { ...card, step: 'unavailable', missing: event.missing }
        : card;
    case 'retried':
      return card.step === 'unavailable' ? { step: 'starting', college: card.college } : card;
    case 'user': {
      if (card.step === 'unavailable') return card;
      const before = cardUser(card);
      if (!event.user) {
        if (card.step === 'signedOut') return card;
        // Signing out clears this browser's record of the student: their campus goes too.
        return { step: 'signedOut', signingIn: false, college: before ? null : card.college };
      }
      if (before?.uid === event.user.uid) return card;
      return emptyForm(event.user, before ? null : card.college);
    }
    case 'signingIn':
      return card.step === 'signedOut' ? { ...card, signingIn: event.busy } : card;
    case 'localCollege':
      return choosing(card) ? { ...card, college: event.college } : card;
    case 'collegeChosen':
      if (choosing(card)) return { ...card, college: event.college };
      return card.step === 'joined' && card.entry.status === 'loaded' && card.entry.editing
        ? { ...card, college: event.college }
        : card;
    case 'consentWanted':
      return card.step === 'form' && !card.submitting
        ? { ...card, wantsHeroConsent: event.wanted }
        : card;
    case 'onList': {
      const { uid, status } = event;
      if (card.step !== 'form' || card.user.uid !== uid || card.submitting || !status.joined) {
        return card;
      }
      const { user, college } = card;
      const { email, confirmed } = status;
      const entry = { status: 'loading' } as const;
      return { step: 'joined', user, college, email, confirmed, how: 'already', entry };
    }
    case 'joinStarted':
      return card.step === 'form' && !card.submitting ? { ...card, submitting: true } : card;
    case 'joinFailed':
      return card.step === 'form' && card.user.uid === event.uid && card.submitting
        ? { ...card, submitting: false }
        : card;
    case 'joined': {
      if (card.step !== 'form' || card.user.uid !== event.uid || !card.submitting) return card;
      const { entry, college, heroConsent } = event.result;
      const mine = { entry, college, heroConsent };
      const loaded = { status: 'loaded', entry: mine, action: null, editing: false } as const;
      const { user, email } = card;
      return {
        step: 'joined',
        user,
        email,
        confirmed: true,
        how: 'success',
        college,
        entry: loaded,
      };
    }
    case 'entryLoading':
      return joinedBy(card, event.uid) && card.entry.status === 'unreadable'
        ? { ...card, entry: { status: 'loading' } }
        : card;
    case 'entryRead': {
      if (!joinedBy(card, event.uid) || card.entry.status !== 'loading') return card;
      const { entry } = event;
      if (!entry) return { ...card, entry: { status: 'unreadable' } };
      const loaded = { status: 'loaded', entry, action: null, editing: false } as const;
      return { ...card, college: entry.college, entry: loaded };
    }
    case 'editing':
      // Opening or closing a change of campus puts the entry's campus in the selector.
      return card.step === 'joined' && card.entry.status === 'loaded'
        ? {
            ...card,
            college: card.entry.entry.college,
            entry: { ...card.entry, editing: event.editing },
          }
        : card;
    case 'actionStarted':
      return withEntry(card, event.uid, (entry, joined) =>
        entry.action ? joined : { ...joined, entry: { ...entry, action: event.action } },
      );
    case 'actionFailed':
      return withEntry(card, event.uid, (entry, joined) => ({
        ...joined,
        entry: { ...entry, action: null },
      }));
    case 'consentSaved':
      return withEntry(card, event.uid, (entry, joined) => ({
        ...joined,
        entry: { ...entry, action: null, entry: { ...entry.entry, heroConsent: event.granted } },
      }));
    case 'collegeChanged':
      return withEntry(card, event.uid, (entry, joined) => ({
        ...joined,
        college: event.college,
        entry: {
          status: 'loaded',
          entry: { ...entry.entry, entry: event.entry, college: event.college },
          action: null,
          editing: false,
        },
      }));
    case 'left':
      return joinedBy(card, event.uid) ? emptyForm(card.user, null) : card;
  }
}
