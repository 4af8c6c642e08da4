import { GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirebaseAuth } from '@/adapters/firebase/firebase-auth.adapter';
import { DELETE_ACCOUNT_FUNCTION } from '@/adapters/firebase/firebase-backend';
import { callableFunction } from '@/adapters/firebase/firebase-callable';
import {
  createCallableCampusProgress,
  MY_CAMPUS_FUNCTION,
} from '@/adapters/firebase/firebase-campus-progress.adapter';
import { createCallableCampusRequests } from '@/adapters/firebase/firebase-campus-requests.adapter';
import { createCallableInvites } from '@/adapters/firebase/firebase-invites.adapter';
import { createFirestoreWaitlist } from '@/adapters/firebase/firebase-waitlist.adapter';
import { startFakeFirestore, type FakeFirestore } from '../../stand-ins/fake-firestore-server';
import { describeCampusProgressContract } from '../app/contract/campus-progress.contract';
import { describeCampusRequestsContract } from '../app/contract/campus-requests.contract';
import { describeInvitesContract } from '../app/contract/invites.contract';
import {
  AUTH_EMULATOR,
  entryDeletionsCommitted,
  documentName,
  fakeGoogleIdToken,
  firestoreStandInHost,
  FUNCTIONS_EMULATOR,
  testApp,
} from '../support/emulators';

// Issue 28 on Firebase: the callables `get_my_campus`, `get_my_invites`, `accept_invite` and
// `request_campus` (functions/src/index.ts) in the real
// Functions emulator, with accounts in the real Auth emulator and the documents in the Firestore
// stand-in. The page's entry is written by the web SDK under the rules' stand-in; the function
// reconciles the caller's campus record (campusMembers/{uid}) from it and counts the records.
// Other students' records are seeded as their trigger (on_waitlist_written) would leave them:
// that trigger needs the Firestore emulator, which cannot run here; its logic is the same
// reconciliation, tested in tests/function/campus-function.test.ts.

let firestore: FakeFirestore;
beforeAll(async () => {
  firestore = await startFakeFirestore(firestoreStandInHost().port);
});
afterAll(() => firestore.close());

const seed = (path: string, fields: Record<string, unknown>) => {
  const name = documentName(path);
  firestore.documents.set(name, { name, fields, createTime: new Date().toISOString() });
};

/** Both deletions of a student's data: the callable's and the trigger `on_account_deleted`'s. */
const bothDeletionsCommitted = (uid: string) => entryDeletionsCommitted(firestore, uid, 2);

let accounts = 0;
let seeded = 0;

/** A student of this app, signed in with Google (the Auth emulator) as a fresh account. */
function harness() {
  const app = testApp();
  let email = '';
  const auth = createFirebaseAuth({
    app,
    emulator: AUTH_EMULATOR,
    popup: (a) =>
      signInWithCredential(
        a,
        GoogleAuthProvider.credential(fakeGoogleIdToken(email, 'Estudiante')),
      ),
    deleteAccount: callableFunction(
      { app, region: 'us-central1', emulator: FUNCTIONS_EMULATOR },
      DELETE_ACCOUNT_FUNCTION,
    ),
  });
  const functions = { app, region: 'us-central1', emulator: FUNCTIONS_EMULATOR };
  /** Signs in with Google as the account of this address (made on its first sign-in). */
  const signInAs = async (address: string) => {
    email = address;
    const user = await auth.signInWithPopup();
    return { uid: user.uid, email: user.email };
  };
  return {
    app,
    auth,
    repo: createCallableCampusProgress(functions),
    waitlist: createFirestoreWaitlist({ app, emulator: firestoreStandInHost() }),
    signInAs,
    /** A fresh account: a university address, or a personal one. */
    signIn: (kind: 'institutional' | 'personal') => {
      const n = accounts++;
      return signInAs(kind === 'personal' ? `personal${n}@gmail.com` : `campus${n}@alumnos.udg.mx`);
    },
  };
}

describeCampusProgressContract(
  'firebase (Functions and Auth emulators, Firestore stand-in)',
  async () => {
    // Counts start at zero: the stand-in forgets every document of earlier tests.
    firestore.documents.clear();
    const h = harness();
    return {
      ...h,
      campuses: { a: 'udg-cucei', b: 'udg-cucea' },
      addVerified: async (collegeId, count) => {
        for (let i = 0; i < count; i++) {
          const uid = `relleno-${seeded++}`;
          seed(`waitlist/${uid}`, {
            email: { stringValue: `${uid}@alumnos.udg.mx` },
            collegeId: { stringValue: collegeId },
          });
          seed(`campusMembers/${uid}`, {
            collegeId: { stringValue: collegeId },
            verified: { booleanValue: true },
          });
        }
      },
      setCampus: async (collegeId, { threshold, state, opensOn }) => {
        seed(`campusSettings/${collegeId}`, {
          threshold: { integerValue: String(threshold) },
          state: { stringValue: state },
          opensOn: opensOn === null ? { nullValue: null } : { stringValue: opensOn },
        });
      },
    };
  },
);

describe('get_my_campus beyond the contract', () => {
  it('refuses a caller without a sign-in', async () => {
    const call = callableFunction(
      { app: testApp(), region: 'us-central1', emulator: FUNCTIONS_EMULATOR },
      MY_CAMPUS_FUNCTION,
    );
    await expect(call({})).rejects.toMatchObject({ code: 'functions/unauthenticated' });
  });

  it("keeps the caller's campus record equal to their entry, and leaving deletes it", async () => {
    const h = harness();
    const { uid, email } = await h.signIn('institutional');
    const record = () => firestore.documents.get(documentName(`campusMembers/${uid}`))?.fields;
    await h.waitlist.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
    await h.repo.mine(uid);
    expect(record()).toEqual({
      collegeId: { stringValue: 'udg-cucei' },
      verified: { booleanValue: true },
    });
    // A record left stale (a trigger still on its way) is set right by the next read.
    seed(`campusMembers/${uid}`, {
      collegeId: { stringValue: 'itesm-gdl' },
      verified: { booleanValue: false },
    });
    await h.repo.mine(uid);
    expect(record()?.collegeId).toEqual({ stringValue: 'udg-cucei' });
    await h.auth.deleteAccount();
    expect(record()).toBeUndefined();
    await bothDeletionsCommitted(uid);
  });

  it('a campus record alone (no entry) is never counted as the caller on the list', async () => {
    const h = harness();
    const { uid } = await h.signIn('institutional');
    seed(`campusMembers/${uid}`, {
      collegeId: { stringValue: 'udg-cucei' },
      verified: { booleanValue: true },
    });
    await expect(h.repo.mine(uid)).rejects.toMatchObject({ code: 'not-found' });
    expect(firestore.documents.has(documentName(`campusMembers/${uid}`))).toBe(false);
  });
});

describeInvitesContract('firebase (Functions and Auth emulators, Firestore stand-in)', async () => {
  const h = harness();
  return {
    repo: createCallableInvites({
      app: h.app,
      region: 'us-central1',
      emulator: FUNCTIONS_EMULATOR,
    }),
    waitlist: h.waitlist,
    newStudent: () => h.signIn('institutional'),
    signInAs: async (student) => void (await h.signInAs(student.email)),
  };
});

describe('invites on Firebase beyond the contract', () => {
  it('leaving deletes the code, the arrival and the credits to the student', async () => {
    const h = harness();
    const inviter = await h.signIn('institutional');
    await h.waitlist.join(inviter.uid, {
      email: inviter.email,
      collegeId: 'udg-cucei',
      timestamp: new Date(),
    });
    const own = createCallableInvites({
      app: h.app,
      region: 'us-central1',
      emulator: FUNCTIONS_EMULATOR,
    });
    const { code } = await own.mine(inviter.uid);
    // A classmate's credit, as accept_invite writes it.
    seed('invites/companero', { inviter: { stringValue: inviter.uid } });
    expect(firestore.documents.has(documentName(`inviteCodes/${code}`))).toBe(true);
    await h.auth.deleteAccount();
    await bothDeletionsCommitted(inviter.uid);
    for (const path of [
      `inviteCodes/${code}`,
      `inviteOwners/${inviter.uid}`,
      'invites/companero',
    ]) {
      expect(firestore.documents.has(documentName(path)), path).toBe(false);
    }
  });
});

describeCampusRequestsContract(
  'firebase (Functions and Auth emulators, Firestore stand-in)',
  async () => {
    firestore.documents.clear();
    const h = harness();
    const text = (fields: Record<string, unknown>, key: string) =>
      (fields[key] as { stringValue?: string } | undefined)?.stringValue ?? '';
    return {
      repo: createCallableCampusRequests({
        app: h.app,
        region: 'us-central1',
        emulator: FUNCTIONS_EMULATOR,
      }),
      signIn: async () => ({ uid: (await h.signIn('institutional')).uid }),
      held: async () => {
        const byKey = new Map<string, { name: string; city: string; requests: number }>();
        const docs = [...firestore.documents.values()]
          .filter((d) => d.name.includes('/documents/campusRequests/'))
          .sort((a, b) => a.createTime.localeCompare(b.createTime));
        for (const { fields } of docs) {
          const key = text(fields, 'key');
          const held = byKey.get(key);
          if (held) held.requests++;
          else
            byKey.set(key, { name: text(fields, 'name'), city: text(fields, 'city'), requests: 1 });
        }
        return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
      },
    };
  },
);
