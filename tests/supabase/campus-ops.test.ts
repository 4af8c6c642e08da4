import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  asOperator,
  operatorLog,
  supabaseCommand,
  TERMINAL_ACTOR,
  withFreshDatabase,
} from '../support/fresh-database';

// scripts/ops/campus.mjs --backend supabase as an operator runs it, in a child process, against a fresh
// copy of the migrated database: show and set a campus's launch settings, each seen through
// my_campus() as the campus's student calls it, and by the console (issue 61: the command runs the
// console's own functions as terminal:<user>, logged).

/** An opening date the settings' check accepts whenever the suite runs: next year's 15 January. */
const OPENS_ON = `${new Date().getUTCFullYear() + 1}-01-15`;
const db = withFreshDatabase('campus-ops');

const run = supabaseCommand(db, 'campus');

/** my_campus() as a Google student of the campus (uid) calls it. */
async function asStudent(uid: string, email: string) {
  await db.admin.query('begin');
  try {
    await db.admin.query('set local role authenticated');
    await db.admin.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: uid, email, role: 'authenticated' }),
    ]);
    const { rows } = await db.admin.query(
      `select verified_count, threshold, state, to_char(opens_on, 'YYYY-MM-DD') as opens_on
       from public.my_campus()`,
    );
    return rows[0];
  } finally {
    await db.admin.query('rollback');
  }
}

describe('campus:supabase: the operators set a campus threshold, state and date', () => {
  it('shows the defaults and the true counts, sets what is given, and keeps the rest', async () => {
    const { rows } = await db.admin.query<{ id: string; email: string }>(
      `insert into auth.users (email)
       select 'c' || n || case when n <= 3 then '@gmail.com' else '@alumnos.udg.mx' end
       from generate_series(1, 15) n returning id, email`,
    );
    for (const { id, email } of rows) {
      await db.admin.query(
        "insert into public.waitlist (uid, email, college_id) values ($1, $2, 'udg-cucea')",
        [id, email],
      );
    }
    const shown = (await run('show', '--campus', 'udg-cucea')).stdout;
    expect(shown).toContain('threshold\t100\n');
    expect(shown).toContain('seller minimum\t10\n');
    expect(shown).toContain('state\tgathering\n');
    expect(shown).toContain('launch\tnone\n');
    expect(shown).toContain('joined\t15');
    expect(shown).toContain('verified\t12');

    const student = rows.at(-1)!;
    await run('set', '--campus', 'udg-cucea', '--threshold', '40', '--opens', OPENS_ON);
    expect(await asStudent(student.id, student.email)).toEqual({
      verified_count: 12,
      threshold: 40,
      state: 'gathering',
      opens_on: OPENS_ON,
    });
    const set = (await run('set', '--campus', 'udg-cucea', '--state', 'opening')).stdout;
    expect(set).toContain('threshold\t40');
    expect(set).toContain(`opens\t${OPENS_ON}`);
    expect(await asStudent(student.id, student.email)).toMatchObject({
      threshold: 40,
      state: 'opening',
      opens_on: OPENS_ON,
    });
    await run('set', '--campus', 'udg-cucea', '--opens', 'none');
    expect(await asStudent(student.id, student.email)).toMatchObject({ opens_on: null });
    const sellers = (await run('set', '--campus', 'udg-cucea', '--seller-minimum', '3')).stdout;
    expect(sellers).toContain('seller minimum\t3\n');
    expect(sellers).toContain('threshold\t40\n');

    // The console's own "save settings", by the terminal: the console reads what it wrote, and
    // each change is an entry of the operators' log in the terminal's name.
    const row = ((await asOperator(db, 'public.operator_campuses()')) as { campus: string }[]).find(
      (c) => c.campus === 'udg-cucea',
    );
    expect(row).toMatchObject({
      settings: { threshold: 40, sellerMinimum: 3, state: 'opening', opensOn: null },
    });
    expect(await operatorLog(db, 'settings')).toEqual(
      Array(4).fill({ actor: TERMINAL_ACTOR, target: 'udg-cucea', outcome: 'done' }),
    );
  });

  it('refuses a bad threshold, state, day or campus, and changes nothing', async () => {
    const before = (await run('show', '--campus', 'udg-cucea')).stdout;
    for (const args of [
      ['--threshold', '0'],
      ['--threshold', '9'],
      ['--seller-minimum', '10001'],
      ['--seller-minimum', '-1'],
      ['--threshold', '1.5'],
      ['--threshold', '100001'],
      ['--state', 'closed'],
      ['--opens', '2027-02-30'],
      [],
    ]) {
      await expect(run('set', '--campus', 'udg-cucea', ...args)).rejects.toMatchObject({ code: 2 });
    }
    await expect(run('set', '--campus', 'UDG CUCEA', '--threshold', '5')).rejects.toMatchObject({
      code: 2,
    });
    await expect(run('set', '--campus', 'no-existe', '--threshold', '5')).rejects.toMatchObject({
      code: 1,
    });
    expect((await run('show', '--campus', 'udg-cucea')).stdout).toBe(before);
    expect(await operatorLog(db, 'settings')).toHaveLength(4);
  });

  it('report:supabase writes the campuses, days and requests as CSV', async () => {
    const report = (what: string) =>
      promisify(execFile)('node', ['scripts/ops/report.mjs', '--backend', 'supabase', what], {
        env: { ...process.env, SUPABASE_DB_URL: db.url },
        timeout: 30_000,
      });
    // udg-cucea holds the 15 students of the first test (12 verified); one of them was invited.
    const { rows } = await db.admin.query<{ id: string }>(
      "select uid::text as id from public.waitlist where college_id = 'udg-cucea' order by created_at limit 2",
    );
    await db.admin.query('insert into private.invites (invitee, inviter) values ($1, $2)', [
      rows[0]!.id,
      rows[1]!.id,
    ]);
    await db.admin.query(
      `insert into private.campus_requests (user_id, request_key, name, city)
       values ($1, 'universidad de sotavento|coatzacoalcos', 'Universidad de Sotavento', 'Coatzacoalcos')`,
      [rows[0]!.id],
    );
    const campuses = (await report('campuses')).stdout.split('\n');
    expect(campuses[0]).toBe(
      'campus,joined,verified,invited,invited_share,threshold,state,opens_on,plus_tagged,plus_share',
    );
    expect(campuses).toContain('udg-cucea,15,12,1,0.067,40,opening,,0,0.000');
    const days = (await report('days')).stdout;
    expect(days).toMatch(/^campus,day,joined,verified\nudg-cucea,\d{4}-\d{2}-\d{2},15,12\n$/);
    const requests = (await report('requests')).stdout.split('\n');
    expect(requests[1]).toMatch(/^Universidad de Sotavento,Coatzacoalcos,1,\d{4}-/);
    await db.admin.query(`select public.report_failure('join', 'unavailable')`);
    expect((await report('failures')).stdout).toMatch(
      /^day,kind,code,count\n\d{4}-\d{2}-\d{2},join,unavailable,1\n$/,
    );
    await expect(report('everything')).rejects.toMatchObject({ code: 2 });
  });
});

// Issue 49: the one report to launch from, and campus:add:supabase's refusals.
describe('report:supabase (the launch report) and campus:add:supabase', () => {
  const launch = (...args: string[]) =>
    promisify(execFile)('node', ['scripts/ops/report.mjs', '--backend', 'supabase', ...args], {
      env: { ...process.env, SUPABASE_DB_URL: db.url },
      timeout: 60_000,
    });
  const add = (...args: string[]) =>
    promisify(execFile)('node', ['scripts/ops/campus-add.mjs', '--backend', 'supabase', ...args], {
      env: { ...process.env, SUPABASE_DB_URL: db.url },
      timeout: 30_000,
    });

  it('prints per campus joined, verified, invited share, sellers, sources, milestones, requests and state', async () => {
    await db.admin.query(
      `insert into private.campus_settings (college_id, threshold) values ('udg-cucs', 10)
       on conflict (college_id) do update set threshold = 10`,
    );
    const { rows } = await db.admin.query<{ id: string }>(
      `insert into auth.users (email)
       select 'r' || n || '@alumnos.udg.mx' from generate_series(1, 12) n returning id`,
    );
    for (const [n, { id }] of rows.entries()) {
      await db.admin.query(
        `insert into public.waitlist (uid, email, college_id) values ($1, 'r' || $2 || '@alumnos.udg.mx', 'udg-cucs')`,
        [id, n + 1],
      );
    }
    await db.admin.query(
      `insert into private.seller_choices (user_id, categories) values
         ($1, '{postres,snacks}'), ($2, '{postres}')`,
      [rows[0]!.id, rows[1]!.id],
    );
    await db.admin.query(
      `insert into private.join_sources (user_id, source, medium, campaign) values
         ($1, 'whatsapp', 'grupo', null), ($2, 'whatsapp', 'grupo', null), ($3, 'otro', null, 'cartel')`,
      [rows[0]!.id, rows[1]!.id, rows[2]!.id],
    );
    // A campus asked for by a verified student, and one who is on no list (issue 59).
    const outsider = (
      await db.admin.query<{ id: string }>(
        `insert into auth.users (email) values ('nadie@gmail.com') returning id::text as id`,
      )
    ).rows[0]!.id;
    const key = 'universidad del reporte|xalapa';
    await db.admin.query(
      `insert into private.campus_requests (user_id, request_key, name, city) values
         ($1, $3, 'Universidad del Reporte', 'Xalapa'), ($2, $3, 'Universidad del Reporte', 'Xalapa')`,
      [rows[0]!.id, outsider, key],
    );
    const pendingId = (
      await db.admin.query<{ id: string }>('select private.pending_campus_id($1) as id', [key])
    ).rows[0]!.id;
    const csv = (await launch('--csv')).stdout.trim().split('\n');
    const head = csv[0]!.split(',');
    expect(head.slice(0, 10)).toEqual([
      'campus',
      'joined',
      'verified',
      'invited',
      'invited_share',
      'threshold',
      'seller_minimum',
      'ready',
      'state',
      'sellers',
    ]);
    const row = csv.find((line) => line.startsWith('udg-cucs,'))!.split(',');
    const cell = (name: string) => row[head.indexOf(name)];
    expect(cell('joined')).toBe('12');
    expect(cell('verified')).toBe('12');
    // Twelve verified students, but 2 verified sellers of the 10 a campus needs (issue 61).
    expect(cell('seller_minimum')).toBe('10');
    expect(cell('ready')).toBe('no');
    expect(cell('sellers')).toBe('2');
    expect(cell('sellers_postres')).toBe('2');
    expect(cell('sellers_snacks')).toBe('1');
    expect(cell('sellers_servicios')).toBe('0');
    expect(cell('sources')).toBe('whatsapp/grupo/-:2 otro/-/cartel:1');
    expect(cell('milestones')).toBe('25 50 75 100');
    // Beside the totals, the verified students among them (issue 59): all twelve are.
    expect(cell('sellers_verified')).toBe('2');
    expect(cell('sources_verified')).toBe('whatsapp/grupo/-:2 otro/-/cartel:1');
    const asked = csv.find((line) => line.startsWith(`${pendingId},`))!.split(',');
    expect([asked[head.indexOf('requests')], asked[head.indexOf('requests_verified')]]).toEqual([
      '2',
      '1',
    ]);
    const table = (await launch()).stdout;
    expect(table).toContain('udg-cucs\n  joined     12\n  verified   12 of 10\n');
    // Not ready (issue 61): 2 verified sellers of the 10 a campus needs by default.
    expect(table).toMatch(/udg-cucs\n(?: {2}.*\n)*? {2}state {6}gathering\n/);
    expect(table).not.toContain('READY TO OPEN');
    await expect(launch('--json')).rejects.toMatchObject({ code: 2 });
  });

  it('refuses a malformed request or id (2), an unknown request (1), and writes nothing', async () => {
    const colleges = async () =>
      (await db.admin.query('select count(*)::int as n from public.colleges')).rows[0].n as number;
    const before = await colleges();
    await expect(add('--request', 'udg-cucei', '--id', 'nueva')).rejects.toMatchObject({
      code: 2,
    });
    await expect(
      add('--request', `pendiente-${'a'.repeat(24)}`, '--id', 'No Es Id'),
    ).rejects.toMatchObject({ code: 2 });
    await expect(
      add('--request', `pendiente-${'a'.repeat(24)}`, '--id', `pendiente-${'b'.repeat(24)}`),
    ).rejects.toMatchObject({ code: 2 });
    // With everything the catalogue needs (issues 59 and 61: required), so the request itself is
    // what the console's add refuses, in the operators' log as the terminal's attempt.
    const typed = [
      ...['--name', 'Universidad Nueva', '--short', 'UN - Centro'],
      ...['--city', 'Colima', '--state', 'Colima', '--domains', 'ucol.mx'],
    ];
    await expect(
      add('--request', `pendiente-${'a'.repeat(24)}`, '--id', 'nueva-uni'),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--name is required') });
    const unknown = add('--request', `pendiente-${'a'.repeat(24)}`, '--id', 'nueva-uni', ...typed);
    await expect(unknown).rejects.toMatchObject({ code: 1 });
    await expect(unknown).rejects.toMatchObject({
      stderr: expect.stringContaining('is no pending campus'),
    });
    expect(await colleges()).toBe(before);
    expect(await operatorLog(db, 'campus-add')).toEqual([
      { actor: TERMINAL_ACTOR, target: 'nueva-uni', outcome: 'campus-add:request' },
    ]);
  });

  it("adds a requested campus as the console's add does, logged as the terminal's (issue 61)", async () => {
    const key = 'universidad de colima|manzanillo';
    const { rows } = await db.admin.query<{ id: string }>(
      "insert into auth.users (email) values ('pide@ucol.mx') returning id::text as id",
    );
    await db.admin.query(
      `insert into private.campus_requests (user_id, request_key, name, city)
       values ($1, $2, 'Universidad de Colima', 'Manzanillo')`,
      [rows[0]!.id, key],
    );
    const pending = (
      await db.admin.query<{ id: string }>('select private.pending_campus_id($1) as id', [key])
    ).rows[0]!.id;
    await db.admin.query(
      `insert into public.colleges (id, name, subname, request_key)
       values ($1, 'Universidad de Colima', 'Manzanillo', $2)`,
      [pending, key],
    );
    const args = [
      ...['--request', pending, '--id', 'ucol-manzanillo', '--name', 'Universidad de Colima'],
      ...['--short', 'UCOL - Manzanillo', '--city', 'Manzanillo', '--state', 'Colima'],
      ...['--domains', 'UCOL.mx, alumnos.ucol.mx'],
    ];
    const { stdout } = await add(...args);
    expect(stdout).toContain(
      `Added ucol-manzanillo: 0 entries moved from ${pending}, 1 e-mails queued.`,
    );
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({
      added: true,
      moved: 0,
      queued: 1,
    });
    const { rows: added } = await db.admin.query(
      `select subname, keywords, email_domains from public.colleges where id = 'ucol-manzanillo'`,
    );
    expect(added).toEqual([
      {
        subname: 'Manzanillo',
        keywords: ['Manzanillo', 'Colima'],
        email_domains: ['ucol.mx', 'alumnos.ucol.mx'],
      },
    ]);
    expect((await add(...args)).stdout).toContain('was added already: nothing written');
    expect((await operatorLog(db, 'campus-add')).slice(1)).toEqual([
      { actor: TERMINAL_ACTOR, target: 'ucol-manzanillo', outcome: 'done' },
      { actor: TERMINAL_ACTOR, target: 'ucol-manzanillo', outcome: 'already' },
    ]);
  });
});
