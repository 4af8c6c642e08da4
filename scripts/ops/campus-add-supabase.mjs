// A requested campus becomes a catalogue campus on the Supabase backend (issue 49):
//
//   npm run campus:add:supabase -- --request pendiente-XXXXXXXXXXXXXXXXXXXXXXXX --id ucol-manzanillo
//                                  [--name "Universidad de Colima"] [--short "UCOL - Manzanillo"]
//                                  [--db URL]
//
// --request is the pending campus's id (`npm run report:supabase -- requests` lists them). In one
// transaction (private.add_campus, supabase/migrations/20261128070000_campus_launch.sql): the
// campus joins public.colleges (the search finds it), every entry on the pending campus moves to
// it, and one 'Ya puedes unirte' e-mail is queued per student who asked (the sender sends it:
// `npm run mail:supabase -- send`). A rerun with the same request and id writes and sends
// nothing; an unknown request, a taken id or a request added under another id exits 1 and writes
// nothing. Connection: --db URL or SUPABASE_DB_URL (the postgres role).
import pg from 'pg';
import { fail, parseArgs } from './admin.mjs';
import { checkedAddition } from './campus-add-args.mjs';

const USAGE =
  'Usage: npm run campus:add:supabase -- --request PENDING-ID --id CAMPUS-ID ' +
  '[--name NAME] [--short SHORT-NAME] [--db URL]';
const options = parseArgs(process.argv.slice(2), {
  values: ['db', 'request', 'id', 'name', 'short'],
  usage: USAGE,
});
const addition = checkedAddition(options, USAGE);
const connectionString = options.db ?? process.env.SUPABASE_DB_URL;
if (!connectionString) fail(`Name the database: --db URL (or set SUPABASE_DB_URL).\n${USAGE}`);

const client = new pg.Client({ connectionString });
try {
  await client.connect();
  const { rows } = await client.query(
    'select added, moved, queued from private.add_campus($1, $2, $3, $4)',
    [addition.request, addition.id, addition.name, addition.short],
  );
  const { added, moved, queued } = rows[0];
  console.log(
    added
      ? `Added ${addition.id}: ${moved} entries moved from ${addition.request}, ${queued} e-mails queued.`
      : `${addition.request} was already added as ${addition.id}: nothing written, nothing sent.`,
  );
  console.log(JSON.stringify({ added, moved, queued }));
  process.exitCode = 0;
} catch (error) {
  fail(`campus:add failed: ${error instanceof Error ? error.message : String(error)}`, 1);
} finally {
  await client.end().catch(() => {});
}
