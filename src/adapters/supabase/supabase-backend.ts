import type { AuthPort } from '@/ports/auth.port';
import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import type { CampusRequests } from '@/ports/campus-requests.port';
import type { EmailVerifications } from '@/ports/email-verifications.port';
import type { Invites } from '@/ports/invites.port';
import type { LeaveLinks } from '@/ports/leave-links.port';
import type { FailureReports } from '@/ports/failure-reports.port';
import type { CollegeSearch } from '@/ports/college-search.port';
import type { HeroConsentRepo } from '@/ports/hero-consent.port';
import type { HeroImages } from '@/ports/hero-images.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { createSupabaseAuth, type SupabaseAuthOptions } from './supabase-auth.adapter';
import { createSupabaseCampusProgress } from './supabase-campus-progress.adapter';
import { createSupabaseCampusRequests } from './supabase-campus-requests.adapter';
import { createSupabaseEmailVerifications } from './supabase-email-verifications.adapter';
import { supabaseClientLoader } from './supabase-client';
import { createSupabaseCollegeSearch } from './supabase-college-search.adapter';
import { createSupabaseHeroConsent } from './supabase-hero-consent.adapter';
import { createSupabaseHeroImages } from './supabase-hero-images.adapter';
import { createSupabaseInvites } from './supabase-invites.adapter';
import { createSupabaseLeaveLinks } from './supabase-leave-links.adapter';
import { createSupabaseFailureReports } from './supabase-failure-reports.adapter';
import type { SupabaseSettings } from './supabase-settings';
import { createSupabaseWaitlist } from './supabase-waitlist.adapter';

export interface SupabaseBackend {
  readonly auth: AuthPort;
  readonly waitlist: WaitlistRepo;
  readonly collegeSearch: CollegeSearch;
  readonly heroImages: HeroImages;
  readonly heroConsent: HeroConsentRepo;
  readonly campusProgress: CampusProgressRepo;
  readonly invites: Invites;
  readonly campusRequests: CampusRequests;
  readonly emailVerifications: EmailVerifications;
  readonly leaveLinks: LeaveLinks;
  readonly failureReports: FailureReports;
}

/** The ten ports over one pair of Supabase clients, loaded on first use; nothing of the SDK leaks out. */
export function createSupabaseBackend(
  settings: SupabaseSettings,
  auth: Pick<SupabaseAuthOptions, 'openPopup' | 'redirect' | 'userAgent'> = {},
): SupabaseBackend {
  const client = supabaseClientLoader(settings);
  return {
    auth: createSupabaseAuth({ client, callbackUrl: settings.callbackUrl, ...auth }),
    waitlist: createSupabaseWaitlist(client),
    collegeSearch: createSupabaseCollegeSearch(client),
    heroImages: createSupabaseHeroImages(client),
    heroConsent: createSupabaseHeroConsent(client),
    campusProgress: createSupabaseCampusProgress(client),
    invites: createSupabaseInvites(client),
    campusRequests: createSupabaseCampusRequests(client),
    emailVerifications: createSupabaseEmailVerifications(client),
    leaveLinks: createSupabaseLeaveLinks(client),
    failureReports: createSupabaseFailureReports(settings),
  };
}
