import type { createIsOnWaitlist } from './is-on-waitlist.use-case';
import type { createJoinWaitlist } from './join-waitlist.use-case';
import type { createLoadHeroImages } from './load-hero-images.use-case';
import type { createSearchColleges } from './search-colleges.use-case';
import type { createPrepareSignIn, createSignIn } from './sign-in.use-case';
import type { createSignOut } from './sign-out.use-case';
import type { createWatchAuth } from './watch-auth.use-case';

/** Everything the UI may ask of the application; built by the composition root. */
export interface UseCases {
  readonly prepareSignIn: ReturnType<typeof createPrepareSignIn>;
  readonly signIn: ReturnType<typeof createSignIn>;
  readonly signOut: ReturnType<typeof createSignOut>;
  readonly watchAuth: ReturnType<typeof createWatchAuth>;
  readonly isOnWaitlist: ReturnType<typeof createIsOnWaitlist>;
  readonly joinWaitlist: ReturnType<typeof createJoinWaitlist>;
  readonly searchColleges: ReturnType<typeof createSearchColleges>;
  readonly loadHeroImages: ReturnType<typeof createLoadHeroImages>;
}
