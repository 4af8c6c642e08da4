// `campus` on Firebase: the operator console's own operations (functions/src/operator-console.ts,
// run by shared/firebase.mjs's operatorConsole as 'terminal:<user>'): the campus's row of the
// campuses view (the counters kept on write) and "save settings" (`campusSettings/{id}`, with
// its entry of the operators' log in the same transaction). Credentials and emulators:
// shared/firebase.mjs.
import { firebase, operatorConsole } from '../shared/firebase.mjs';
import { functionsModule, projectModule } from '../shared/project.mjs';

const answers = () => projectModule('src/adapters/firebase/operator-console-answer.ts');

/**
 * `{ listed, row }`: whether `id` is a campus of the catalogue (built, or added by an operator),
 * and its row of the console (ConsoleCampus), null when nothing about it is recorded yet.
 */
export async function campusRow(options, usage, id) {
  const call = await operatorConsole(options);
  const [{ value }, { campusesOfAnswer }] = await Promise.all([call('campuses'), answers()]);
  const listed = await functionsModule('campus-progress').isListedCampus(firebase(options).db, id);
  return { listed, row: campusesOfAnswer(value).find((c) => c.report.campus === id) ?? null };
}

/** The console's "save settings": `{ campus }` (its row after), or `{ refused: problem }`. */
export async function saveSettings(options, usage, id, settings) {
  const call = await operatorConsole(options);
  const answer = await call('saveSettings', { collegeId: id, settings });
  if (!('value' in answer)) return { refused: answer.refused ?? 'campus' };
  return { campus: (await answers()).campusOfAnswer(answer.value) };
}
