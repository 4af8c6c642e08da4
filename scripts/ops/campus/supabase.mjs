// `campus` on Supabase: the operator console's own functions
// (supabase/migrations/20261129000300_operator_console_functions.sql, run by shared/postgres.mjs's
// withOperator as 'terminal:<user>'): the campus's row of public.operator_campuses() (the counters
// kept on write) and public.operator_save_settings (private.campus_settings, with its entry of the
// operators' log in the same transaction). Their answers are read as the page reads them
// (src/adapters/supabase/operator-console-answer.ts).
import { withOperator } from '../shared/postgres.mjs';
import { projectModule } from '../shared/project.mjs';

const answers = () => projectModule('src/adapters/supabase/operator-console-answer.ts');

/**
 * `{ listed, row }`: whether `id` is a campus of the catalogue (public.colleges, not a pending
 * one), and its row of the console (ConsoleCampus), null when nothing about it is recorded yet.
 */
export async function campusRow(options, usage, id) {
  const { campusesOf } = await answers();
  return withOperator(options, usage, async (call, client) => {
    const { rows } = await client.query(
      'select 1 from public.colleges where id = $1 and request_key is null',
      [id],
    );
    const row = campusesOf(await call('operator_campuses')).find((c) => c.report.campus === id);
    return { listed: rows.length > 0, row: row ?? null };
  });
}

/** The console's "save settings": `{ campus }` (its row after), or `{ refused: problem }`. */
export async function saveSettings(options, usage, id, settings) {
  const { campusOf, outcomeOf } = await answers();
  const outcome = outcomeOf(
    await withOperator(options, usage, (call) =>
      call('operator_save_settings', { college: id, settings }),
    ),
  );
  if (!('value' in outcome)) return { refused: outcome.refused ?? 'campus' };
  return { campus: campusOf(outcome.value) };
}
