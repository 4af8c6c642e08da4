import { createStore } from 'zustand/vanilla';
import { sharedLoad } from '@/shared/once-until-failure';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { type Card, STARTING } from '@/ui/card/card-state';
import { nextCard } from '@/ui/card/card-transition';
import { type CampusSlice, createCampusSlice } from './campus.slice';
import { type CollegeSearchSlice, createCollegeSearchSlice } from './college-search.slice';
import { createEntryActionsSlice, type EntryActionsSlice } from './entry-actions.slice';
import { createHeroSlice, type HeroSlice } from './hero.slice';
import { createLeaveLinkSlice, type LeaveLinkSlice } from './leave-link.slice';
import { createMyEntrySlice, type MyEntrySlice } from './my-entry.slice';
import type { SliceDeps } from './outcome';
import { createSessionSlice, type SessionSlice } from './session.slice';
import { createStartupSlice, type StartupSlice } from './startup.slice';
import { createVerificationSlice, type VerificationSlice } from './verification.slice';
import { createWaitlistSlice, type WaitlistSlice } from './waitlist.slice';

export type { Ignored, Outcome } from './outcome';
export { IGNORED } from './outcome';
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
  LeaveLinkSlice;
export type AppStore = ReturnType<typeof createAppStore>;

export interface AppStoreDeps {
  /** The use cases, loaded lazily (the container and the backend are dynamic imports). */
  readonly loadUseCases: () => Promise<UseCases>;
  readonly log?: (message: string, error?: unknown) => void;
}

/**
 * The store the UI reads through narrow selectors. Each action awaits one use case and sends its
 * answer to the card; rules live in the use cases and in nextCard. A backend module lost to the
 * network is loaded again by the student's next action ('Reintentar', a sign-in), not by the
 * page's other parts on their own.
 */
export function createAppStore({ loadUseCases, log = console.error }: AppStoreDeps) {
  const backend = sharedLoad(loadUseCases);
  return createStore<AppState>()((set, get, api) => {
    const deps: SliceDeps = {
      services: backend.fresh,
      startedServices: backend.current,
      log,
      card: () => get().card,
      send(event) {
        const card = nextCard(get().card, event);
        if (card !== get().card) set({ card });
        return card;
      },
      heroChanged: () => void get().loadHeroImages(),
    };
    return {
      card: STARTING,
      ...createStartupSlice(deps)(set, get, api),
      ...createSessionSlice(deps)(set, get, api),
      ...createWaitlistSlice(deps)(set, get, api),
      ...createCollegeSearchSlice(deps)(set, get, api),
      ...createHeroSlice(deps)(set, get, api),
      ...createMyEntrySlice(deps)(set, get, api),
      ...createEntryActionsSlice(deps)(set, get, api),
      ...createCampusSlice(deps)(set, get, api),
      ...createVerificationSlice(deps)(set, get, api),
      ...createLeaveLinkSlice(deps)(set, get, api),
    };
  });
}
