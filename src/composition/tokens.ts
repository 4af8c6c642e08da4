import type { ServiceIdentifier } from 'inversify';
import type { UseCases } from '@/domain/use-cases/use-cases';
import type { AuthPort } from '@/ports/auth.port';
import type { Clock } from '@/ports/clock.port';
import type { CollegeSearch } from '@/ports/college-search.port';
import type { HeroImages } from '@/ports/hero-images.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';

/** Service identifiers of the container: one per port, one per use case. */
export const TOKENS = {
  AuthPort: Symbol.for('AuthPort') as ServiceIdentifier<AuthPort>,
  WaitlistRepo: Symbol.for('WaitlistRepo') as ServiceIdentifier<WaitlistRepo>,
  CollegeSearch: Symbol.for('CollegeSearch') as ServiceIdentifier<CollegeSearch>,
  HeroImages: Symbol.for('HeroImages') as ServiceIdentifier<HeroImages>,
  Clock: Symbol.for('Clock') as ServiceIdentifier<Clock>,
  /** Whether hero photo URLs may be same-origin paths (the memory backend only). */
  AllowLocalImageUrls: Symbol.for('AllowLocalImageUrls') as ServiceIdentifier<boolean>,
  UseCases: Symbol.for('UseCases') as ServiceIdentifier<UseCases>,
} as const;
