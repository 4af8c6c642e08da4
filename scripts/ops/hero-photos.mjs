// The hero strip's photo review (issue 23), on either backend: no photo shows on the main page
// until an operator has looked at it and approved that exact photo.
//
//   npm run hero:photos -- list
//   npm run hero:photos -- approve --uid UID
//   npm run hero:photos -- reject --uid UID
//   npm run hero:photos -- off | on
//   [--backend firebase (default) --project ID | --backend supabase --db URL]
//   (`npm run hero:photos:supabase -- ...` is `--backend supabase`)
//
// list: each consenting student on the list with a Google photo (oldest consent first), the state
// of their photo (pending, approved, rejected; a photo changed since its decision is pending
// again) and the URL to look at. approve/reject: records the decision on the student's current
// Google photo (admin-only). off: the kill switch empties the strip; on shows the approved photos
// again. Where each backend keeps them: hero-photos/*.mjs.
import { fail, finish, start } from './shared/cli.mjs';

const cli = start('npm run hero:photos -- list | approve --uid UID | reject --uid UID | off | on');
const [command, ...rest] = cli.argv;
if (!['list', 'approve', 'reject', 'off', 'on'].includes(command ?? '')) fail(cli.usage);
const options = cli.options(rest, { values: ['uid'] });
const deciding = command === 'approve' || command === 'reject';
if (deciding !== Boolean(options.uid)) {
  fail(`${command} ${deciding ? 'needs' : 'takes no'} --uid.\n${cli.usage}`);
}
const hero = await cli.half('hero-photos');

await finish('hero-photos', async () => {
  if (command === 'list') {
    const { enabled, rows } = await hero.list(options, cli.usage);
    console.log(`Hero strip: ${enabled ? 'on' : 'OFF (kill switch)'}`);
    if (rows.length === 0) console.log('No consenting student on the list has a Google photo.');
    for (const row of rows) console.log(`${row.status}\t${row.uid}\t${row.granted}\t${row.photo}`);
    const pending = rows.filter((r) => r.status === 'pending').length;
    console.log(`${rows.length} photos, ${pending} pending.`);
  } else if (deciding) {
    const approved = command === 'approve';
    const photo = await hero.decide(options, cli.usage, options.uid, approved);
    if (!photo) {
      fail(`${options.uid} is not a consenting student on the list with a Google photo.`, 1);
    }
    console.log(`${approved ? 'Approved' : 'Rejected'} the photo of ${options.uid}: ${photo}`);
  } else {
    const enabled = command === 'on';
    await hero.setStrip(options, cli.usage, enabled);
    console.log(
      enabled ? 'Hero strip on: approved photos show again.' : `Hero strip OFF: ${hero.OFF}.`,
    );
  }
});
