// The operator console's role (issue 61), on either backend: who may open /operador.
//
//   npm run operator -- grant EMAIL
//   npm run operator -- revoke EMAIL
//   npm run operator -- recount        (the console's campus counters, recounted from the records)
//   [--backend firebase (default) --project ID | --backend supabase --db URL]
//   (`npm run operator:supabase -- ...` is `--backend supabase`)
//
// The account must exist: its holder signs in once on the site with that Google address. Granting
// or revoking again changes nothing and says so. Each change is written to the operators' log
// (actor 'terminal:<user of this machine>'). Where each backend keeps the role: operator/*.mjs
// (Firebase: the `operator` custom claim; Supabase: its own).
import { fail, finish, start } from './shared/cli.mjs';

const cli = start([
  'npm run operator -- grant EMAIL | revoke EMAIL',
  'npm run operator -- recount',
]);
const [command, ...args] = cli.argv;

if (command === 'recount') {
  const options = cli.options(args);
  const half = await cli.half('operator');
  await finish('operator', async () => {
    const students = await half.recount(options);
    console.log(`Recounted the campus counters of ${students} students.`);
  });
}
const [email, ...rest] = args;
if (!['grant', 'revoke'].includes(command ?? '') || !email || email.startsWith('--')) {
  fail(cli.usage);
}
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  fail(`Not an e-mail address: ${email}\n${cli.usage}`);
}
const options = cli.options(rest);
const half = await cli.half('operator');

await finish('operator', async () => {
  const grant = command === 'grant';
  const done = await half.setOperator(options, cli.usage, { email, grant });
  if (!done.changed) {
    console.log(`${done.email} (${done.uid}) ${grant ? 'already is' : 'is not'} an operator.`);
  } else if (grant) {
    console.log(
      `${done.email} (${done.uid}) is an operator now: signed in again (or within the hour), ` +
        '/operador opens for them.',
    );
  } else {
    console.log(`${done.email} (${done.uid}) is no operator any more: refused from the next call.`);
  }
});
