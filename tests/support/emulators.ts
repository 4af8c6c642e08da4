import { type FirebaseApp, initializeApp } from 'firebase/app';
import type { EmulatorHost } from '@/adapters/firebase/firebase-settings';

/**
 * The Firebase emulators these tests run against, started by `firebase emulators:exec` (see
 * scripts/test/test-firebase.sh), which sets FIREBASE_AUTH_EMULATOR_HOST and GCLOUD_PROJECT.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: these tests need the Firebase emulators. Run them with ` +
        '`npm run test:firebase` (firebase emulators:exec --only auth,functions).',
    );
  }
  return value;
}

const hostPort = (value: string): EmulatorHost => {
  const [host, port] = value.split(':');
  return { host: host!, port: Number(port) };
};

export const PROJECT_ID = required('GCLOUD_PROJECT');
export const AUTH_EMULATOR = hostPort(required('FIREBASE_AUTH_EMULATOR_HOST'));
export const FUNCTIONS_EMULATOR = hostPort(process.env.FUNCTIONS_EMULATOR_HOST ?? '127.0.0.1:5001');

const authBase = `http://${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}`;

let apps = 0;
/** A fresh Firebase app (its own auth state) on the emulator project. */
export const testApp = (): FirebaseApp =>
  initializeApp(
    {
      apiKey: 'fake-api-key',
      projectId: PROJECT_ID,
      authDomain: `${PROJECT_ID}.firebaseapp.com`,
      appId: '1:1:web:1',
    },
    `test-${++apps}`,
  );

/** Forgets every account of the Auth emulator. */
export async function clearAuthEmulator(): Promise<void> {
  const res = await fetch(`${authBase}/emulator/v1/projects/${PROJECT_ID}/accounts`, {
    method: 'DELETE',
  });
  if (!res.ok) throw new Error(`Could not clear the Auth emulator: ${res.status}`);
}

/** Creates an account through the emulator's admin API (the `owner` credential). */
export async function createAccount(account: {
  email: string;
  displayName: string;
  photoUrl?: string;
  claims?: Record<string, unknown>;
}): Promise<string> {
  const call = async (path: string, body: unknown) => {
    const res = await fetch(
      `${authBase}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/${path}`,
      {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    if (!res.ok) throw new Error(`Auth emulator ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { localId: string };
  };
  const { localId } = await call('accounts', {
    email: account.email,
    password: 'secret-password',
    displayName: account.displayName,
    ...(account.photoUrl ? { photoUrl: account.photoUrl } : {}),
  });
  if (account.claims) {
    await call('accounts:update', { localId, customAttributes: JSON.stringify(account.claims) });
  }
  return localId;
}

/** The Google `sub` of a test account: the emulator's federated id for it. */
export const fakeGoogleSub = (email: string): string => `google-${email}`;

/** A Google ID token the Auth emulator accepts (it does not check signatures). */
export const fakeGoogleIdToken = (email: string, name: string, picture?: string): string =>
  JSON.stringify({
    sub: fakeGoogleSub(email),
    email,
    email_verified: true,
    name,
    ...(picture ? { picture } : {}),
  });

/**
 * An account made as a Google sign-in makes it (`signInWithIdp` with a fake Google ID token): its
 * `google.com` provider entry carries the photo Google sent (`picture`). Returns the uid.
 */
export async function createGoogleAccount(account: {
  email: string;
  displayName: string;
  picture?: string;
}): Promise<string> {
  const res = await fetch(
    `${authBase}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(
          fakeGoogleIdToken(account.email, account.displayName, account.picture),
        )}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    },
  );
  if (!res.ok) throw new Error(`Auth emulator signInWithIdp: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { localId: string }).localId;
}

/** Sets an account's own photoURL (what `updateProfile` lets its holder write). */
export async function setAccountPhoto(localId: string, photoUrl: string): Promise<void> {
  const res = await fetch(
    `${authBase}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ localId, photoUrl }),
    },
  );
  if (!res.ok) throw new Error(`Auth emulator accounts:update: ${res.status}`);
}

/** Dates an account's creation (the admin API's privileged accounts:update), in ms since 1970. */
export async function setAccountCreatedAt(localId: string, createdAt: number): Promise<void> {
  const res = await fetch(
    `${authBase}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ localId, createdAt: String(createdAt) }),
    },
  );
  if (!res.ok) throw new Error(`Auth emulator accounts:update: ${res.status}`);
}

/** Whether the Auth emulator holds an account of this uid (the admin API's lookup). */
export async function accountExists(uid: string): Promise<boolean> {
  const res = await fetch(
    `${authBase}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ localId: [uid] }),
    },
  );
  if (!res.ok) throw new Error(`Auth emulator accounts:lookup: ${res.status}`);
  return ((await res.json()) as { users?: unknown[] }).users?.length === 1;
}
