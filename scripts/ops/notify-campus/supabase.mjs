// `notify:campus` on Supabase: the operator console's own launch
// (supabase/migrations/20261129000300_operator_console_functions.sql, run by shared/postgres.mjs's
// withOperator as 'terminal:<user>'): public.operator_launch records the campus's one launch
// (private.launches: a second, from here or the console, is refused 'already'), its entry of the
// operators' log, and the launch message of each student on the list in private.mail_outbox
// (private.queue_launch), in one transaction; public.operator_launch_preview is the dry run and
// public.operator_cancel_launch cancels a schedule. A launch now is sent at once, as
// `npm run mail:supabase -- send` sends (scripts/ops/mail-supabase.ts, sendOnce); a scheduled one by
// the sender's next pass after its time (private.run_due_launches). Answers are read as the page
// reads them (src/adapters/supabase/operator-console-answer.ts).
import { databaseUrl, withOperator } from '../shared/postgres.mjs';
import { projectModule } from '../shared/project.mjs';

/** What happens to the recorded e-mails, as the command says it. */
export const SENDS =
  'This command sent them at once (the line above); `npm run mail:supabase -- send` retries any ' +
  'that failed.';

const answers = () => projectModule('src/adapters/supabase/operator-console-answer.ts');

/** Calls one console function; its refusal or not-found as `{ refused }` (`missing` for the latter). */
async function act(options, usage, fn, args, missing) {
  const { outcomeOf } = await answers();
  const outcome = outcomeOf(await withOperator(options, usage, (call) => call(fn, args)));
  if ('refused' in outcome) return { refused: outcome.refused };
  if ('notFound' in outcome) return { refused: missing };
  return { value: outcome.value };
}

/** The dry run: `{ preview: { students, alreadyQueued } }`, or `{ refused }`; nothing written. */
export async function preview(options, usage, campus) {
  const answer = await act(
    options,
    usage,
    'operator_launch_preview',
    { college: campus },
    'unknown-campus',
  );
  if (answer.refused) return answer;
  const { students, alreadyQueued } = (await answers()).previewOf(answer.value);
  return { preview: { students, alreadyQueued } };
}

/**
 * Launches now (`at` null) or at a Mexico City time: `{ status }`, or `{ refused }`. A launch now
 * sends what is due at once and prints the sender's line; when sending fails the launch stays
 * recorded and the error says so (exit 1).
 */
export async function launch(options, usage, campus, at) {
  const answer = await act(
    options,
    usage,
    'operator_launch',
    { college: campus, confirm: campus, at },
    'unknown-campus',
  );
  if (answer.refused) return answer;
  const status = (await answers()).launchStatusOf(answer.value);
  if (status.state === 'launched') {
    const { sendOnce } = await projectModule('scripts/ops/mail-supabase.ts');
    try {
      console.log(await sendOnce(databaseUrl(options, usage)));
    } catch (error) {
      throw new Error(
        `${campus} is launched (by ${status.by}, ${status.students} students; the e-mails are ` +
          `queued), but sending failed: ${error instanceof Error ? error.message : error}\n` +
          'Send them with npm run mail:supabase -- send.',
        { cause: error },
      );
    }
  }
  return { status };
}

/** Cancels a scheduled launch: `{ status }`, or `{ refused: 'not-scheduled' }`. */
export async function cancel(options, usage, campus) {
  const answer = await act(
    options,
    usage,
    'operator_cancel_launch',
    { college: campus },
    'not-scheduled',
  );
  if (answer.refused) return answer;
  return { status: (await answers()).launchStatusOf(answer.value) };
}
