// A campus's launch settings and true counts (issue 28), on either backend:
//
//   npm run campus -- show --campus ID
//   npm run campus -- set --campus ID [--threshold N] [--state gathering|opening|open]
//                         [--opens YYYY-MM-DD|none]
//   [--backend firebase (default) --project ID | --backend supabase --db URL]
//   (`npm run campus:supabase -- ...` is `--backend supabase`)
//
// show: the settings (the default threshold of 100 and 'gathering' when none) and the true counts
// of the campus: joined and verified. The page never sees a figure under 10; this command does
// (operators only). set: changes what is given and keeps the rest; the card shows it at its next
// read. The settings are checked as src/domain/campus-progress.ts checks them (a threshold of 1 to
// 100000 verified students, a state, an opening day or `none`); where they live: campus/*.mjs.
import { fail, finish, start } from './shared/cli.mjs';

const STATES = ['gathering', 'opening', 'open'];
const MAX_THRESHOLD = 100_000;
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const cli = start(
  'npm run campus -- show --campus ID | set --campus ID [--threshold N] ' +
    `[--state ${STATES.join('|')}] [--opens YYYY-MM-DD|none]`,
);
const { usage } = cli;
const [command, ...rest] = cli.argv;
if (!['show', 'set'].includes(command ?? '')) fail(usage);
const options = cli.options(rest, { values: ['campus', 'threshold', 'state', 'opens'] });

/** A real calendar day written YYYY-MM-DD. */
function isDay(value) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The changes asked for (--threshold, --state, --opens): only what was given; exit 2 on a bad one. */
function settingsChange() {
  const change = {};
  if (options.threshold !== undefined) {
    const n = Number(options.threshold);
    if (!Number.isInteger(n) || n < 1 || n > MAX_THRESHOLD) {
      fail(`--threshold is a whole number from 1 to ${MAX_THRESHOLD}.\n${usage}`);
    }
    change.threshold = n;
  }
  if (options.state !== undefined) {
    if (!STATES.includes(options.state)) fail(`--state is one of ${STATES.join(', ')}.\n${usage}`);
    change.state = options.state;
  }
  if (options.opens !== undefined) {
    if (options.opens !== 'none' && !isDay(options.opens)) {
      fail(`--opens is a day (YYYY-MM-DD) or none.\n${usage}`);
    }
    change.opensOn = options.opens === 'none' ? null : options.opens;
  }
  if (Object.keys(change).length === 0)
    fail(`set needs --threshold, --state or --opens.\n${usage}`);
  return change;
}

const id = options.campus ?? '';
if (!id || id.length > 64 || !ID.test(id)) {
  fail(`--campus needs a college id such as udg-cucei.\n${usage}`);
}
const change = command === 'set' ? settingsChange() : null;
const { campus } = await cli.half('campus');

await finish('campus', async () => {
  // The settings after the change, and the counts: { threshold, state, opensOn, joined, verified }.
  const s = await campus(options, usage, id, change);
  console.log(`Campus ${id}${change ? ' (updated)' : ''}`);
  console.log(`threshold\t${s.threshold ?? '100 (default)'}`);
  console.log(`state\t${s.state ?? 'gathering (default)'}`);
  console.log(`opens\t${s.opensOn ?? 'not set'}`);
  console.log(`joined\t${s.joined}`);
  console.log(`verified\t${s.verified}`);
});
