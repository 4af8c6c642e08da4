import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresOutbox } from '@/adapters/postgres/postgres-outbox.adapter';
import { LEAVE_PURPOSE, readLeaveToken, signLeaveToken } from '@/domain/mail/leave-token';
import { createSalirHandler } from '../../supabase/functions/salir/handler.ts';
import {
  asOperator,
  operatorLog,
  TERMINAL_ACTOR,
  withFreshDatabase,
} from '../support/fresh-database';
import { type LocalSmtp, startLocalSmtp } from '../../stand-ins/smtp-server';
import { startSupabaseStandIn, type SupabaseStandIn } from '../../stand-ins/supabase-stand-in';

// Issue 25 on the Supabase backend: the database reads leave links as the domain does (tokens
// made in TypeScript, read in SQL), the one-click Edge Function leaves by them without a sign-in
// (the page's adapter: the LeaveLinks contract, supabase-adapters.contract.test.ts), and `npm run mail:supabase` / `notify:campus:supabase` send the welcome
// and the launch over a real local SMTP server, once each; the launch is the console's own, run
// as terminal:<user> (issue 61), so the console and the terminal launch a campus once between them.

const SECRET = 'supabase-test-secret-supabase-test-secret-01';
const SITE = 'https://deestudiantes.example';
let standIn: SupabaseStandIn;
let smtp: LocalSmtp;

const db = withFreshDatabase('mail');
beforeAll(async () => {
  standIn = await startSupabaseStandIn({ databaseUrl: db.url, port: 0 });
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  await smtp?.close();
  await standIn?.close();
});

/** A student on the list of a campus: their uid and date of joining (ms). */
/**
 * A student on the list: the name Google gave is their Google identity's; their metadata, which
 * they can rewrite (`auth.updateUser`), says something else, which no e-mail may use.
 */
async function student(email: string, college = 'udg-cucei', name = '') {
  const { rows } = await db.admin.query<{ id: string }>(
    `insert into auth.users (email, raw_user_meta_data) values ($1, $2) returning id`,
    [email, JSON.stringify({ full_name: 'Nombre Reescrito' })],
  );
  const uid = rows[0]!.id;
  await db.admin.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider)
     values ($1, $2, $3, 'google')`,
    [`g-${uid}`, uid, JSON.stringify({ full_name: name })],
  );
  const entry = await db.admin.query<{ joined: string }>(
    `insert into public.waitlist (uid, email, college_id) values ($1, $2, $3)
     returning private.joined_ms(created_at)::text as joined`,
    [uid, email, college],
  );
  return { uid, joined: Number(entry.rows[0]!.joined) };
}

const command =
  (...start: string[]) =>
  (...args: string[]) =>
    promisify(execFile)('node', [...start, ...args], {
      env: {
        ...process.env,
        SUPABASE_DB_URL: db.url,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'De estudiantes a estudiantes <hola@deestudiantes.example>',
        SITE_URL: SITE,
        SUPABASE_URL: standIn.url,
      },
      timeout: 60_000,
    });
const run = command('scripts/ops/mail-supabase.mjs');
/** `npm run notify:campus:supabase` (issue 61: the console's own launch, as terminal:<user>). */
const notify = command('scripts/ops/notify-campus.mjs', '--backend', 'supabase');

/** A Mexico City wall time (YYYY-MM-DDTHH:mm) `hours` from now. */
const mexicoCityIn = (hours: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Mexico_City',
    dateStyle: 'short',
    timeStyle: 'short',
    hourCycle: 'h23',
  })
    .format(new Date(Date.now() + hours * 3_600_000))
    .replace(' ', 'T');

const inFuture = () => Math.floor(Date.now() / 1000) + 3600;

describe('leave links in the database', () => {
  beforeAll(async () => {
    await db.admin.query('insert into private.mail_settings (token_secret) values ($1)', [SECRET]);
  });

  it('reads any token as the domain reads it: made in TypeScript, the same verdict in SQL', async () => {
    const ana = await student('ana.sql@alumnos.udg.mx');
    const check = async (token: string) =>
      (
        await db.admin.query<{ state: string }>('select public.check_leave_link($1) as state', [
          token,
        ])
      ).rows[0]!.state;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(ana.uid), fc.uuid()),
        fc.oneof(fc.constant(ana.joined), fc.integer({ min: 0, max: 4_102_444_800_000 })),
        fc.oneof(
          fc.constant(inFuture()),
          fc.integer({ min: 1, max: 2_000_000_000 }),
          fc.integer({ min: 1, max: 999_999_999_999 }),
        ),
        fc.constantFrom(LEAVE_PURPOSE, 'verify'),
        fc.option(fc.tuple(fc.nat(), fc.constantFrom(...'Aa0-_.=')), { nil: null }),
        async (uid, joined, expires, purpose, change) => {
          let token = await signLeaveToken({ purpose, uid, joined, expires }, SECRET);
          if (change) {
            const at = change[0] % token.length;
            token = token.slice(0, at) + change[1] + token.slice(at + 1);
          }
          const reading = await readLeaveToken(token, SECRET, new Date());
          const expected = !reading.ok
            ? reading.fault
            : reading.claims.uid === ana.uid && reading.claims.joined === ana.joined
              ? 'valid'
              : 'used';
          expect(await check(token)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  // The page's adapter (check, then leave without a sign-in, once; the account goes, no one
  // else's) is the LeaveLinks contract, run in supabase-adapters.contract.test.ts.
  it('the one-click Edge Function leaves on a POST, sends a person to the page, and refuses a bad token', async () => {
    const diego = await student('diego.click@alumnos.udg.mx');
    const token = await signLeaveToken(
      { purpose: LEAVE_PURPOSE, uid: diego.uid, joined: diego.joined, expires: inFuture() },
      SECRET,
    );
    const handle = createSalirHandler({
      supabaseUrl: standIn.url,
      anonKey: standIn.anonKey,
      siteUrl: SITE,
    });
    const at = `https://project.supabase.co/functions/v1/salir?token=${encodeURIComponent(token)}`;
    const oneClick = (url: string) =>
      handle(
        new Request(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        }),
      );
    const opened = await handle(new Request(at));
    expect(opened.status).toBe(303);
    expect(opened.headers.get('Location')).toBe(`${SITE}/salir?token=${encodeURIComponent(token)}`);
    expect((await handle(new Request(at, { method: 'POST', body: 'x=y' }))).status).toBe(400);
    expect((await oneClick(at.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).status).toBe(400);
    const { rowCount: still } = await db.admin.query('select 1 from auth.users where id = $1', [
      diego.uid,
    ]);
    expect(still).toBe(1);
    const left = await oneClick(at);
    expect(left.status).toBe(200);
    expect(await left.text()).toBe('Saliste de la lista de espera.');
    expect((await oneClick(at)).status).toBe(200); // a provider's second POST is no error
    const { rowCount } = await db.admin.query('select 1 from auth.users where id = $1', [
      diego.uid,
    ]);
    expect(rowCount).toBe(0);
  });

  it('an expired link deletes nothing but stops the e-mails, on the page and by one-click (issue 51)', async () => {
    const lena = await student('lena.stop@alumnos.udg.mx', 'udg-cuaad');
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await signLeaveToken(
      { purpose: LEAVE_PURPOSE, uid: lena.uid, joined: lena.joined, expires: past },
      SECRET,
    );
    const call = async (fn: string) =>
      (await db.admin.query(`select public.${fn}($1) as state`, [expired])).rows[0].state as string;
    expect(await call('check_leave_link')).toBe('expired');
    const pending = async () =>
      Number(
        (
          await db.admin.query(
            "select count(*) as n from private.mail_outbox where user_id = $1 and status = 'pending'",
            [lena.uid],
          )
        ).rows[0].n,
      );
    expect(await pending()).toBe(1); // the welcome
    const handle = createSalirHandler({
      supabaseUrl: standIn.url,
      anonKey: standIn.anonKey,
      siteUrl: SITE,
    });
    const oneClick = await handle(
      new Request(`https://p.supabase.co/functions/v1/salir?token=${encodeURIComponent(expired)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
    );
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toBe('Ya no te enviaremos correos.');
    expect(await call('leave_by_link')).toBe('stopped'); // again: the same
    expect(await pending()).toBe(0);
    const { rowCount } = await db.admin.query('select 1 from public.waitlist where uid = $1', [
      lena.uid,
    ]);
    expect(rowCount).toBe(1);
    await db.admin.query("select * from private.queue_launch('udg-cuaad')");
    const { rows } = await db.admin.query(
      "select user_id::text as uid from private.mail_outbox where kind = 'launch' and college_id = 'udg-cuaad'",
    );
    expect(rows.map((r: { uid: string }) => r.uid)).not.toContain(lena.uid);
    await db.admin.query("delete from private.launch_runs where college_id = 'udg-cuaad'");
    // A link of an entry that is gone stops nothing.
    await db.admin.query('delete from public.waitlist where uid = $1', [lena.uid]);
    expect(await call('leave_by_link')).toBe('expired');
  });

  it('the Edge Function refuses to start without SITE_URL or its project settings (issue 51)', () => {
    const settings = { supabaseUrl: standIn.url, anonKey: standIn.anonKey, siteUrl: SITE };
    for (const [change, named] of [
      [{ siteUrl: '' }, 'SITE_URL'],
      [{ siteUrl: 'deestudiantes.mx' }, 'SITE_URL'],
      [{ siteUrl: 'http://deestudiantes.mx' }, 'SITE_URL'],
      [{ supabaseUrl: '' }, 'SUPABASE_URL'],
      [{ anonKey: '' }, 'SUPABASE_ANON_KEY'],
    ] as const) {
      expect(() => createSalirHandler({ ...settings, ...change })).toThrow(named);
    }
    expect(() => createSalirHandler(settings)).not.toThrow();
  });
});

describe('npm run mail:supabase and notify:campus:supabase', () => {
  it('sends each entry one welcome and each student of a launched campus one launch, once', async () => {
    await db.admin.query('delete from auth.users');
    await db.admin.query('delete from private.mail_settings');
    expect((await run('secret')).stdout).toContain('Made the signing secret');
    expect((await run('secret')).stdout).toContain('already set');
    const names = ['Vale Ríos', 'Marco <b>"El Jefe"</b>', ''];
    for (const [i, name] of names.entries())
      await student(`e${i}@alumnos.udg.mx`, 'udg-cucei', name);
    await student('otro@tec.mx', 'itesm-gdl', 'Otro');

    expect((await run('send')).stdout).toContain('sent 4, to retry 0, failed for good 0');
    expect((await run('send')).stdout).toContain('sent 0,');
    const welcome = smtp.received.find((m) => m.text?.startsWith('Hola, Vale Ríos:\n'))!;
    expect(welcome.subject).toBe('Ya estás en la lista de espera de UDG - CUCEI');
    // Never the rewritable metadata's name; a name that is not letters alone, none at all.
    expect(smtp.received.some((m) => m.text?.includes('Reescrito'))).toBe(false);
    expect(smtp.received.some((m) => String(m.html).includes('Jefe'))).toBe(false);
    expect(smtp.received.filter((m) => m.text?.startsWith('Hola:\n'))).toHaveLength(2);
    const header = welcome.headerLines.find((h) => h.key === 'list-unsubscribe')!.line;
    expect(header.replace(/\r?\n\s+/g, '')).toContain(`${standIn.url}/functions/v1/salir?token=`);
    // The welcome's link is read by the database with the secret the command made.
    const link = new URL(/Salir de la lista de espera: (\S+)/.exec(welcome.text!)![1]!);
    const { rows } = await db.admin.query('select public.check_leave_link($1) as state', [
      link.searchParams.get('token'),
    ]);
    expect(rows[0].state).toBe('valid');

    const dry = await notify('--campus', 'udg-cucei', '--dry-run');
    expect(dry.stdout).toContain('3 students on the list; 3 would get the launch e-mail now');
    expect(smtp.received).toHaveLength(4);
    const launch = await notify('--campus', 'udg-cucei');
    expect(launch.stdout).toContain(`udg-cucei: launched by ${TERMINAL_ACTOR} at `);
    expect(launch.stdout).toContain('3 students on the list, each recorded one launch e-mail');
    expect(launch.stdout).toContain('sent 3,');
    // A campus launches once (issue 61): a second launch is refused, nothing more recorded or sent.
    await expect(notify('--campus', 'udg-cucei')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('udg-cucei was launched or scheduled already'),
    });
    const launches = smtp.received.filter(
      (m) => m.subject === '¡El marketplace ya abrió en UDG - CUCEI!',
    );
    expect(launches).toHaveLength(3);
    const { rows: runs } = await db.admin.query(
      'select college_id, students, queued from private.launch_runs order by id',
    );
    expect(runs).toEqual([{ college_id: 'udg-cucei', students: 3, queued: 3 }]);
    const { rows: told } = await db.admin.query(
      "select count(*)::int as n from private.mail_outbox where status = 'sent' and sent_at is not null",
    );
    expect(told[0].n).toBe(7);

    // The console sees the terminal's launch, and the operators' log has both attempts.
    const campuses = (await asOperator(db, 'public.operator_campuses()')) as {
      campus: string;
      launch: unknown;
    }[];
    expect(campuses.find((c) => c.campus === 'udg-cucei')?.launch).toMatchObject({
      state: 'launched',
      by: TERMINAL_ACTOR,
      students: 3,
    });
    expect(await operatorLog(db, 'launch')).toEqual([
      { actor: TERMINAL_ACTOR, target: 'udg-cucei', outcome: 'done' },
      { actor: TERMINAL_ACTOR, target: 'udg-cucei', outcome: 'already' },
    ]);
  });

  it('one launch per campus, whether the console or the terminal asks first (issue 61)', async () => {
    // The console after the terminal's launch above.
    expect(await asOperator(db, `public.operator_launch('udg-cucei', 'udg-cucei', null)`)).toEqual({
      refused: 'already',
    });
    // The terminal after the console's launch (a campus with nobody on its list).
    expect(
      await asOperator(db, `public.operator_launch('ibero-leon', 'ibero-leon', null)`),
    ).toMatchObject({ status: { state: 'launched', by: 'consola@example.mx', students: 0 } });
    await expect(notify('--campus', 'ibero-leon')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('ibero-leon was launched or scheduled already'),
    });
    // Scheduled from the terminal: the console sees it, a second schedule is refused, and the
    // terminal cancels it.
    const at = mexicoCityIn(48);
    const scheduled = await notify('--campus', 'ibero-puebla', '--at', at);
    expect(scheduled.stdout).toContain(`ibero-puebla: launch scheduled for `);
    expect(scheduled.stdout).toContain(`by ${TERMINAL_ACTOR}; cancel it with --cancel.`);
    expect(
      await asOperator(db, `public.operator_launch('ibero-puebla', 'ibero-puebla', $1)`, [at]),
    ).toEqual({ refused: 'already' });
    expect((await notify('--campus', 'ibero-puebla', '--cancel')).stdout).toContain(
      'ibero-puebla: not launched.',
    );
    await expect(notify('--campus', 'ibero-puebla', '--cancel')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('has no scheduled launch to cancel'),
    });
    await expect(
      notify('--campus', 'ibero-puebla', '--at', mexicoCityIn(-1)),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('not a future time') });
    expect((await operatorLog(db, 'launch')).at(-1)).toEqual({
      actor: TERMINAL_ACTOR,
      target: 'ibero-leon',
      outcome: 'already',
    });
    expect(await operatorLog(db, 'launch-cancel')).toEqual([
      { actor: TERMINAL_ACTOR, target: 'ibero-puebla', outcome: 'done' },
      { actor: TERMINAL_ACTOR, target: 'ibero-puebla', outcome: 'not-scheduled' },
    ]);
  });

  it('sends a milestone (issue 49) once to everyone then on the list, with its figure, invite and leave link', async () => {
    await db.admin.query('delete from auth.users');
    await db.admin.query(
      `insert into private.campus_settings (college_id, threshold) values ('udg-cucs', 40)
       on conflict (college_id) do update set threshold = 40`,
    );
    const before = smtp.received.length;
    for (let i = 0; i < 9; i++) await student(`h${i}@alumnos.udg.mx`, 'udg-cucs', 'Hito');
    const { rows: none } = await db.admin.query(
      "select count(*)::int as n from private.mail_outbox where kind = 'milestone'",
    );
    expect(none[0].n).toBe(0);
    await student('h9@alumnos.udg.mx', 'udg-cucs', 'Hito'); // 10 of 40
    expect((await run('send')).stdout).toContain('sent 20,'); // 10 welcomes, 10 milestones
    const milestones = smtp.received
      .slice(before)
      .filter((m) => m.subject === 'UDG - CUCS ya va en el 25% de su meta');
    expect(milestones).toHaveLength(10);
    expect(milestones[0]!.text).toContain('10 de 40 estudiantes verificados');
    // On the campus's page (issue 60): UDG - CUCS is a catalogue campus.
    expect(milestones[0]!.text).toMatch(
      /Tu enlace: https:\/\/deestudiantes\.example\/campus\/udg-cucs\?ref=[A-Z0-9]{8}\n/,
    );
    expect(milestones[0]!.text).toContain('Salir de la lista de espera: ');
    // A late joiner gets no past milestone (their welcome only).
    await student('h10@alumnos.udg.mx', 'udg-cucs', 'Hito');
    expect((await run('send')).stdout).toContain('sent 1,');
    const { rows: mailed } = await db.admin.query(
      "select count(*)::int as n from private.mail_outbox where kind = 'milestone' and status = 'sent'",
    );
    // Each marked sent (and in the recipients' ledger): never sent again once a lease ends.
    expect(mailed[0].n).toBe(10);
    const { rows: ledger } = await db.admin.query(
      "select count(*)::int as n from private.mail_recipients where kind = 'milestone'",
    );
    expect(ledger[0].n).toBe(10);
  });

  it('sends the campus-added e-mail to a student with no entry without a leave link (issue 49)', async () => {
    const { rows } = await db.admin.query<{ id: string }>(
      "insert into auth.users (email) values ('pidio@gmail.com') returning id",
    );
    const key = 'universidad de prueba|tepic';
    await db.admin.query(
      `insert into private.campus_requests (user_id, request_key, name, city)
       values ($1, $2, 'Universidad de Prueba', 'Tepic')`,
      [rows[0]!.id, key],
    );
    const { rows: pending } = await db.admin.query<{ id: string }>(
      'select private.pending_campus_id($1) as id',
      [key],
    );
    await db.admin.query(
      `insert into public.colleges (id, name, subname, short_name, request_key)
       values ($1, 'Universidad de Prueba', 'Tepic', 'Universidad de Prueba (pendiente)', $2)`,
      [pending[0]!.id, key],
    );
    // A pending campus is no campus to launch; once added it is.
    await expect(notify('--campus', pending[0]!.id)).rejects.toMatchObject({
      stderr: expect.stringContaining('not a campus of the catalogue'),
    });
    await db.admin.query(
      "select * from private.add_campus($1, 'uprueba-tepic', null, 'UP - Tepic')",
      [pending[0]!.id],
    );
    expect((await notify('--campus', 'uprueba-tepic', '--dry-run')).stdout).toContain(
      'uprueba-tepic',
    );
    const before = smtp.received.length;
    expect((await run('send')).stdout).toContain('sent 1,');
    const added = smtp.received.slice(before)[0]!;
    expect(added.subject).toBe('Ya puedes unirte: tu campus está en la lista');
    expect(added.text).toContain('Pediste UP - Tepic');
    expect(added.text).not.toContain('Salir de la lista');
    expect(added.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(false);
    const { rows: marked } = await db.admin.query(
      "select status from private.mail_outbox where kind = 'campus-added'",
    );
    expect(marked).toEqual([{ status: 'sent' }]);
  });

  it('refuses an unknown campus, and a send without the mail settings', async () => {
    await expect(notify('--campus', 'no-such-campus')).rejects.toMatchObject({
      stderr: expect.stringContaining('not a campus of the catalogue'),
    });
    await expect(
      promisify(execFile)('node', ['scripts/ops/mail-supabase.mjs', 'send'], {
        env: { ...process.env, SUPABASE_DB_URL: db.url, SMTP_URL: '', MAIL_FROM: '', SITE_URL: '' },
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('SMTP_URL must be') });
    // A launch whose sending cannot start: the launch stays recorded, and the command says so.
    await expect(
      promisify(execFile)(
        'node',
        ['scripts/ops/notify-campus.mjs', '--backend', 'supabase', '--campus', 'ibero-tijuana'],
        { env: { ...process.env, SUPABASE_DB_URL: db.url, SMTP_URL: '' } },
      ),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /ibero-tijuana is launched .*but sending failed: SMTP_URL must be[^]*npm run mail:supabase -- send/,
      ),
    });
    const campuses = (await asOperator(db, 'public.operator_campuses()')) as {
      campus: string;
      launch: unknown;
    }[];
    expect(campuses.find((c) => c.campus === 'ibero-tijuana')?.launch).toMatchObject({
      state: 'launched',
      by: TERMINAL_ACTOR,
    });
  });

  it('leaving (the entry deleted) and joining again sends one welcome per mailbox in 30 days (issue 51)', async () => {
    const email = 'repite@alumnos.udg.mx';
    const { uid } = await student(email, 'udg-cucei', 'Repite');
    expect((await run('send')).stdout).toContain('sent 1,');
    for (let round = 0; round < 3; round++) {
      // The student's own delete, then a new entry (what the page's 'Salir' and a join again do
      // to the entry; the review sent seven welcomes so).
      await db.admin.query('delete from public.waitlist where uid = $1', [uid]);
      await db.admin.query(
        `insert into public.waitlist (uid, email, college_id) values ($1, $2, 'udg-cucei')`,
        [uid, round === 1 ? 'Repite+otra@alumnos.udg.mx' : email],
      );
      const said = (await run('send')).stdout;
      expect(said).toContain('sent 0,');
      expect(said).toContain('skipped 1 (a welcome within 30 days)');
    }
    expect(
      smtp.received.filter((m) => JSON.stringify(m.to).toLowerCase().includes('repite')),
    ).toHaveLength(1);
    // The ledger names no address, and stays when the account goes.
    await db.admin.query('delete from auth.users where id = $1', [uid]);
    const { rows } = await db.admin.query('select * from private.mail_recipients');
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('repite');
  });

  it('marks hold only under the lease they were claimed with; a row gone is no error (issue 51)', async () => {
    const outbox = createPostgresOutbox(db.admin);
    await db.admin.query("delete from private.mail_outbox where status = 'pending'");
    const { uid } = await student('lease@alumnos.udg.mx');
    const t0 = Date.now() + 1000;
    const first = new Date(t0 + 300_000);
    const [claimed] = await outbox.claim(10, new Date(t0), first);
    expect(claimed?.uid).toBe(uid);
    const second = new Date(t0 + 700_000);
    const again = await outbox.claim(10, new Date(t0 + 400_000), second);
    expect(again.map((m) => m.id)).toEqual([claimed!.id]);
    const failure = { attempts: 1, retryAt: null, error: 'x' };
    expect(await outbox.markFailed(claimed!.id, { ...failure, leaseUntil: first })).toBe(false);
    const key = 'k'.repeat(43);
    const sent = { at: new Date(t0 + 400_000), recipient: key, kind: 'welcome' as const };
    expect(await outbox.markSent(claimed!.id, { ...sent, leaseUntil: first })).toBe(false);
    const status = async () =>
      (await db.admin.query('select status from private.mail_outbox where id = $1', [claimed!.id]))
        .rows[0]?.status;
    expect(await status()).toBe('pending');
    expect(await outbox.markSent(claimed!.id, { ...sent, leaseUntil: second })).toBe(true);
    expect(await status()).toBe('sent');
    expect(await outbox.sentTo(key, new Date(t0))).toEqual([
      { id: claimed!.id, kind: 'welcome', at: t0 + 400_000 },
    ]);
    // The student left mid-run: their rows are gone with the account; marks say false.
    await db.admin.query('delete from auth.users where id = $1', [uid]);
    expect(await outbox.markFailed(claimed!.id, { ...failure, leaseUntil: second })).toBe(false);
    expect(await outbox.markSent(claimed!.id, { ...sent, leaseUntil: second })).toBe(false);
  });
});
