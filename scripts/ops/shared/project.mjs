// How the operator commands load the project's own code (issue 58), in one place: the domain
// (src/) and the scripts' TypeScript (scripts/) through Vite's module runner, compiled as the
// app's build does, with the '@' paths; the Cloud Functions' code as it deploys, their build
// (functions/lib, `npm --prefix functions run build`: compiling functions/src here took seconds
// per command), with the firebase-admin of shared/firebase.mjs.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { fail } from './cli.mjs';

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

/** A module of the functions' build (`campus-launch`, `mail/campus-label`, ...); exit 1 if unbuilt. */
export function functionsModule(name) {
  const lib = `${root}functions/lib/${name}.js`;
  if (!existsSync(lib)) fail('Build the functions first: npm --prefix functions run build', 1);
  return createRequire(lib)(lib);
}
