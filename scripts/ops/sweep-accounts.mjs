// Deletes the sign-in accounts that never joined the list (issue 23), on either backend: each
// keeps an account for everyone who signed in, including those who left without joining. An
// account with no waitlist entry, neither created nor signed in to for --days days (default 30,
// the retention period the privacy notice states), is deleted with everything under it. Dry run
// unless --yes: it prints what it would delete.
//
//   npm run sweep:accounts -- [--days 30] [--yes]
//   [--backend firebase (default) --project ID | --backend supabase --db URL]
//   (`npm run sweep:accounts:supabase -- ...` is `--backend supabase`)
//
// How each backend finds and deletes them: sweep-accounts/*.mjs.
import { finish, start } from './shared/cli.mjs';
import { sweepDays } from './sweep-accounts/days.mjs';

const cli = start('npm run sweep:accounts -- [--days N] [--yes]');
const options = cli.options(cli.argv, { values: ['days'], flags: ['yes'] });
const days = sweepDays(options.days, cli.usage);
const { sweep } = await cli.half('sweep-accounts');

await finish('sweep-accounts', async () => {
  // accounts: { uid, seen? (ISO) } listed (with --yes, those deleted or to delete); deleted: how
  // many went (with --yes).
  const { accounts, deleted } = await sweep(options, cli.usage, { days, yes: options.yes });
  for (const a of accounts) console.log(a.seen ? `${a.uid}\tlast seen ${a.seen}` : a.uid);
  if (!options.yes) {
    console.log(
      `Would delete ${accounts.length} accounts without an entry, idle for ${days} days.`,
    );
    console.log('Run again with --yes to delete them.');
    return 0;
  }
  console.log(`Deleted ${deleted} accounts without an entry, idle for ${days} days.`);
  return deleted === accounts.length ? 0 : 1;
});
