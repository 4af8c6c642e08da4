// What every operator command of scripts/ops/ shares (issue 58): the backend it works on, its
// options, its usage and the way it ends.
//
// One command per feature: `node scripts/ops/<feature>.mjs [--backend firebase|supabase] ...`.
// The entry reads the command line and prints; the backend's half beside it
// (scripts/ops/<feature>/firebase.mjs, scripts/ops/<feature>/supabase.mjs) reads and writes the
// records. Firebase, the production backend, is the default; the npm scripts of each backend
// (`campus`, `campus:supabase`, ...) are aliases of the same command.

import os from 'node:os';

export const BACKENDS = ['firebase', 'supabase'];

/** The option naming where each backend's records live (shared/firebase.mjs, shared/postgres.mjs). */
const WHERE = { firebase: 'project', supabase: 'db' };

const BACKEND_HELP =
  'Backend: --backend firebase (the default: production; --project ID or GCLOUD_PROJECT) or ' +
  '--backend supabase (--db URL or SUPABASE_DB_URL, the postgres role).';

/** Exits with a message and status 2 (usage), or the status given. */
export function fail(message, status = 2) {
  console.error(message);
  process.exit(status);
}

export const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/**
 * Reads `--name value` and `--flag` options. `flags` lists the options without a value; an
 * unknown option or a missing value is a usage error.
 */
export function parseArgs(argv, { values = [], flags = [], usage }) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (!argv[i].startsWith('--')) fail(`Unexpected argument: ${argv[i]}\n${usage}`);
    if (flags.includes(name)) options[name] = true;
    else if (values.includes(name)) {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) fail(`--${name} needs a value.\n${usage}`);
      options[name] = value;
    } else fail(`Unknown option: --${name}\n${usage}`);
  }
  return options;
}

/**
 * A command's start: its usage (`synopsis`, one line per form, plus the backends), the backend
 * (`--backend NAME` or `--backend=NAME` anywhere; firebase when none) and the rest of the
 * arguments. `--help` prints the usage and exits 0.
 */
export function start(synopsis, argv = process.argv.slice(2)) {
  const usage = `Usage: ${[synopsis].flat().join('\n       ')}\n${BACKEND_HELP}`;
  let backend = 'firebase';
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--help' || argv[i] === '-h') {
      console.log(usage);
      process.exit(0);
    }
    if (argv[i] === '--backend') backend = argv[++i];
    else if (argv[i].startsWith('--backend=')) backend = argv[i].slice('--backend='.length);
    else rest.push(argv[i]);
  }
  if (!BACKENDS.includes(backend)) fail(`--backend is one of ${BACKENDS.join(', ')}.\n${usage}`);
  return {
    backend,
    argv: rest,
    usage,
    /** The command's options, with the backend's own (--project or --db). */
    options: (args, { values = [], flags = [] } = {}) =>
      parseArgs(args, { values: [...values, WHERE[backend]], flags, usage }),
    /** The backend's half of a feature: scripts/ops/<feature>/<backend>.mjs. */
    half: (feature) => import(new URL(`../${feature}/${backend}.mjs`, import.meta.url).href),
  };
}

/**
 * Runs a command's work and exits: with the status it resolves to (0 when none), or 1 and
 * `<name> failed: <message>` when it throws.
 */
export async function finish(name, work) {
  try {
    const status = await work();
    process.exit(typeof status === 'number' ? status : 0);
  } catch (error) {
    fail(`${name} failed: ${messageOf(error)}`, 1);
  }
}

/**
 * Who runs a command, as the operators' log names them (issue 61): 'terminal:<user>', the
 * environment's name where the machine has no passwd entry (a container's user).
 */
export function terminalActor() {
  let user = process.env.USER ?? process.env.USERNAME ?? 'unknown';
  try {
    user = os.userInfo().username || user;
  } catch {
    // No passwd entry: the environment's name.
  }
  return `terminal:${user}`;
}
