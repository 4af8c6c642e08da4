import { lazyPort } from '../lazy-port';
import { OPERATOR_CONSOLE_METHODS } from '../operator-console-methods';
import type { BackendPorts } from '@/domain/use-cases/create-use-cases';
import { createSupabaseAuth, type SupabaseAuthOptions } from './supabase-auth.adapter';
import { createSupabaseCampusProgress } from './supabase-campus-progress.adapter';
import { createSupabaseCampusRequests } from './supabase-campus-requests.adapter';
import { createSupabaseEmailVerifications } from './supabase-email-verifications.adapter';
import { supabaseClientLoader } from './supabase-client';
import { createSupabaseCollegeSearch } from './supabase-college-search.adapter';
import { createSupabaseHeroConsent } from './supabase-hero-consent.adapter';
import { createSupabaseHeroImages } from './supabase-hero-images.adapter';
import { createSupabaseInvites } from './supabase-invites.adapter';
import { createSupabaseJoinSources } from './supabase-join-sources.adapter';
import { createSupabaseLeaveLinks } from './supabase-leave-links.adapter';
import { createSupabaseFailureReports } from './supabase-failure-reports.adapter';
import { createSupabaseSellerChoices } from './supabase-seller-choices.adapter';
import type { SupabaseSettings } from './supabase-settings';
import { createSupabaseWaitlist } from './supabase-waitlist.adapter';

/** Every backend port (the one list: src/composition/tokens.ts). */
export type SupabaseBackend = BackendPorts;

/** Every port over one pair of Supabase clients, loaded on first use; nothing of the SDK leaks out. */
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
    sellerChoices: createSupabaseSellerChoices(client),
    joinSources: createSupabaseJoinSources(client),
    leaveLinks: createSupabaseLeaveLinks(client),
    failureReports: createSupabaseFailureReports(settings),
    operatorConsole: lazyPort(
      () =>
        import('./supabase-operator-console.adapter').then((m) =>
          // The sample launch message's links: the site the console is on.
          m.createSupabaseOperatorConsole(client, new URL(settings.callbackUrl).origin),
        ),
      OPERATOR_CONSOLE_METHODS,
    ),
  };
}
