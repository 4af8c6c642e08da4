// A campus's launch settings and true counts (issues 28 and 61), on either backend:
//
//   npm run campus -- show --campus ID
//   npm run campus -- set --campus ID [--threshold N] [--seller-minimum N]
//                         [--state gathering|opening|open] [--opens YYYY-MM-DD|none]
//   [--backend firebase (default) --project ID | --backend supabase --db URL]
//   (`npm run campus:supabase -- ...` is `--backend supabase`)
//
// A thin caller of the operator console's own server operations (issue 61: a script and the
// console cannot disagree): show reads the campus's row of the console's campuses view; set is
// the console's "save settings", run as 'terminal:<user>' and written to the operators' log in
// the same transaction. show: the settings (a threshold of 100, 10 sellers and 'gathering' when
// none were set), the true counts (the page never sees a figure under 10; this command does,
// operators only), readiness and the launch. set: changes what is given and keeps the rest; the
// whole is checked as the console checks it (src/domain/operator/console-settings.ts: a threshold
// of 10 to 100,000, a seller minimum of 0 to 10,000, a state, an opening day today or later in
// Mexico City) here, exit 2 and nothing written, and again by the server. Each backend's half:
// campus/*.mjs.
import { fail, finish, start } from './shared/cli.mjs';
import { projectModule } from './shared/project.mjs';

const STATES = ['gathering', 'opening', 'open'];
const cli = start(
  'npm run campus -- show --campus ID | set --campus ID [--threshold N] [--seller-minimum N] ' +
    `[--state ${STATES.join('|')}] [--opens YYYY-MM-DD|none]`,
);
const { usage } = cli;
const [command, ...rest] = cli.argv;
if (!['show', 'set'].includes(command ?? '')) fail(usage);
const options = cli.options(rest, {
  values: ['campus', 'threshold', 'seller-minimum', 'state', 'opens'],
});
const [
  { isCollegeId },
  { checkSettings },
  { DEFAULT_SETTINGS },
  { DEFAULT_SELLER_MINIMUM, readiness },
] = await Promise.all([
  projectModule('src/domain/college.ts'),
  projectModule('src/domain/operator/console-settings.ts'),
  projectModule('src/domain/campus-progress.ts'),
  projectModule('src/domain/operator/readiness.ts'),
]);

/** What each refused field must be, as the console's check says it (in English here). */
const PROBLEMS = {
  threshold: '--threshold is a whole number from 10 to 100000.',
  sellerMinimum: '--seller-minimum is a whole number from 0 to 10000.',
  state: `--state is one of ${STATES.join(', ')}.`,
  opensOn: '--opens is a real day (YYYY-MM-DD), today or later in Mexico City, or none.',
};

/** A whole number typed on the command line, else NaN (checkSettings refuses it). */
const whole = (value) => (/^\d+$/.test(value) ? Number(value) : Number.NaN);

/** The changes asked for: only what was given; exit 2 when nothing is. */
function settingsChange() {
  const change = {};
  if (options.threshold !== undefined) change.threshold = whole(options.threshold);
  if (options['seller-minimum'] !== undefined) {
    change.sellerMinimum = whole(options['seller-minimum']);
  }
  if (options.state !== undefined) change.state = options.state;
  if (options.opens !== undefined) change.opensOn = options.opens === 'none' ? null : options.opens;
  if (Object.keys(change).length === 0) {
    fail(`set needs --threshold, --seller-minimum, --state or --opens.\n${usage}`);
  }
  return change;
}

/** The row of a catalogue campus nobody has joined, set or launched yet: the defaults. */
function untouched() {
  const settings = { ...DEFAULT_SETTINGS, sellerMinimum: DEFAULT_SELLER_MINIMUM };
  return {
    report: { joined: 0, verified: 0, sellersVerified: 0 },
    settings,
    readiness: readiness({ ...settings, verified: 0, sellersVerified: 0 }),
    launch: { state: 'none' },
  };
}

const id = options.campus ?? '';
if (!isCollegeId(id)) fail(`--campus needs a college id such as udg-cucei.\n${usage}`);
const change = command === 'set' ? settingsChange() : null;
const half = await cli.half('campus');

await finish('campus', async () => {
  // The campus's row of the console (src/domain/operator/console-records.ts, ConsoleCampus);
  // none for a catalogue campus without students, settings, requests or a launch yet.
  const { listed, row: found } = await half.campusRow(options, usage, id);
  if (!listed) fail(`${id} is not a campus of the catalogue.`, 1);
  let row = found ?? untouched();
  if (change) {
    const checked = checkSettings({ ...row.settings, ...change }, new Date());
    if (!checked.ok) fail(`${PROBLEMS[checked.problem]}\n${usage}`);
    const saved = await half.saveSettings(options, usage, id, checked.settings);
    if (saved.refused) fail(`The server refused the settings: ${PROBLEMS[saved.refused]}`, 1);
    row = saved.campus;
  }
  const { report, settings, readiness, launch } = row;
  console.log(`Campus ${id}${change ? ' (updated)' : ''}`);
  console.log(`threshold\t${settings.threshold}`);
  console.log(`seller minimum\t${settings.sellerMinimum}`);
  console.log(`state\t${settings.state}`);
  console.log(`opens\t${settings.opensOn ?? 'not set'}`);
  console.log(`joined\t${report.joined}`);
  console.log(`verified\t${report.verified}`);
  console.log(`verified sellers\t${report.sellersVerified}`);
  console.log(
    `ready\t${
      readiness.ready
        ? 'yes'
        : `no (${readiness.studentsMissing} verified students and ` +
          `${readiness.sellersMissing} verified sellers missing)`
    }`,
  );
  console.log(
    `launch\t${launch.state}${launch.state === 'none' ? '' : ` (${launch.at}, by ${launch.by})`}`,
  );
});
