// The retention job by hand (issue 51, item 9), on either backend: it deletes the accounts that
// never joined, idle for 30 days, and every student of a campus launched 90 days ago, with
// everything kept of them (src/domain/retention.ts is the rule). Dry run unless --yes: it prints
// who would go.
//
//   npm run retention -- [--yes]
//   [--backend firebase (default) --project ID | --backend supabase --db URL [--every SECONDS]]
//   (`npm run retention:supabase -- ...` is `--backend supabase`)
//
// Firebase: the scheduled function apply_retention runs it daily. Supabase: the migration
// schedules it daily where pg_cron runs; without pg_cron, --every SECONDS runs it again and again
// (a small worker). How each backend deletes: retention/*.mjs.
import { fail, finish, start } from './shared/cli.mjs';

const cli = start('npm run retention -- [--yes] [--every SECONDS (Supabase)]');
const options = cli.options(cli.argv, {
  values: cli.backend === 'supabase' ? ['every'] : [],
  flags: ['yes'],
});
const every = options.every === undefined ? null : Number(options.every);
if (every !== null && !(every >= 60)) fail(`--every takes seconds, at least 60.\n${cli.usage}`);
const { retention } = await cli.half('retention');

/** One run: the plan printed, and deleted with --yes. */
async function run() {
  // rows: [reason, uid, campus?] of each student; campuses: the launched campuses, when known.
  // pruned (a backend's codes' records, issue 59): what was or would be pruned, by kind.
  const { rows, campuses, pruned } = await retention(options, cli.usage, {
    dryRun: !options.yes,
  });
  for (const row of rows) console.log(row.join('\t'));
  const idle = rows.filter(([reason]) => reason === 'idle').length;
  console.log(
    `${options.yes ? 'Deleted' : 'Would delete'} ${idle} idle accounts without an entry and ` +
      `${rows.length - idle} students of campuses launched 90 days ago` +
      (campuses.length ? ` (${campuses.join(', ')})` : '') +
      '.' +
      (options.yes ? '' : ' Run again with --yes to delete them.'),
  );
  if (pruned) {
    const kinds = Object.entries(pruned).map(([kind, n]) => `${n} ${kind}`);
    console.log(
      `${options.yes ? 'Pruned' : 'Would prune'} the codes' records: ${kinds.join(', ')}.`,
    );
  }
}

await finish('retention', async () => {
  for (;;) {
    await run();
    if (every === null) break;
    await new Promise((resolve) => setTimeout(resolve, every * 1000));
  }
});
