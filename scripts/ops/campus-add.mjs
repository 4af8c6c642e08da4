// A requested campus becomes a catalogue campus (issue 49), on either backend:
//
//   npm run campus:add -- --request pendiente-XXXXXXXXXXXXXXXXXXXXXXXX --id ucol-manzanillo
//                         --name "Universidad de Colima" --short "UCOL - Manzanillo"
//                         [--backend firebase (default) --project ID [--algolia-host URL]
//                          | --backend supabase --db URL]
//   (`npm run campus:add:supabase -- ...` is `--backend supabase`)
//
// --request is the pending campus's id (`npm run report -- requests` lists them); --id a new
// college id (src/domain/college.ts's rule, never a pending one); --name and --short the catalogue's
// name and short name, one line each, both required (issue 59: the request's stored name is the
// text a student typed, never copied into the catalogue; without them the command exits 2 and
// writes nothing). The campus joins the catalogue (the search finds it), every entry on the
// pending campus moves to it, and one 'Ya puedes unirte' e-mail is recorded per student who asked
// (how, on each backend: campus-add/*.mjs). A rerun with the same request and id writes and sends
// nothing; an unknown request, a taken id or a request added under another id exits 1 and writes
// nothing. The campus gets no page of its own (/campus/<id>, issue 60) from this command: pages
// are made at build time from src/data/college-catalogue.ts; until it is added there and the site
// is deployed again, its links (invites, e-mails) land on the landing page.
import { fail, finish, start } from './shared/cli.mjs';
import { projectModule } from './shared/project.mjs';

const cli = start(
  'npm run campus:add -- --request PENDING-ID --id CAMPUS-ID --name NAME --short SHORT-NAME ' +
    '[--algolia-host URL (Firebase)]',
);
const { backend, usage } = cli;
const options = cli.options(cli.argv, {
  values: ['request', 'id', 'name', 'short', ...(backend === 'firebase' ? ['algolia-host'] : [])],
});
const NAME_LENGTH = 120;
const { PENDING_CAMPUS_PATTERN, PENDING_CAMPUS_PREFIX } = await projectModule(
  'src/domain/campus-request-rule.ts',
);
const { isCollegeId } = await projectModule('src/domain/college.ts');

/** A required name of one line (issue 59: never the request's stored text). */
const requiredName = (value, flag, what) => {
  if (value === undefined) {
    fail(
      `${flag} is required: the catalogue's ${what}, typed by the operator (the request's text ` +
        `is a student's and is never copied).\n${usage}`,
    );
  }
  const text = String(value).replace(/\s+/g, ' ').trim();
  // eslint-disable-next-line no-control-regex
  if (!text || text.length > NAME_LENGTH || /[\u0000-\u001f\u007f<>]/.test(text)) {
    fail(`${flag} is a name of 1 to ${NAME_LENGTH} characters.\n${usage}`);
  }
  return text;
};

if (!PENDING_CAMPUS_PATTERN.test(options.request ?? '')) {
  fail(`--request needs a pending campus's id (pendiente- and 24 hex digits).\n${usage}`);
}
if (!isCollegeId(options.id) || options.id.startsWith(PENDING_CAMPUS_PREFIX)) {
  fail(`--id needs a new college id such as ucol-manzanillo.\n${usage}`);
}
const addition = {
  request: options.request,
  id: options.id,
  name: requiredName(options.name, '--name', 'name'),
  short: requiredName(options.short, '--short', 'short name'),
};
const { addCampus, QUEUED } = await cli.half('campus-add');

await finish('campus:add', async () => {
  const { added, moved, queued } = await addCampus(options, usage, addition);
  console.log(
    added
      ? `Added ${addition.id}: ${moved} entries moved from ${addition.request}, ${queued} ${QUEUED}.`
      : `${addition.request} was already added as ${addition.id}: nothing written, nothing sent.`,
  );
  console.log(
    `${addition.id} has no page of its own (/campus/${addition.id}) until it is added to ` +
      'src/data/college-catalogue.ts and the site is deployed again; until then its invite ' +
      'links and e-mails point to the landing page.',
  );
  console.log(JSON.stringify({ added, moved, queued }));
});
