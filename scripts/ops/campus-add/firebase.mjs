// `campus:add` on Firebase: the operator console's own 'Agregar al catálogo'
// (functions/src/operator-console.ts, run by shared/firebase.mjs's operatorConsole as
// 'terminal:<user>'), in steps that a rerun resumes (functions/src/campus-launch.ts, addCampus):
// `campuses/{id}` made, the campus saved to the Algolia index (functions/src/campus-index.ts, with
// ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY as `npm run upload:colleges`; --algolia-host for a local
// server), every entry on the pending campus moved, one 'Ya puedes unirte' e-mail recorded per
// student who asked (the function send_mail sends them), the request marked added, and the
// operators' log written. Credentials and emulators: shared/firebase.mjs.
import { fail } from '../shared/cli.mjs';
import { operatorConsole } from '../shared/firebase.mjs';
import { projectModule } from '../shared/project.mjs';

export const QUEUED = 'e-mails recorded (send_mail sends them)';

/** Adds the campus: `{ result: { added, moved, queued } }`, or `{ refused }`. */
export async function addCampus(options, usage, input) {
  const appId = process.env.ALGOLIA_APP_ID ?? process.env.VITE_ALGOLIA_APP_ID;
  if (!appId || !process.env.ALGOLIA_ADMIN_KEY) {
    fail('Set ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY (the search must find the campus).\n' + usage);
  }
  if (options['algolia-host'] !== undefined) {
    // Read before anything is written: a bad URL stops the command here.
    try {
      process.env.ALGOLIA_HOST = new URL(options['algolia-host']).origin;
    } catch {
      fail(`--algolia-host is a URL such as http://127.0.0.1:8282.\n${usage}`);
    }
  }
  const answer = await (await operatorConsole(options))('addCampus', { input });
  if (!('value' in answer)) return { refused: answer.refused ?? 'campus-add:request' };
  const { addResultOfAnswer } = await projectModule(
    'src/adapters/firebase/operator-console-answer.ts',
  );
  return { result: addResultOfAnswer(answer.value) };
}
