import { GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { expect, it } from 'vitest';
import { createFirebaseAuth } from '@/adapters/firebase/firebase-auth.adapter';
import { DELETE_ACCOUNT_FUNCTION } from '@/adapters/firebase/firebase-backend';
import { callableFunction } from '@/adapters/firebase/firebase-callable';
import { createFirestoreHeroConsent } from '@/adapters/firebase/firebase-hero-consent.adapter';
import { createFirestoreWaitlist } from '@/adapters/firebase/firebase-waitlist.adapter';
import {
  accountExists,
  AUTH_EMULATOR,
  createGoogleAccount,
  fakeGoogleIdToken,
  FUNCTIONS_EMULATOR,
  PROJECT_ID,
  testApp,
} from '../support/emulators';
import { db, describeFirestore, firestoreHost } from '../support/firestore';
import { COLLECTIONS } from '@/adapters/firebase/firestore-names';

// Issue 23, leaving deletes everything: the callable `delete_my_account` and the trigger
// `on_account_deleted` (functions/src/students.ts) in the real Functions emulator, with accounts in
// the real Auth emulator and the documents in the real Firestore emulator.

const authAdmin = async (path: string, body: unknown) => {
  const res = await fetch(
    `http://${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/${path}`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  if (!res.ok) throw new Error(`Auth emulator ${path}: ${res.status}`);
  return (await res.json()) as { users?: unknown[] };
};
/** Which of the student's documents are still there. */
const kept = async (uid: string) => {
  const held: string[] = [];
  for (const c of ['waitlist', 'heroConsent', 'heroApproval', 'campusMembers']) {
    if (await db.has(`${c}/${uid}`)) held.push(c);
  }
  return held;
};
const approve = (uid: string) =>
  db.put(`${COLLECTIONS.heroApproval}/${uid}`, {
    photoURL: { stringValue: 'https://lh3.googleusercontent.com/a/x' },
  });

describeFirestore(
  'delete_my_account: leaving deletes the entry, the consent, the approval and the account',
  () => {
    it('deletes everything of the caller, ends the session, and a retry is no error', async () => {
      const app = testApp();
      const email = 'se-va@alumnos.udg.mx';
      const auth = createFirebaseAuth({
        app,
        emulator: AUTH_EMULATOR,
        popup: (a) =>
          signInWithCredential(a, GoogleAuthProvider.credential(fakeGoogleIdToken(email, 'Se Va'))),
        deleteAccount: callableFunction(
          { app, region: 'us-central1', emulator: FUNCTIONS_EMULATOR },
          DELETE_ACCOUNT_FUNCTION,
        ),
      });
      const { uid } = await auth.signInWithPopup();
      const seen: (string | null)[] = [];
      auth.onAuthStateChanged((user) => seen.push(user?.uid ?? null));
      const emulator = firestoreHost();
      await createFirestoreWaitlist({ app, emulator }).join(uid, {
        email,
        collegeId: 'udg-cucei',
        timestamp: new Date(),
      });
      await createFirestoreHeroConsent({ app, emulator }).grant(uid);
      await approve(uid);
      // The trigger on_waitlist_written keeps the student's campus record.
      await expect
        .poll(() => kept(uid), { timeout: 15_000 })
        .toEqual(['waitlist', 'heroConsent', 'heroApproval', 'campusMembers']);

      await auth.deleteAccount();
      expect(await kept(uid)).toEqual([]);
      expect(await accountExists(uid)).toBe(false);
      await expect.poll(() => seen.at(-1)).toBeNull();
      await auth.deleteAccount(); // signed out: nothing left to do
    });

    it('refuses a caller without a sign-in', async () => {
      const call = callableFunction(
        { app: testApp(), region: 'us-central1', emulator: FUNCTIONS_EMULATOR },
        DELETE_ACCOUNT_FUNCTION,
      );
      await expect(call()).rejects.toMatchObject({ code: 'functions/unauthenticated' });
    });
  },
);

describeFirestore('on_account_deleted: an account deleted anywhere takes its data with it', () => {
  it('removes the entry, consent and approval of an account deleted by an operator', async () => {
    const uid = await createGoogleAccount({ email: 'borrada@alumnos.udg.mx', displayName: 'B' });
    for (const collection of ['waitlist', 'heroConsent']) await db.put(`${collection}/${uid}`, {});
    await approve(uid);
    await authAdmin('accounts:delete', { localId: uid });
    await expect.poll(() => kept(uid), { timeout: 15_000 }).toEqual([]);
  });
});
