// A requested campus becomes a catalogue campus (issues 49 and 61), on either backend:
//
//   npm run campus:add -- --request pendiente-XXXXXXXXXXXXXXXXXXXXXXXX --id ucol-manzanillo
//                         --name "Universidad de Colima" --short "UCOL - Manzanillo"
//                         --city Manzanillo --state Colima --domains ucol.mx[,alumnos.ucol.mx]
//                         [--backend firebase (default) --project ID [--algolia-host URL]
//                          | --backend supabase --db URL]
//   (`npm run campus:add:supabase -- ...` is `--backend supabase`)
//
// A thin caller of the operator console's 'Agregar al catálogo' (issue 61: a script and the
// console cannot disagree), run as 'terminal:<user>' and written to the operators' log; two adds
// of one request at once (here, in the console) make one add.
//
// --request is the pending campus's id (`npm run report -- requests` lists them); --id a new
// college id (src/domain/college.ts's rule, never a pending one); --name, --short, --city and
// --state the catalogue's name, short name, city and Mexican state, and --domains the university's
// e-mail domains (comma-separated, at most 10): all required, all typed by the operator (issue 59:
// the request's stored name is the text a student typed, never copied into the catalogue; without
// them the command exits 2 and writes nothing). The campus joins the catalogue (the search finds
// it), every entry on the pending campus moves to it (its students verify with the domains), and
// one 'Ya puedes unirte' e-mail is recorded per student who asked (how, on each backend:
// campus-add/*.mjs). A rerun with the same request writes and sends nothing; an unknown request,
// a taken id or a request added under another id exits 1 and writes nothing. The campus gets no
// page of its own (/campus/<id>, issue 60) from this command: pages are made at build time from
// src/data/college-catalogue.ts; until it is added there and the site is deployed again, its
// links (invites, e-mails) land on the landing page.
import { fail, finish, start } from './shared/cli.mjs';
import { projectModule } from './shared/project.mjs';

const cli = start(
  'npm run campus:add -- --request PENDING-ID --id CAMPUS-ID --name NAME --short SHORT-NAME ' +
    '--city CITY --state STATE --domains DOMAIN[,DOMAIN] [--algolia-host URL (Firebase)]',
);
const { backend, usage } = cli;
const options = cli.options(cli.argv, {
  values: [
    'request',
    'id',
    'name',
    'short',
    'city',
    'state',
    'domains',
    ...(backend === 'firebase' ? ['algolia-host'] : []),
  ],
});
const { checkAddCampus, MAX_DOMAINS, NAME_LENGTH, SHORT_NAME_LENGTH } = await projectModule(
  'src/domain/operator/add-campus.ts',
);

/** The flags of each field, and what it must be (the console's check, add-campus.ts). */
const FIELDS = {
  request: ['--request', "a pending campus's id (pendiente- and 24 hex digits)"],
  id: ['--id', 'a new college id such as ucol-manzanillo'],
  name: ['--name', `the catalogue's name, 1 to ${NAME_LENGTH} characters`],
  shortName: ['--short', `the catalogue's short name, 1 to ${SHORT_NAME_LENGTH} characters`],
  city: ['--city', `the city, 1 to ${NAME_LENGTH} characters`],
  state: ['--state', `the Mexican state, 1 to ${SHORT_NAME_LENGTH} characters`],
  domains: [
    '--domains',
    `1 to ${MAX_DOMAINS} university e-mail domains, comma-separated (ucol.mx,alumnos.ucol.mx)`,
  ],
};
const TYPED = ['name', 'shortName', 'city', 'state', 'domains'];

// The console's AddCampusInput (src/domain/operator/console-records.ts), every field typed by the
// operator.
const checked = checkAddCampus({
  request: options.request,
  id: options.id,
  name: options.name,
  shortName: options.short,
  city: options.city,
  state: options.state,
  domains: options.domains?.split(','),
});
if (!checked.ok) {
  const [flag, what] = FIELDS[checked.problem];
  const missing = TYPED.includes(checked.problem) && options[flag.slice(2)] === undefined;
  fail(
    missing
      ? `${flag} is required: ${what}, typed by the operator (the request's text is a ` +
          `student's and is never copied).\n${usage}`
      : `${flag} needs ${what}.\n${usage}`,
  );
}
const addition = checked.input;
const { addCampus, QUEUED } = await cli.half('campus-add');

/** Why the server refused the add ('campus-add:<reason>'), in English. */
const REFUSED = {
  'campus-add:request': `${addition.request} is no pending campus (or it was removed).`,
  'campus-add:taken': `${addition.id} is taken, or ${addition.request} is no pending campus.`,
  'campus-add:added-as-other': `${addition.request} was added already under another id.`,
};

await finish('campus:add', async () => {
  const answer = await addCampus(options, usage, addition);
  if (answer.refused) {
    console.error(`campus:add refused: ${REFUSED[answer.refused] ?? answer.refused}`);
    return 1;
  }
  const { added, moved, queued } = answer.result;
  console.log(
    added
      ? `Added ${addition.id}: ${moved} entries moved from ${addition.request}, ${queued} ${QUEUED}.`
      : `${addition.request} was added already: nothing written, nothing sent.`,
  );
  console.log(
    `${addition.id} has no page of its own (/campus/${addition.id}) until it is added to ` +
      'src/data/college-catalogue.ts and the site is deployed again; until then its invite ' +
      'links and e-mails point to the landing page.',
  );
  console.log(JSON.stringify({ added, moved, queued }));
});
