import { ContainerModule } from 'inversify';
import { createBrowserMemoryBackend } from '@/adapters/memory/memory-browser';
import { TOKENS } from './tokens';

/** Binds every port to the in-memory backend (the default, offline backend). */
export function createMemoryModule(): ContainerModule {
  const backend = createBrowserMemoryBackend();
  return new ContainerModule(({ bind }) => {
    bind(TOKENS.AuthPort).toConstantValue(backend.auth);
    bind(TOKENS.WaitlistRepo).toConstantValue(backend.waitlist);
    bind(TOKENS.HeroConsentRepo).toConstantValue(backend.heroConsent);
    bind(TOKENS.CollegeSearch).toConstantValue(backend.collegeSearch);
    bind(TOKENS.HeroImages).toConstantValue(backend.heroImages);
    bind(TOKENS.CampusProgressRepo).toConstantValue(backend.campusProgress);
    bind(TOKENS.Invites).toConstantValue(backend.invites);
    bind(TOKENS.CampusRequests).toConstantValue(backend.campusRequests);
    bind(TOKENS.EmailVerifications).toConstantValue(backend.emailVerifications);
    bind(TOKENS.LeaveLinks).toConstantValue(backend.leaveLinks);
    bind(TOKENS.FailureReports).toConstantValue(backend.failureReports);
  });
}
