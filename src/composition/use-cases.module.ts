import { ContainerModule } from 'inversify';
import { createBrowserLocalRecord } from '@/adapters/browser/local-record.adapter';
import { createBrowserVisitRecord } from '@/adapters/browser/visit-record.adapter';
import { createUseCases } from '@/domain/use-cases/create-use-cases';
import type { UseCases } from '@/domain/use-cases/use-cases';
import type { AuthPort } from '@/ports/auth.port';
import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import type { CampusRequests } from '@/ports/campus-requests.port';
import type { FailureReports } from '@/ports/failure-reports.port';
import type { EmailVerifications } from '@/ports/email-verifications.port';
import type { Invites } from '@/ports/invites.port';
import type { LeaveLinks } from '@/ports/leave-links.port';
import type { VisitRecord } from '@/ports/visit-record.port';
import type { Clock } from '@/ports/clock.port';
import type { CollegeSearch } from '@/ports/college-search.port';
import type { HeroConsentRepo } from '@/ports/hero-consent.port';
import type { HeroImages } from '@/ports/hero-images.port';
import type { LocalRecord } from '@/ports/local-record.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { TOKENS } from './tokens';

/**
 * Binds what every backend shares (the browser's local record, the system clock) unless a module
 * bound its own, and builds the use cases from the ports with the domain's `createUseCases`.
 */
export const useCasesModule = new ContainerModule(({ bind, isBound }) => {
  if (!isBound(TOKENS.Clock)) bind(TOKENS.Clock).toConstantValue({ now: () => new Date() });
  if (!isBound(TOKENS.LocalRecord)) {
    bind(TOKENS.LocalRecord).toDynamicValue(createBrowserLocalRecord).inSingletonScope();
  }
  if (!isBound(TOKENS.VisitRecord)) {
    bind(TOKENS.VisitRecord).toDynamicValue(createBrowserVisitRecord).inSingletonScope();
  }
  bind(TOKENS.UseCases)
    .toResolvedValue(
      (
        auth: AuthPort,
        waitlist: WaitlistRepo,
        heroConsent: HeroConsentRepo,
        collegeSearch: CollegeSearch,
        heroImages: HeroImages,
        campusProgress: CampusProgressRepo,
        invites: Invites,
        campusRequests: CampusRequests,
        emailVerifications: EmailVerifications,
        leaveLinks: LeaveLinks,
        failureReports: FailureReports,
        local: LocalRecord,
        visit: VisitRecord,
        clock: Clock,
      ): UseCases =>
        createUseCases({
          auth,
          waitlist,
          heroConsent,
          collegeSearch,
          heroImages,
          campusProgress,
          invites,
          campusRequests,
          emailVerifications,
          leaveLinks,
          failureReports,
          local,
          visit,
          clock,
        }),
      [
        TOKENS.AuthPort,
        TOKENS.WaitlistRepo,
        TOKENS.HeroConsentRepo,
        TOKENS.CollegeSearch,
        TOKENS.HeroImages,
        TOKENS.CampusProgressRepo,
        TOKENS.Invites,
        TOKENS.CampusRequests,
        TOKENS.EmailVerifications,
        TOKENS.LeaveLinks,
        TOKENS.FailureReports,
        TOKENS.LocalRecord,
        TOKENS.VisitRecord,
        TOKENS.Clock,
      ],
    )
    .inSingletonScope();
});
