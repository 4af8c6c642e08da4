// `notify:campus` on Firebase: the operator console's own launch (functions/src/operator-console.ts,
// run by shared/firebase.mjs's operatorConsole as 'terminal:<user>'): the one record of the
// campus's launch in `campusLaunches/{id}` (a second launch, from here or the console, is refused
// 'already'), its entry of the operators' log, and the launch message of each student recorded
// in `mailOutbox/launch:<campus>:<uid>` (functions/src/campus-launch.ts, queueLaunch); the
// scheduled function send_mail sends them, run_due_launches runs a scheduled launch. Credentials
// and emulators: shared/firebase.mjs.
import { operatorConsole } from '../shared/firebase.mjs';
import { projectModule } from '../shared/project.mjs';

/** What happens to the recorded e-mails, as the command says it. */
export const SENDS = 'The function send_mail sends them within a minute.';

const answers = () => projectModule('src/adapters/firebase/operator-console-answer.ts');

/** The dry run: `{ preview: { students, alreadyQueued } }`, or `{ refused }`; nothing written. */
export async function preview(options, usage, campus) {
  const answer = await (await operatorConsole(options))('launchPreview', { collegeId: campus });
  if (!('value' in answer)) return { refused: answer.refused ?? 'unknown-campus' };
  return { preview: (await answers()).previewOfAnswer(answer.value) };
}

/** Launches now (`at` null) or at a Mexico City time: `{ status }`, or `{ refused }`. */
export async function launch(options, usage, campus, at) {
  const call = await operatorConsole(options);
  const answer = await call('launch', { collegeId: campus, confirm: campus, at });
  if (!('value' in answer)) return { refused: answer.refused ?? 'unknown-campus' };
  return { status: (await answers()).launchStatusOfAnswer(answer.value) };
}

/** Cancels a scheduled launch: `{ status }`, or `{ refused: 'not-scheduled' }`. */
export async function cancel(options, usage, campus) {
  const answer = await (await operatorConsole(options))('cancelLaunch', { collegeId: campus });
  if (!('value' in answer)) return { refused: answer.refused ?? 'not-scheduled' };
  return { status: (await answers()).launchStatusOfAnswer(answer.value) };
}
