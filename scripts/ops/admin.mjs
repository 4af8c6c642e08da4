// Shared by the operator scripts of scripts/ops/: the command line's project, the guard against
// mixing up a real project and the emulators, and firebase-admin (Auth and Firestore).
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

const functionsPackage = fileURLToPath(new URL('../../functions/package.json', import.meta.url));

/** Exits with a message and status 2 (usage), or the status given. */
export function fail(message, status = 2) {
  console.error(message);
  process.exit(status);
}

/**
 * Reads `--name value` and `--flag` options. `flags` lists the options without a value; an
 * unknown option or a missing value is a usage error.
 */
export function parseArgs(argv, { values = [], flags = [], usage }) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (!argv[i].startsWith('--')) fail(`Unexpected argument: ${argv[i]}\n${usage}`);
    if (flags.includes(name)) options[name] = true;
    else if (values.includes(name)) {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) fail(`--${name} needs a value.\n${usage}`);
      options[name] = value;
    } else fail(`Unknown option: --${name}\n${usage}`);
  }
  return options;
}

/**
 * The days an account that never joined may stay idle before the sweeps delete it (the privacy
 * notice's RETENTION.idleAccountDays, src/ui/privacy/privacy-notice.config.ts).
 */
export const IDLE_ACCOUNT_DAYS = 30;

/** The sweeps' `--days` (default IDLE_ACCOUNT_DAYS): a whole number of days, or a usage error. */
export function sweepDays(value, usage) {
  const days = Number(value ?? IDLE_ACCOUNT_DAYS);
  if (!Number.isInteger(days) || days < 1) fail(`--days must be a whole number of days.\n${usage}`);
  return days;
}

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

/** firebase-admin's app, Auth and Firestore (REST) for the project. */
export function connect(projectId) {
  if (!existsSync(new URL('../../functions/node_modules/firebase-admin', import.meta.url))) {
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
    auth: getAuth(app),
    db,
    Timestamp: firestoreModule.Timestamp,
    FieldValue: firestoreModule.FieldValue,
  };
}

/** The ISO date of a Firestore timestamp, or '' when there is none. */
export const isoDate = (value) =>
  value && typeof value.toDate === 'function' ? value.toDate().toISOString() : '';
