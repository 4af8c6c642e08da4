import type { Card } from '@/ui/card/card-state';
import type { CampusSlice } from './campus.slice';
import type { CollegeSearchSlice } from './college-search.slice';
import type { EntryActionsSlice } from './entry-actions.slice';
import type { HeroSlice } from './hero.slice';
import type { LeaveLinkSlice } from './leave-link.slice';
import type { MyEntrySlice } from './my-entry.slice';
import type { SessionSlice } from './session.slice';
import type { StartupSlice } from './startup.slice';
import type { VerificationSlice } from './verification.slice';
import type { SellerSlice } from './seller.slice';
import type { WaitlistSlice } from './waitlist.slice';

export type { Ignored, Outcome } from './outcome';
export type { HeroStatus } from './hero.slice';
export type { CampusView } from './campus.slice';
export type { LeaveLinkView } from './leave-link.slice';

/**
 * The page's state: the waitlist card as one state (`card`, changed only by nextCard), and one
 * slice of actions per concern (zustand's slices pattern). Slices never call one another.
 */
export type AppState = { readonly card: Card } & StartupSlice &
  SessionSlice &
  WaitlistSlice &
  CollegeSearchSlice &
  HeroSlice &
  MyEntrySlice &
  EntryActionsSlice &
  CampusSlice &
  VerificationSlice &
  SellerSlice &
  LeaveLinkSlice;
