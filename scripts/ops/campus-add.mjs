// A requested campus becomes a catalogue campus on the Firebase backend (issue 49):
//
//   npm run campus:add -- --request pendiente-XXXXXXXXXXXXXXXXXXXXXXXX --id ucol-manzanillo
//                         [--name "Universidad de Colima"] [--short "UCOL - Manzanillo"]
//                         [--project ID] [--algolia-host URL]
//
// --request is the pending campus's id (`npm run report -- requests` lists them). In steps that
// a rerun resumes (functions/src/campus-launch.ts, addCampus): `campuses/{id}` made, the campus
// saved to the Algolia index (ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY, as `npm run upload:colleges`;
// --algolia-host for a local server), every entry on the pending campus moved, one 'Ya puedes
// unirte' e-mail recorded per student who asked (the function send_mail sends them), the request
// marked added. A rerun with the same request and id writes and sends nothing; an unknown
// request, a taken id or a request added as another id exits 1 and writes nothing. The functions'
// code is loaded from functions/lib (`npm --prefix functions run build`). Credentials and
// emulators: scripts/ops/admin.mjs.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { chooseProject, connect, fail, parseArgs } from './admin.mjs';
import { checkedAddition } from './campus-add-args.mjs';

const USAGE =
  'Usage: npm run campus:add -- --request PENDING-ID --id CAMPUS-ID [--name NAME] ' +
  '[--short SHORT-NAME] [--project ID] [--algolia-host URL]';
const options = parseArgs(process.argv.slice(2), {
  values: ['project', 'request', 'id', 'name', 'short', 'algolia-host'],
  usage: USAGE,
});
const addition = checkedAddition(options, USAGE);
const appId = process.env.ALGOLIA_APP_ID ?? process.env.VITE_ALGOLIA_APP_ID;
const adminKey = process.env.ALGOLIA_ADMIN_KEY;
if (!appId || !adminKey) {
  fail('Set ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY (the search must find the campus).\n' + USAGE);
}
const lib = fileURLToPath(new URL('../../functions/lib/campus-launch.js', import.meta.url));
if (!existsSync(lib)) fail('Build the functions first: npm --prefix functions run build', 1);
const { addCampus, CampusAddError } = createRequire(lib)(lib);
const { googleAccounts } = createRequire(lib)('./mail-firestore.js');
const { auth, db } = connect(chooseProject(options.project));
const { module: algolia } = await runnerImport('./scripts/data/colleges-index.ts', {
  configFile: false,
  logLevel: 'silent',
});
// Read before anything is written: a bad URL stops the command here.
const hosts = algolia.hostsOf(options['algolia-host']);

try {
  const result = await addCampus(db, addition, {
    accounts: (uids) => googleAccounts(auth, uids),
    index: (college) =>
      algolia.addCollege({
        appId,
        adminKey,
        college,
        hosts,
      }),
  });
  console.log(
    result.added
      ? `Added ${addition.id}: ${result.moved} entries moved from ${addition.request}, ${result.queued} e-mails recorded (send_mail sends them).`
      : `${addition.request} was already added as ${addition.id}: nothing written, nothing sent.`,
  );
  console.log(JSON.stringify(result));
  process.exit(0);
} catch (error) {
  if (error instanceof CampusAddError) fail(`campus:add refused: ${error.message}`, 1);
  fail(`campus:add failed: ${error instanceof Error ? error.message : String(error)}`, 1);
}
