// The launch e-mail of a campus (issue 25), on either backend:
//
//   npm run notify:campus -- --campus udg-cucei [--dry-run]
//   [--backend firebase (default) --project ID | --backend supabase --db URL]
//   (`npm run notify:campus:supabase -- ...` is `--backend supabase`)
//
// The campus is one of the built catalogue or one added with `npm run campus:add`; a pending one
// (requested, not added yet) is no campus to launch. Records the launch message of every student
// on the campus's list who has none yet; --dry-run prints how many would be sent and records
// nothing. A rerun, or a run after one that stopped halfway, records only the missing ones.
// Firebase: the scheduled function send_mail sends them within a minute, each once. Supabase: the
// command sends what is due at once (as `npm run mail:supabase -- send`). notify-campus/*.mjs.
import { fail, finish, start } from './shared/cli.mjs';
import { projectModule } from './shared/project.mjs';

const cli = start('npm run notify:campus -- --campus ID [--dry-run]');
const options = cli.options(cli.argv, { values: ['campus'], flags: ['dry-run'] });
const { isCollegeId } = await projectModule('src/domain/college.ts');
if (!isCollegeId(options.campus)) {
  fail(`Name the campus: --campus ID (a college id such as udg-cucei).\n${cli.usage}`);
}
const { notify } = await cli.half('notify-campus');

// The half prints what it did (notify-campus/said.ts) and resolves with the exit status.
await finish('notify:campus', () =>
  notify(options, cli.usage, options.campus, options['dry-run'] === true),
);
