import type { College } from '@/domain/college';
import type { JoinResult } from '@/domain/use-cases/join-waitlist.use-case';
import type { MyEntry } from '@/domain/use-cases/my-entry.use-case';
import type { WaitlistStatus } from '@/domain/use-cases/waitlist-status.use-case';
import type { User } from '@/domain/user';
import type { WaitlistEntry } from '@/domain/waitlist-entry';

/** What a student is doing with their entry (its controls are disabled meanwhile). */
export type EntryAction = 'consent' | 'college' | 'leave';

/** The student's own entry, once they are on the list. */
export type EntryView =
  | { readonly status: 'loading' }
  /** It could not be read, or it was removed from elsewhere: the card offers a retry. */
  | { readonly status: 'unreadable' }
  | {
      readonly status: 'loaded';
      readonly entry: MyEntry;
      readonly action: EntryAction | null;
      /** The campus selector is open for a change of campus. */
      readonly editing: boolean;
    };

interface Shown {
  /** The selector's campus: this browser's choice, the entry's, or the one a change picks. */
  readonly college: College | null;
}

/** The waitlist card (spec section 4), one step at a time: no field belongs to another step. */
export type Card = Shown &
  (
    | { readonly step: 'starting' }
    /** The backend could not start; `missing` names unset configuration variables. */
    | { readonly step: 'unavailable'; readonly missing: readonly string[] }
    | { readonly step: 'signedOut'; readonly signingIn: boolean }
    | {
        readonly step: 'form';
        readonly user: User;
        /** The e-mail field (the account's). */
        readonly email: string;
        /** Step 2's option to show their photo in the hero strip: off until turned on. */
        readonly wantsHeroConsent: boolean;
        readonly submitting: boolean;
      }
    | {
        readonly step: 'joined';
        readonly user: User;
        /** The e-mail field: the stored `waitlistEmail` when confirmed, else the account's. */
        readonly email: string;
        readonly confirmed: boolean;
        /** Joined on this page ('success') or found on the list ('already'). */
        readonly how: 'success' | 'already';
        readonly entry: EntryView;
      }
  );

export type CardStep = Card['step'];

/**
 * What happens to the card: a student's gesture, or a use case's answer. Answers name the user
 * they are about (`uid`), so an answer that arrives after that user left changes nothing.
 */
export type CardEvent =
  | { readonly type: 'backendFailed'; readonly missing: readonly string[] }
  | { readonly type: 'retried' }
  | { readonly type: 'user'; readonly user: User | null }
  | { readonly type: 'signingIn'; readonly busy: boolean }
  | { readonly type: 'localCollege'; readonly college: College | null }
  | { readonly type: 'collegeChosen'; readonly college: College | null }
  | { readonly type: 'consentWanted'; readonly wanted: boolean }
  /** Whether the student is on the list; `entry`: the entry the check read, when it did. */
  | {
      readonly type: 'onList';
      readonly uid: string;
      readonly status: WaitlistStatus;
      readonly entry?: WaitlistEntry;
    }
  | { readonly type: 'joinStarted' }
  | { readonly type: 'joinFailed'; readonly uid: string }
  | { readonly type: 'joined'; readonly uid: string; readonly result: JoinResult }
  | { readonly type: 'entryLoading'; readonly uid: string }
  /** The entry as read; null: on the list a moment ago and not now, or the read failed. */
  | { readonly type: 'entryRead'; readonly uid: string; readonly entry: MyEntry | null }
  | { readonly type: 'editing'; readonly editing: boolean }
  | { readonly type: 'actionStarted'; readonly uid: string; readonly action: EntryAction }
  | { readonly type: 'actionFailed'; readonly uid: string }
  | { readonly type: 'consentSaved'; readonly uid: string; readonly granted: boolean }
  | {
      readonly type: 'collegeChanged';
      readonly uid: string;
      readonly entry: WaitlistEntry;
      readonly college: College;
    }
  | { readonly type: 'left'; readonly uid: string };

export const STARTING: Card = { step: 'starting', college: null };
