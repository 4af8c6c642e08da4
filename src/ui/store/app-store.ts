import { createStore } from 'zustand/vanilla';
import { onceUntilFailure } from '@/shared/once-until-failure';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { type CollegeSearchSlice, createCollegeSearchSlice } from './college-search.slice';
import { type CollegeChoiceSlice, createCollegeChoiceSlice } from './college-choice.slice';
import { createEntryActionsSlice, type EntryActionsSlice } from './entry-actions.slice';
import { createHeroSlice, type HeroSlice } from './hero.slice';
import { createMyEntrySlice, type MyEntrySlice } from './my-entry.slice';
import { createSessionSlice, type SessionSlice } from './session.slice';
import { createStartupSlice, type StartupSlice } from './startup.slice';
import { createWaitlistSlice, type WaitlistSlice } from './waitlist.slice';

export type { Ignored, Outcome } from './outcome';
export { IGNORED } from './outcome';
export type { SubmitStatus } from './waitlist.slice';
export type { HeroStatus } from './hero.slice';

/** The page's state: one slice per concern (zustand's slices pattern). */
export type AppState = StartupSlice &
  SessionSlice &
  WaitlistSlice &
  CollegeChoiceSlice &
  CollegeSearchSlice &
  HeroSlice &
  MyEntrySlice &
  EntryActionsSlice;
export type AppStore = ReturnType<typeof createAppStore>;

export interface AppStoreDeps {
  /** The use cases, loaded lazily (the container and the backend are dynamic imports). */
  readonly loadUseCases: () => Promise<UseCases>;
  readonly log?: (message: string, error?: unknown) => void;
}

/**
 * The store the UI reads through narrow selectors. Each action sets what is pending, awaits one
 * use case and sets the result; rules live in the use cases. A backend module lost to the
 * network once is loaded again by the next action.
 */
export function createAppStore({ loadUseCases, log = console.error }: AppStoreDeps) {
  const deps = { services: onceUntilFailure(loadUseCases), log };
  return createStore<AppState>()((...a) => ({
    ...createStartupSlice(deps)(...a),
    ...createSessionSlice(deps)(...a),
    ...createWaitlistSlice(deps)(...a),
    ...createCollegeChoiceSlice(deps)(...a),
    ...createCollegeSearchSlice(deps)(...a),
    ...createHeroSlice(deps)(...a),
    ...createMyEntrySlice(deps)(...a),
    ...createEntryActionsSlice(deps)(...a),
  }));
}
