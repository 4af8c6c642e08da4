import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// One operator command per feature (issue 58): `scripts/ops/<feature>.mjs --backend
// firebase|supabase`, the backend's halves side by side in scripts/ops/<feature>/, and today's npm
// script names as aliases of it. No server is needed: these runs stop before any connection.

const OPS = 'scripts/ops';
const scripts = (
  JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;
const opsScripts = Object.entries(scripts).filter(([, command]) => command.includes(`${OPS}/`));

/** An environment without any backend's address: every command stops at its usage check. */
const bare = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) =>
      !/^(GCLOUD_PROJECT|SUPABASE_DB_URL|FIREBASE_AUTH_EMULATOR_HOST|FIRESTORE_EMULATOR_HOST)$/.test(
        name,
      ),
  ),
);
const run = (args: string[]) =>
  promisify(execFile)('node', args, { env: bare, timeout: 30_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe('the npm scripts of scripts/ops', () => {
  it('each Supabase alias is its command with --backend supabase (the Firebase default)', () => {
    const aliases = opsScripts.filter(([name]) => name.endsWith(':supabase'));
    expect(aliases.map(([name]) => name).sort()).toEqual(
      [
        'campus:add:supabase',
        'campus:supabase',
        'hero:photos:supabase',
        'mail:supabase',
        'notify:campus:supabase',
        'operator:supabase',
        'report:supabase',
        'retention:supabase',
        'sweep:accounts:supabase',
      ].sort(),
    );
    for (const [name, command] of aliases) {
      if (name === 'mail:supabase') continue; // the Supabase sender: no Firebase twin
      expect(command, name).toBe(`${scripts[name.replace(/:supabase$/, '')]} --backend supabase`);
    }
  });

  it('name files that exist, each feature with its halves side by side', () => {
    for (const [name, command] of opsScripts) {
      const file = command.split(' ')[1]!;
      expect(fs.existsSync(file), `${name}: ${file}`).toBe(true);
      if (!command.includes('--backend')) continue;
      const feature = path.join(OPS, path.basename(file, '.mjs'));
      expect(fs.readdirSync(feature), name).toEqual(
        expect.arrayContaining(['firebase.mjs', 'supabase.mjs']),
      );
    }
  });

  it('no script of scripts/ops names a Firestore collection as a literal', () => {
    const files = fs
      .readdirSync(OPS, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(mjs|ts)$/.test(f));
    for (const file of files) {
      const text = fs.readFileSync(path.join(OPS, file), 'utf8');
      expect(text, file).not.toMatch(/\b(collection\(|db\.doc\()\s*['"`]/);
    }
  });
});

/** Runs a command of scripts/ops and expects a usage error (exit 2) saying `said`. */
const refuses = async (command: string, args: string[], said: string) =>
  expect(await run([`${OPS}/${command}.mjs`, ...args]), args.join(' ')).toMatchObject({
    code: 2,
    stderr: expect.stringContaining(said),
  });

// Each case spawns Node a few times: generous on a busy machine.
describe('--backend', { timeout: 120_000 }, () => {
  it('--help prints the usage, naming Firebase as the default, and exits 0', async () => {
    const { code, stdout } = await run([`${OPS}/campus.mjs`, '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: npm run campus -- show --campus ID');
    expect(stdout).toContain('--backend firebase (the default');
  });

  it('defaults to Firebase (its project) and takes supabase (its database); another is a usage error', async () => {
    const show = ['show', '--campus', 'udg-cucei'];
    await refuses('campus', show, 'Name the project');
    await refuses('campus', [...show, '--backend', 'supabase'], 'Name the database: --db URL');
    await refuses('report', ['--backend=mongo'], '--backend is one of');
  });

  it('each backend takes its own options: --project on Firebase, --db and --every on Supabase', async () => {
    await refuses('retention', ['--backend', 'supabase', '--project', 'x'], 'Unknown option');
    await refuses('retention', ['--db', 'postgres://x'], 'Unknown option');
    await refuses('retention', ['--every', '60'], 'Unknown option');
  });

  it('checks the arguments the same way on both backends', async () => {
    for (const backend of ['firebase', 'supabase']) {
      const request = ['--backend', backend, '--request', 'udg-cucei', '--id', 'nueva'];
      await refuses('campus-add', request, "--request needs a pending campus's id");
      await refuses('notify-campus', ['--backend', backend, '--campus', 'X Y'], 'Name the campus');
    }
  });

  it("campus:add requires the catalogue's name and short name, never copying the request's text (issue 59)", async () => {
    const pending = `pendiente-${'a'.repeat(24)}`;
    for (const backend of ['firebase', 'supabase']) {
      const request = ['--backend', backend, '--request', pending, '--id', 'nueva'];
      await refuses('campus-add', request, '--name is required');
      await refuses(
        'campus-add',
        [...request, '--name', 'Universidad Nueva'],
        '--short is required',
      );
      await refuses('campus-add', [...request, '--short', 'UN - Centro'], '--name is required');
    }
  });

  it('campus:add requires the city, the state and the domains too, checked as the console checks them (issue 61)', async () => {
    const pending = `pendiente-${'a'.repeat(24)}`;
    for (const backend of ['firebase', 'supabase']) {
      const named = [
        ...['--backend', backend, '--request', pending, '--id', 'nueva'],
        ...['--name', 'Universidad Nueva', '--short', 'UN - Centro'],
      ];
      await refuses('campus-add', named, '--city is required');
      await refuses('campus-add', [...named, '--city', 'Colima'], '--state is required');
      const placed = [...named, '--city', 'Colima', '--state', 'Colima'];
      await refuses('campus-add', placed, '--domains is required');
      await refuses('campus-add', [...placed, '--domains', 'ucol.m1'], '--domains needs');
      await refuses('campus-add', [...placed, '--city', 'Co<b>lima'], '--city needs');
    }
  });

  it('campus set needs a change; notify:campus takes one of --dry-run, --at, --cancel, and a real time', async () => {
    for (const backend of ['firebase', 'supabase']) {
      await refuses(
        'campus',
        ['set', '--backend', backend, '--campus', 'udg-cucei'],
        'set needs --threshold, --seller-minimum, --state or --opens',
      );
      const campus = ['--backend', backend, '--campus', 'udg-cucei'];
      await refuses('notify-campus', [...campus, '--at', 'mañana'], '--at is a Mexico City time');
      await refuses(
        'notify-campus',
        [...campus, '--at', '2027-01-15T10:00', '--cancel'],
        '--dry-run, --at and --cancel go alone',
      );
    }
  });

  it('mail:supabase -- notify names the launch command it became (issue 61)', async () => {
    await refuses(
      'mail-supabase',
      ['notify', '--campus', 'udg-cucei'],
      'npm run notify:campus:supabase',
    );
  });
});
