import { lazyPort } from '../lazy-port';
import { OPERATOR_CONSOLE_METHODS } from '../operator-console-methods';
import { initializeApp } from 'firebase/app';
import type { BackendPorts } from '@/domain/use-cases/create-use-cases';
import { createFirebaseAuth } from './firebase-auth.adapter';
import { callableFunction } from './firebase-callable';
import { createCallableCampusProgress } from './firebase-campus-progress.adapter';
import { createCallableCampusRequests } from './firebase-campus-requests.adapter';
import { createCallableEmailVerifications } from './firebase-email-verifications.adapter';
import { createCallableInvites } from './firebase-invites.adapter';
import { createCallableJoinSources } from './firebase-join-sources.adapter';
import { createCallableLeaveLinks } from './firebase-leave-links.adapter';
import { createCallableFailureReports } from './firebase-failure-reports.adapter';
import { createFirestoreHeroConsent } from './firebase-hero-consent.adapter';
import { createCallableHeroImages } from './firebase-hero-images.adapter';
import { createFirestoreSellerChoices } from './firebase-seller-choices.adapter';
import type { FirebaseSettings } from './firebase-settings';
import { createFirestoreWaitlist } from './firebase-waitlist.adapter';

/** Every backend port (the one list: src/composition/tokens.ts), but college search (Algolia's). */
export type FirebaseBackend = Omit<BackendPorts, 'collegeSearch'>;

/** The callable function that deletes the signed-in student's account (functions/src/students.ts). */
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
    sellerChoices: createFirestoreSellerChoices(firestore),
    joinSources: createCallableJoinSources(functions),
    leaveLinks: createCallableLeaveLinks(functions),
    failureReports: createCallableFailureReports(functions),
    operatorConsole: lazyPort(
      () =>
        import('./firebase-operator-console.adapter').then((m) =>
          m.createFirebaseOperatorConsole(functions),
        ),
      OPERATOR_CONSOLE_METHODS,
    ),
  };
}
