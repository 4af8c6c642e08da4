import type { AuthPort } from '@/ports/auth.port';
import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import type { CampusRequests } from '@/ports/campus-requests.port';
import type { FailureReports } from '@/ports/failure-reports.port';
import type { EmailVerifications } from '@/ports/email-verifications.port';
import type { Invites } from '@/ports/invites.port';
import type { JoinSources } from '@/ports/join-sources.port';
import type { SellerChoices } from '@/ports/seller-choices.port';
import type { LeaveLinks } from '@/ports/leave-links.port';
import type { VisitRecord } from '@/ports/visit-record.port';
import type { Clock } from '@/ports/clock.port';
import type { CollegeSearch } from '@/ports/college-search.port';
import type { HeroConsentRepo } from '@/ports/hero-consent.port';
import type { HeroImages } from '@/ports/hero-images.port';
import type { LocalRecord } from '@/ports/local-record.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import type { OperatorConsole } from '@/ports/operator-console.port';
import {
  createAcceptPendingInvite,
  createLoadMyCampus,
  createRememberInvite,
} from './my-campus.use-case';
import {
  createPendingVerification,
  createSendVerificationCode,
  createVerifyEmailCode,
} from './email-verification.use-case';
import { createLoadInvitePreview } from './invite-preview.use-case';
import { createJoinWaitlist } from './join-waitlist.use-case';
import { createCheckLeaveLink, createLeaveByLink } from './leave-link.use-case';
import { createLoadCampusProgress } from './load-campus-progress.use-case';
import { createLoadHeroImages } from './load-hero-images.use-case';
import {
  createChooseCollege,
  createSavedCollege,
  createWatchLocalRecord,
} from './local-record.use-case';
import {
  createChangeCollege,
  createLeaveWaitlist,
  createLoadMyEntry,
  createSetHeroConsent,
} from './my-entry.use-case';
import { createOperatorUseCases } from './operator-console.use-case';
import { createReportFailure, reportingFailures } from './report-failure.use-case';
import { createRequestCampus } from './request-campus.use-case';
import { createLoadSellerChoice, createSaveSellerChoice } from './seller-choice.use-case';
import { createSearchColleges } from './search-colleges.use-case';
import { createPrepareSignIn, createSignIn } from './sign-in.use-case';
import { createSignOut } from './sign-out.use-case';
import { createCheckWaitlistStatus, createLocalWaitlistStatus } from './waitlist-status.use-case';
import { createWatchAuth } from './watch-auth.use-case';

/** Every port the application needs: a backend binds all but the last three, the browser those. */
export interface Ports {
  readonly auth: AuthPort;
  readonly waitlist: WaitlistRepo;
  readonly heroConsent: HeroConsentRepo;
  readonly collegeSearch: CollegeSearch;
  readonly heroImages: HeroImages;
  readonly campusProgress: CampusProgressRepo;
  readonly invites: Invites;
  readonly campusRequests: CampusRequests;
  readonly emailVerifications: EmailVerifications;
  readonly sellerChoices: SellerChoices;
  readonly joinSources: JoinSources;
  readonly leaveLinks: LeaveLinks;
  readonly failureReports: FailureReports;
  /** The operator console's server operations (issue 61): loaded only when first called. */
  readonly operatorConsole: OperatorConsole;
  readonly local: LocalRecord;
  readonly visit: VisitRecord;
  readonly clock: Clock;
}

/** The ports a backend gives (the browser gives the local record, the visit and the clock). */
export type BackendPorts = Omit<Ports, 'local' | 'visit' | 'clock'>;

export interface UseCaseOptions {
  /** Every backend call's time limit (default: the spec's 15 s request timeout). */
  readonly timeoutMs?: number;
}

/**
 * Builds every use case from the ports: the one wiring of the application, used by the
 * composition root and by the tests alike. A new use case is one file and one line here.
 */
export function createUseCases(ports: Ports, { timeoutMs }: UseCaseOptions = {}) {
  const { auth, waitlist, heroConsent, collegeSearch, heroImages, campusProgress, invites } = ports;
  const { campusRequests, emailVerifications, leaveLinks, failureReports, local, visit, clock } =
    ports;
  const { sellerChoices, joinSources, operatorConsole } = ports;
  const reportFailure = createReportFailure({ failureReports });
  const limit = timeoutMs === undefined ? {} : { timeoutMs };
  const acceptPendingInvite = createAcceptPendingInvite({
    invites,
    joinSources,
    visit,
    ...limit,
  });
  return {
    prepareSignIn: createPrepareSignIn({ auth }),
    signIn: reportingFailures('sign-in', createSignIn({ auth }), reportFailure),
    signOut: createSignOut({ auth, local, ...limit }),
    watchAuth: createWatchAuth({ auth }),
    checkWaitlistStatus: createCheckWaitlistStatus({ waitlist, local, ...limit }),
    localWaitlistStatus: createLocalWaitlistStatus({ local }),
    joinWaitlist: reportingFailures(
      'join',
      createJoinWaitlist({ waitlist, heroConsent, local, clock, acceptPendingInvite, ...limit }),
      reportFailure,
    ),
    loadMyEntry: createLoadMyEntry({ waitlist, heroConsent, ...limit }),
    changeCollege: createChangeCollege({ waitlist, local, ...limit }),
    setHeroConsent: createSetHeroConsent({ heroConsent, ...limit }),
    leaveWaitlist: createLeaveWaitlist({ waitlist, heroConsent, local, auth, ...limit }),
    chooseCollege: createChooseCollege({ local }),
    savedCollege: createSavedCollege({ local }),
    watchLocalRecord: createWatchLocalRecord({ local }),
    searchColleges: createSearchColleges({ collegeSearch, ...limit }),
    loadHeroImages: createLoadHeroImages({ heroImages, ...limit }),
    loadMyCampus: createLoadMyCampus({
      campusProgress,
      invites,
      acceptPending: acceptPendingInvite,
      ...limit,
    }),
    rememberInvite: createRememberInvite({ visit }),
    loadInvitePreview: createLoadInvitePreview({ invites, visit, ...limit }),
    loadCampusProgress: createLoadCampusProgress({ campusProgress, ...limit }),
    pendingVerification: createPendingVerification({ emailVerifications, ...limit }),
    sendVerificationCode: createSendVerificationCode({ emailVerifications, ...limit }),
    verifyEmailCode: createVerifyEmailCode({ emailVerifications, ...limit }),
    requestCampus: createRequestCampus({ campusRequests, ...limit }),
    loadSellerChoice: createLoadSellerChoice({ sellerChoices, ...limit }),
    saveSellerChoice: createSaveSellerChoice({ sellerChoices, ...limit }),
    checkLeaveLink: createCheckLeaveLink({ leaveLinks, ...limit }),
    leaveByLink: createLeaveByLink({ leaveLinks, ...limit }),
    operator: createOperatorUseCases({ operatorConsole, clock, ...limit }),
  };
}
