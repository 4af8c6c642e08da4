import { ContainerModule } from 'inversify';
import { createIsOnWaitlist } from '@/domain/use-cases/is-on-waitlist.use-case';
import { createJoinWaitlist } from '@/domain/use-cases/join-waitlist.use-case';
import { createLoadHeroImages } from '@/domain/use-cases/load-hero-images.use-case';
import { createSearchColleges } from '@/domain/use-cases/search-colleges.use-case';
import { createPrepareSignIn, createSignIn } from '@/domain/use-cases/sign-in.use-case';
import { createSignOut } from '@/domain/use-cases/sign-out.use-case';
import { createWatchAuth } from '@/domain/use-cases/watch-auth.use-case';
import type { UseCases } from '@/domain/use-cases/use-cases';
import type { AuthPort } from '@/ports/auth.port';
import type { Clock } from '@/ports/clock.port';
import type { CollegeSearch } from '@/ports/college-search.port';
import type { HeroImages } from '@/ports/hero-images.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { TOKENS } from './tokens';

/** Binds the system clock and builds the use cases from whichever ports a backend bound. */
export const useCasesModule = new ContainerModule(({ bind, isBound }) => {
  if (!isBound(TOKENS.Clock)) bind(TOKENS.Clock).toConstantValue({ now: () => new Date() });
  bind(TOKENS.UseCases)
    .toResolvedValue(
      (
        auth: AuthPort,
        waitlist: WaitlistRepo,
        collegeSearch: CollegeSearch,
        heroImages: HeroImages,
        clock: Clock,
        allowLocalUrls: boolean,
      ): UseCases => ({
        prepareSignIn: createPrepareSignIn({ auth }),
        signIn: createSignIn({ auth }),
        signOut: createSignOut({ auth }),
        watchAuth: createWatchAuth({ auth }),
        isOnWaitlist: createIsOnWaitlist({ waitlist }),
        joinWaitlist: createJoinWaitlist({ waitlist, clock }),
        searchColleges: createSearchColleges({ collegeSearch }),
        loadHeroImages: createLoadHeroImages({ heroImages, allowLocalUrls }),
      }),
      [
        TOKENS.AuthPort,
        TOKENS.WaitlistRepo,
        TOKENS.CollegeSearch,
        TOKENS.HeroImages,
        TOKENS.Clock,
        TOKENS.AllowLocalImageUrls,
      ],
    )
    .inSingletonScope();
});
