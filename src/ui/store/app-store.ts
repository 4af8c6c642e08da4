import { createStore } from 'zustand/vanilla';
import { sharedLoad } from '@/shared/once-until-failure';
import type { AppState } from './app-state';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { STARTING } from '@/ui/card/card-state';
import { effectsOf } from '@/ui/card/card-effects';
import { nextCard } from '@/ui/card/card-transition';
import { createCampusSlice } from './campus.slice';
import { createCollegeSearchSlice } from './college-search.slice';
import { createEntryActionsSlice } from './entry-actions.slice';
import { createHeroSlice } from './hero.slice';
import { createLeaveLinkSlice } from './leave-link.slice';
import { createMyEntrySlice } from './my-entry.slice';
import { createFollowUps } from './follow-ups';
import type { SliceDeps } from './outcome';
import { createSessionSlice } from './session.slice';
import { createStartupSlice } from './startup.slice';
import { createVerificationSlice } from './verification.slice';
import { createSellerSlice } from './seller.slice';
import { createWaitlistSlice } from './waitlist.slice';

export type {
  AppState,
  CampusView,
  HeroStatus,
  Ignored,
  LeaveLinkView,
  Outcome,
} from './app-state';
export type AppStore = ReturnType<typeof createAppStore>;

export interface AppStoreDeps {
  /** The use cases, loaded lazily (the container and the backend are dynamic imports). */
  readonly loadUseCases: () => Promise<UseCases>;
  readonly log?: (message: string, error?: unknown) => void;
  /** A campus's page's campus (issue 60): chosen in the card from the first render. */
  readonly pageCollege?: AppState['pageCollege'];
}

/**
 * The store the UI reads through narrow selectors. Each action awaits one use case and sends its
 * answer to the card: nextCard changes it, effectsOf says what follows, followUps runs that. A
 * backend module lost to the network is loaded again by the student's next action.
 */
export function createAppStore({ loadUseCases, log = console.error, pageCollege }: AppStoreDeps) {
  const backend = sharedLoad(loadUseCases);
  return createStore<AppState>()((set, get, api) => {
    const followUps = createFollowUps({
      services: backend.fresh,
      log,
      send: (event) => deps.send(event),
      reloadHero: () => get().loadHeroImages(),
    });
    const deps: SliceDeps = {
      services: backend.fresh,
      startedServices: backend.current,
      log,
      card: () => get().card,
      send(event) {
        const before = get().card;
        const card = nextCard(before, event);
        if (card !== before) set({ card });
        followUps.start(effectsOf(before, card, event));
        return card;
      },
      settled: () => followUps.settled(),
      heroChanged: () => void get().loadHeroImages(),
    };
    return {
      card: { ...STARTING, college: pageCollege ?? null },
      ...createStartupSlice(deps, pageCollege)(set, get, api),
      ...createSessionSlice(deps)(set, get, api),
      ...createWaitlistSlice(deps)(set, get, api),
      ...createCollegeSearchSlice(deps)(set, get, api),
      ...createHeroSlice(deps)(set, get, api),
      ...createMyEntrySlice(deps)(set, get, api),
      ...createEntryActionsSlice(deps)(set, get, api),
      ...createCampusSlice(deps)(set, get, api),
      ...createVerificationSlice(deps)(set, get, api),
      ...createSellerSlice(deps)(set, get, api),
      ...createLeaveLinkSlice(deps)(set, get, api),
    };
  });
}
