import type { FirebaseApp } from 'firebase/app';
import { GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { createFirebaseAuth } from '@/adapters/firebase/firebase-auth.adapter';
import { AUTH_EMULATOR, fakeGoogleIdToken, testApp } from './emulators';

/** A fresh app signed in on the Auth emulator as a Google account (made on first sign-in). */
export async function signedInWithGoogle(
  email: string,
  name: string,
): Promise<{ app: FirebaseApp; uid: string }> {
  const app = testApp();
  const auth = createFirebaseAuth({
    app,
    emulator: AUTH_EMULATOR,
    popup: (a) =>
      signInWithCredential(a, GoogleAuthProvider.credential(fakeGoogleIdToken(email, name))),
  });
  const { uid } = await auth.signInWithPopup();
  return { app, uid };
}
