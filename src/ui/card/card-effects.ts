import type { College } from '@/domain/college';
import type { User } from '@/domain/user';
import type { WaitlistEntry } from '@/domain/waitlist-entry';
import type { Card, CardEvent } from './card-state';
import { cardUser } from './card-transition';
import { myEntry } from './card-view';

/**
 * What happens next, as data (issue 52): the follow-ups a change of the card calls for. The store
 * runs them in one place (app-store.ts); each answer comes back to the card as an event.
 * - checkList: a student arrived: ask whether they are on the list (spec call 6);
 * - readEntry: the card waits for the student's entry: read it (once; `known` when the check
 *   already read it);
 * - saveCollege: the student chose a campus before joining: this browser keeps it;
 * - heroChanged: someone's photo consent changed: the hero strip is read again.
 */
export type CardEffect =
  | { readonly type: 'checkList'; readonly user: User }
  | { readonly type: 'readEntry'; readonly user: User; readonly known?: WaitlistEntry }
  | { readonly type: 'saveCollege'; readonly college: College | null }
  | { readonly type: 'heroChanged' };

/**
 * The follow-ups of one event, from the card before and after it (nextCard). An event the card
 * did not take calls for nothing, but for the hero strip: a consent recorded by the backend
 * changed it, whether or not this card still shows that student. Pure.
 */
export function effectsOf(before: Card, after: Card, event: CardEvent): CardEffect[] {
  switch (event.type) {
    case 'joined':
      return event.result.heroConsent ? [{ type: 'heroChanged' }] : [];
    case 'consentSaved':
      return [{ type: 'heroChanged' }];
    case 'left':
      return myEntry(before)?.heroConsent ? [{ type: 'heroChanged' }] : [];
    default:
  }
  if (after === before) return [];
  switch (event.type) {
    case 'user':
      return event.user && cardUser(after)?.uid === event.user.uid
        ? [{ type: 'checkList', user: event.user }]
        : [];
    case 'onList':
    case 'entryLoading':
      return after.step === 'joined' && after.entry.status === 'loading'
        ? [
            {
              type: 'readEntry',
              user: after.user,
              ...(event.type === 'onList' && event.entry ? { known: event.entry } : {}),
            },
          ]
        : [];
    case 'collegeChosen':
      // Once joined, the campus changes only through 'Cambiar campus' (saved by the backend).
      return before.step === 'joined' ? [] : [{ type: 'saveCollege', college: event.college }];
    default:
      return [];
  }
}
