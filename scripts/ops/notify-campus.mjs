// The launch of a campus (issues 25 and 61), on either backend:
//
//   npm run notify:campus -- --campus udg-cucei [--dry-run | --at YYYY-MM-DDTHH:mm | --cancel]
//   [--backend firebase (default) --project ID | --backend supabase --db URL]
//   (`npm run notify:campus:supabase -- ...` is `--backend supabase`)
//
// A thin caller of the operator console's own launch (issue 61: a script and the console cannot
// disagree), run as 'terminal:<user>' and written to the operators' log. A campus is launched
// once, from here or from the console: the first launch (or schedule) recorded wins and a second
// is refused (exit 1), whoever asks. The launch records the launch e-mail of every student on the
// campus's list through the outbox, one per student; a launch that stopped halfway is finished by
// the backend's due-launch run (Firebase: run_due_launches; Supabase: the sender), never sent
// twice.
//
// --dry-run: how many students would get it, nothing recorded. --at: scheduled for that Mexico
// City time (within 60 days), cancellable until then with --cancel. The campus is one of the
// catalogue or one an operator added; a pending one is no campus to launch. Firebase: the
// scheduled function send_mail sends the e-mails within a minute. Supabase: the command sends
// what is due at once (as `npm run mail:supabase -- send`). Each backend's half:
// notify-campus/*.mjs.
import { fail, finish, start } from './shared/cli.mjs';
import { projectModule } from './shared/project.mjs';

const cli = start(
  'npm run notify:campus -- --campus ID [--dry-run | --at YYYY-MM-DDTHH:mm | --cancel]',
);
const options = cli.options(cli.argv, { values: ['campus', 'at'], flags: ['dry-run', 'cancel'] });
const [{ isCollegeId }, { mexicoCityInstant }] = await Promise.all([
  projectModule('src/domain/college.ts'),
  projectModule('src/domain/operator/launch-plan.ts'),
]);
const campus = options.campus;
if (!isCollegeId(campus)) {
  fail(`Name the campus: --campus ID (a college id such as udg-cucei).\n${cli.usage}`);
}
const modes = ['dry-run', 'at', 'cancel'].filter((m) => options[m] !== undefined);
if (modes.length > 1) fail(`--dry-run, --at and --cancel go alone.\n${cli.usage}`);
if (options.at !== undefined && !mexicoCityInstant(options.at)) {
  fail(`--at is a Mexico City time written YYYY-MM-DDTHH:mm.\n${cli.usage}`);
}
const half = await cli.half('notify-campus');

/** Why a launch was refused, as the console's refusals (launch-plan.ts) say it, in English. */
const REFUSED = {
  'unknown-campus': `${campus} is not a campus of the catalogue (a pending one is added first).`,
  already: `${campus} was launched or scheduled already (npm run campus -- show --campus ${campus}).`,
  time: '--at is not a future time within the next 60 days (Mexico City).',
  'not-scheduled': `${campus} has no scheduled launch to cancel.`,
  confirmation: 'The launch was not confirmed.',
};
const refused = (answer) => {
  if (!answer.refused) return false;
  console.error(`notify:campus refused: ${REFUSED[answer.refused] ?? answer.refused}`);
  return true;
};
const statusSaid = (status) =>
  status.state === 'scheduled'
    ? `${campus}: launch scheduled for ${status.at} by ${status.by}; cancel it with --cancel.`
    : status.state === 'launched'
      ? `${campus}: launched by ${status.by} at ${status.at}; ${status.students} students on the list, ` +
        `each recorded one launch e-mail. ${half.SENDS}`
      : `${campus}: not launched.`;

await finish('notify:campus', async () => {
  if (options['dry-run']) {
    const answer = await half.preview(options, cli.usage, campus);
    if (refused(answer)) return 1;
    const { students, alreadyQueued } = answer.preview;
    console.log(
      `${campus}: ${students} students on the list; ${students - alreadyQueued} would get the ` +
        `launch e-mail now, ${alreadyQueued} already have it (dry run: nothing recorded or sent).`,
    );
    return 0;
  }
  const answer = options.cancel
    ? await half.cancel(options, cli.usage, campus)
    : await half.launch(options, cli.usage, campus, options.at ?? null);
  if (refused(answer)) return 1;
  console.log(statusSaid(answer.status));
  return 0;
});
