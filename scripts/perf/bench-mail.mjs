// npm run bench:mail (scripts/perf/bench-mail.sh starts PostgreSQL 15 first): the launch e-mail of
// one campus of N students (default 10,000), as `npm run notify:campus:supabase` sends it: the
// console's launch (public.operator_launch, as the terminal runs it) records one message per
// student, then the sender (src/domain/mail/deliver-outbox.ts over
// nodemailer) sends them to a real SMTP server on this machine (smtp-server), which counts what
// each address receives. Prints the throughput, the sender's peak memory and whether every student
// got exactly one; then a second run (nothing to send) and its time. Figures are printed, never
// asserted. `--students N` changes the campus's size.
//
// `--milestone` (issue 49) measures a milestone instead: the N students wait on a campus whose
// threshold is out of reach; an operator sets it to 4 × N (`campus:supabase set`), so the campus
// reaches 25% at once and the database records the milestone's message for every student in
// that same statement; the sender then sends them. A second setting of the same threshold and a
// second send record and send nothing.
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runnerImport } from 'vite';

const at = process.argv.indexOf('--students');
const students = at > 0 ? Number(process.argv[at + 1]) : 10_000;
const milestone = process.argv.includes('--milestone');
const load = async (p) =>
  (
    await runnerImport(p, {
      configFile: false,
      resolve: { alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) } },
    })
  ).module;
const { freshDatabase } = await load('./stand-ins/supabase-db.ts');
const { startLocalSmtp } = await load('./stand-ins/smtp-server.ts');
const { main } = await load('./scripts/ops/mail-supabase.ts');

const db = await freshDatabase('bench_mail');
const smtp = await startLocalSmtp({ parse: false });
const admin = new pg.Client({ connectionString: db.url });
await admin.connect();
try {
  // N students of one campus, their welcomes already sent (only the launch is measured).
  if (milestone) {
    await admin.query(
      "insert into private.campus_settings (college_id, threshold) values ('udg-cucei', 100000)",
    );
  }
  await admin.query(
    `with made as (
       insert into auth.users (email, raw_user_meta_data)
       select 'estudiante' || n || '@alumnos.udg.mx', jsonb_build_object('full_name', 'Estudiante ' || n)
       from generate_series(1, $1) n returning id, email)
     insert into public.waitlist (uid, email, college_id) select id, email, 'udg-cucei' from made`,
    [students],
  );
  // The name each one's Google identity gave (what the e-mails greet with).
  await admin.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider)
     select 'g-' || id, id, raw_user_meta_data, 'google' from auth.users`,
  );
  await admin.query("update private.mail_outbox set status = 'sent', sent_at = now()");
  const env = {
    SUPABASE_DB_URL: db.url,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'De estudiantes a estudiantes <hola@deestudiantes.example>',
    SITE_URL: 'https://deestudiantes.example',
    SUPABASE_URL: 'https://project.supabase.co',
  };
  const quiet = () => {};
  await main(['secret'], env, quiet);
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const start = performance.now();
  const lines = [];
  const reach = async () => {
    const t = performance.now();
    const { rowCount } = await admin.query(
      `update private.campus_settings set threshold = $1 where college_id = 'udg-cucei'`,
      [students * 4],
    );
    const { rows } = await admin.query(
      "select count(*)::int as n from private.mail_outbox where kind = 'milestone'",
    );
    return `set the threshold to ${students * 4} (${rowCount} row): ${rows[0].n} milestone messages recorded in ${(performance.now() - t).toFixed(0)} ms`;
  };
  // The console's launch as `notify:campus:supabase` runs it (scripts/ops/shared/postgres.mjs,
  // withOperator): one transaction as 'terminal:bench'; a second launch is refused.
  const launch = async () => {
    const t = performance.now();
    await admin.query('begin');
    await admin.query("select set_config('operator.actor', 'terminal:bench', true)");
    const { rows } = await admin.query(
      "select public.operator_launch('udg-cucei', 'udg-cucei', null) as answer",
    );
    await admin.query('commit');
    const { status, refused } = rows[0].answer;
    return refused
      ? `a second launch: refused '${refused}'`
      : `launch recorded (${status.students} students) in ${(performance.now() - t).toFixed(0)} ms`;
  };
  lines.push(await (milestone ? reach() : launch()));
  const status = await main(['send'], env, (line) => lines.push(line));
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const counts = [...smtp.byRecipient.values()];
  const once = counts.filter((n) => n === 1).length;
  const twice = counts.filter((n) => n > 1).length;
  const rerunStart = performance.now();
  const rerun = [];
  rerun.push(await (milestone ? reach() : launch()));
  await main(['send'], env, (line) => rerun.push(line));
  const rerunMs = performance.now() - rerunStart;
  const MB = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `${milestone ? 'Milestone (25%)' : 'Launch'} e-mail of one campus: ` +
      `${students.toLocaleString('en')} students (exit ${status})`,
  );
  for (const line of lines) console.log(`  ${line}`);
  console.log(
    `  wall time ${seconds.toFixed(1)} s: ${(smtp.accepted() / seconds).toFixed(0)} messages/s (record + render + sign + SMTP)`,
  );
  console.log(`  peak memory ${MB(peak)} resident (${MB(peak - before)} above the start)`);
  console.log(
    `  exactly one each: ${once === students && twice === 0 ? 'yes' : 'NO'} ` +
      `(${once} students got one, ${twice} more than one, ${students - smtp.byRecipient.size} none)`,
  );
  console.log(
    `  rerun: ${rerun.join(' / ')} in ${rerunMs.toFixed(0)} ms; messages received in all ${smtp.accepted()}`,
  );
} finally {
  await admin.end();
  await smtp.close();
  await db.drop();
}
