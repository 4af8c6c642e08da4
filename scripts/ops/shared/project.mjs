// The one way the operator commands load the project's own TypeScript (issue 58): the domain
// (src/), the Cloud Functions' code (functions/src/, so no build is needed first), the data
// scripts (scripts/data/). Vite's module runner compiles each as the app's build does, with the
// '@' paths; packages (firebase-admin among them) load as Node loads them, so the functions' code
// and shared/firebase.mjs share one firebase-admin.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The module at `path` (from the repository's root, e.g. 'src/domain/launch-report.ts'). */
export async function projectModule(path) {
  const { module } = await runnerImport(`./${path}`, {
    configFile: false,
    root,
    logLevel: 'silent',
    resolve: { alias: { '@': `${root}src` } },
  });
  return module;
}

/** Every Firestore collection's name (src/adapters/firebase/firestore-names.ts). */
export const firestoreNames = async () =>
  (await projectModule('src/adapters/firebase/firestore-names.ts')).COLLECTIONS;
