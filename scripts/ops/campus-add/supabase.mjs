// `campus:add` on Supabase: the operator console's own 'Agregar al catálogo',
// public.operator_add_campus (supabase/migrations/20261129040000_operator_console_terminal.sql, run
// by shared/postgres.mjs's withOperator as 'terminal:<user>'), in one transaction: the campus joins
// public.colleges with the typed city, state and domains (private.add_campus), every entry on the
// pending campus moves to it, one 'Ya puedes unirte' e-mail is queued per student who asked (the
// sender sends it: `npm run mail:supabase -- send`), and the operators' log is written.
import { withOperator } from '../shared/postgres.mjs';
import { projectModule } from '../shared/project.mjs';

export const QUEUED = 'e-mails queued';

/** Adds the campus: `{ result: { added, moved, queued } }`, or `{ refused: 'campus-add:<reason>' }`. */
export async function addCampus(options, usage, input) {
  const { addResultOf, outcomeOf } = await projectModule(
    'src/adapters/supabase/operator-console-answer.ts',
  );
  const outcome = outcomeOf(
    await withOperator(options, usage, (call) => call('operator_add_campus', { input })),
  );
  if (!('value' in outcome)) return { refused: outcome.refused ?? 'campus-add:request' };
  return { result: addResultOf(outcome.value) };
}
