import { initializeApp } from 'firebase/app';
import type { AuthPort } from '@/ports/auth.port';
import type { CampusProgressRepo } from '@/ports/campus-progress.port';
import type { CampusRequests } from '@/ports/campus-requests.port';
import type { EmailVerifications } from '@/ports/email-verifications.port';
import type { Invites } from '@/ports/invites.port';
import type { LeaveLinks } from '@/ports/leave-links.port';
import type { FailureReports } from '@/ports/failure-reports.port';
import type { HeroConsentRepo } from '@/ports/hero-consent.port';
import type { HeroImages } from '@/ports/hero-images.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { createFirebaseAuth } from './firebase-auth.adapter';
import { callableFunction } from './firebase-callable';
import { createCallableCampusProgress } from './firebase-campus-progress.adapter';
import { createCallableCampusRequests } from './firebase-campus-requests.adapter';
import { createCallableEmailVerifications } from './firebase-email-verifications.adapter';
import { createCallableInvites } from './firebase-invites.adapter';
import { createCallableLeaveLinks } from './firebase-leave-links.adapter';
import { createCallableFailureReports } from './firebase-failure-reports.adapter';
import { createFirestoreHeroConsent } from './firebase-hero-consent.adapter';
import { createCallableHeroImages } from './firebase-hero-images.adapter';
import type { FirebaseSettings } from './firebase-settings';
import { createFirestoreWaitlist } from './firebase-waitlist.adapter';

export interface FirebaseBackend {
  readonly auth: AuthPort;
  readonly waitlist: WaitlistRepo;
  readonly heroConsent: HeroConsentRepo;
  readonly heroImages: HeroImages;
  readonly campusProgress: CampusProgressRepo;
  readonly invites: Invites;
  readonly campusRequests: CampusRequests;
  readonly emailVerifications: EmailVerifications;
  readonly leaveLinks: LeaveLinks;
  readonly failureReports: FailureReports;
}

/** The callable function that deletes the signed-in student's account (functions/src/index.ts). */
export const DELETE_ACCOUNT_FUNCTION = 'delete_my_account';

/** The Firebase ports of the production backend, over one app; nothing of the SDK leaks out. */
export function createFirebaseBackend(
  settings: FirebaseSettings,
  appName?: string,
): FirebaseBackend {
  const app = initializeApp(
    {
      apiKey: settings.apiKey,
      authDomain: settings.authDomain,
      projectId: settings.projectId,
      appId: settings.appId,
    },
    appName,
  );
  const emulators = settings.emulators;
  const firestore = { app, ...(emulators ? { emulator: emulators.firestore } : {}) };
  const functions = {
    app,
    region: settings.functionsRegion,
    ...(emulators ? { emulator: emulators.functions } : {}),
  };
  return {
    auth: createFirebaseAuth({
      app,
      ...(emulators ? { emulator: emulators.auth } : {}),
      deleteAccount: callableFunction(functions, DELETE_ACCOUNT_FUNCTION),
    }),
    waitlist: createFirestoreWaitlist(firestore),
    heroConsent: createFirestoreHeroConsent(firestore),
    heroImages: createCallableHeroImages(functions),
    campusProgress: createCallableCampusProgress(functions),
    invites: createCallableInvites(functions),
    campusRequests: createCallableCampusRequests(functions),
    emailVerifications: createCallableEmailVerifications(functions),
    leaveLinks: createCallableLeaveLinks(functions),
    failureReports: createCallableFailureReports(functions),
  };
}
