import type { ServiceIdentifier } from 'inversify';
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

/** Service identifiers of the container: one per port, and the use cases. */
export const TOKENS = {
  AuthPort: Symbol.for('AuthPort') as ServiceIdentifier<AuthPort>,
  WaitlistRepo: Symbol.for('WaitlistRepo') as ServiceIdentifier<WaitlistRepo>,
  HeroConsentRepo: Symbol.for('HeroConsentRepo') as ServiceIdentifier<HeroConsentRepo>,
  CollegeSearch: Symbol.for('CollegeSearch') as ServiceIdentifier<CollegeSearch>,
  HeroImages: Symbol.for('HeroImages') as ServiceIdentifier<HeroImages>,
  CampusProgressRepo: Symbol.for('CampusProgressRepo') as ServiceIdentifier<CampusProgressRepo>,
  Invites: Symbol.for('Invites') as ServiceIdentifier<Invites>,
  CampusRequests: Symbol.for('CampusRequests') as ServiceIdentifier<CampusRequests>,
  EmailVerifications: Symbol.for('EmailVerifications') as ServiceIdentifier<EmailVerifications>,
  LeaveLinks: Symbol.for('LeaveLinks') as ServiceIdentifier<LeaveLinks>,
  FailureReports: Symbol.for('FailureReports') as ServiceIdentifier<FailureReports>,
  VisitRecord: Symbol.for('VisitRecord') as ServiceIdentifier<VisitRecord>,
  LocalRecord: Symbol.for('LocalRecord') as ServiceIdentifier<LocalRecord>,
  Clock: Symbol.for('Clock') as ServiceIdentifier<Clock>,
  UseCases: Symbol.for('UseCases') as ServiceIdentifier<UseCases>,
} as const;

/** The ports every backend module must bind (the browser gives the local record and the clock). */
export const BACKEND_PORTS = [
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
] as const;
