// The Firebase halves' backend (scripts/ops/<feature>/firebase.mjs, and the Firebase-only
// export-waitlist and delete-student): the command line's project, the guard against mixing up a
// real project and the emulators, and firebase-admin (Auth and Firestore).
//
// firebase-admin is the Cloud Function's dependency: it is loaded from functions/node_modules, so
// the root install stays as it is. Install it once with `npm ci --prefix functions`.
//
// Credentials: Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS naming a
// service-account key, or `gcloud auth application-default login`). With
// FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST set, the scripts work on the emulators
// instead, and only on a `demo-*` project.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { fail, terminalActor } from './cli.mjs';
import { functionsModule } from './project.mjs';

const functionsPackage = fileURLToPath(new URL('../../../functions/package.json', import.meta.url));

/**
 * The project to work on, from `--project` or GCLOUD_PROJECT. A `demo-*` project exists only in
 * the emulators: refused unless both emulator hosts are set; a real project is refused while they
 * are set (its data would not be the one changed).
 */
export function chooseProject(flag, env = process.env) {
  const projectId = flag ?? env.GCLOUD_PROJECT;
  if (!projectId) fail('Name the project: --project <id> (or set GCLOUD_PROJECT).');
  const emulated = ['FIREBASE_AUTH_EMULATOR_HOST', 'FIRESTORE_EMULATOR_HOST'].filter((n) => env[n]);
  if (projectId.startsWith('demo-') && emulated.length < 2) {
    fail(
      `${projectId} is an emulator project: set FIREBASE_AUTH_EMULATOR_HOST and ` +
        'FIRESTORE_EMULATOR_HOST, or name the real project.',
    );
  }
  if (!projectId.startsWith('demo-') && emulated.length > 0) {
    fail(
      `${emulated.join(' and ')} set: the emulators would be changed, not ${projectId}. ` +
        'Unset them to work on the real project, or use a demo-* project with the emulators.',
    );
  }
  return projectId;
}

const connected = new Map();

/** firebase-admin's app, Auth and Firestore (REST) for the project: one per project and process. */
export function connect(projectId) {
  if (!connected.has(projectId)) connected.set(projectId, open(projectId));
  return connected.get(projectId);
}

function open(projectId) {
  if (!existsSync(new URL('../../../functions/node_modules/firebase-admin', import.meta.url))) {
    fail('firebase-admin is not installed: run `npm ci --prefix functions` first.', 1);
  }
  const require = createRequire(functionsPackage);
  const { initializeApp } = require('firebase-admin/app');
  const { getAuth } = require('firebase-admin/auth');
  const firestoreModule = require('firebase-admin/firestore');
  const app = initializeApp({ projectId });
  const db = firestoreModule.initializeFirestore(app, { preferRest: true });
  if (process.env.FIRESTORE_EMULATOR_HOST) {
    // The REST client asks for credentials even for an emulator; it adds `Bearer owner` itself.
    db.settings({
      authClient: { universeDomain: 'googleapis.com', getRequestHeaders: async () => ({}) },
    });
  }
  return {
    app,
    auth: getAuth(app),
    db,
    Timestamp: firestoreModule.Timestamp,
    FieldValue: firestoreModule.FieldValue,
  };
}

/** Auth and Firestore of the project of `--project` (or GCLOUD_PROJECT), guarded as above. */
export const firebase = (options) => connect(chooseProject(options.project));

/** The ISO date of a Firestore timestamp, or '' when there is none. */
export const isoDate = (value) =>
  value && typeof value.toDate === 'function' ? value.toDate().toISOString() : '';

/**
 * The operator console's operations (functions/src/operator-console.ts, `operate`) on the project
 * of `--project`, run by the functions' own code with this command's Admin app, as
 * 'terminal:<user>' (issue 61: a command and the console cannot disagree, and both write the
 * operators' log). `call(op, args)` answers `{ value }`, or `{ refused }` with the server's
 * refusal ('already', 'campus-add:taken', ...) or `{ notFound: true }`; anything else throws.
 *
 * The launch's dry run renders a sample e-mail the command never shows: it is signed with a
 * throwaway secret (the real one stays with the function).
 */
export async function operatorConsole(options) {
  const { app, db } = firebase(options);
  functionsModule('platform').adopt(app, db);
  const { operate } = functionsModule('operator-console');
  const secrets = {
    secret: randomBytes(32).toString('hex'),
    from: 'De estudiantes a estudiantes <hola@example.com>',
    siteUrl: process.env.SITE_ORIGIN ?? 'https://example.com',
  };
  const actor = terminalActor();
  return async (op, args = {}) => {
    try {
      return { value: await operate(actor, op, { ...args, op }, secrets) };
    } catch (error) {
      if (error?.code === 'invalid-argument') {
        return { refused: String(error.details?.problem ?? error.message) };
      }
      if (error?.code === 'not-found') return { notFound: true };
      throw error;
    }
  };
}
