// The campus launch report (issues 28 and 49), on either backend:
//
//   npm run report [-- --csv]
//   npm run report -- campuses | days | requests | failures
//   [--backend firebase (default) --project ID | --backend supabase --db URL]
//   (`npm run report:supabase -- ...` is `--backend supabase`)
//
// Without a report's name: the one report to launch from (issue 49; src/domain/launch-report.ts),
// per campus joined, verified (counted now), invited share, sellers per category, sources,
// milestones, requests and the launch state, as a table or as CSV (--csv).
//
// Named, a CSV (report/campus-report.mjs): campuses: per campus, joined, verified, joined with an
// invite, its share, and the operators' threshold, state and date. days: joined and verified per
// campus and day of joining. requests: 'Mi campus no aparece', per requested campus, with each
// pending campus's id for campus:add. failures: the page's failed sign-ins and joins per day.
// Unfloored figures for operators only. Each backend's half (report/*.mjs) reads its records and
// hands them over as plain rows.
import { fail, finish, start } from './shared/cli.mjs';
import { projectModule } from './shared/project.mjs';
import { campusReport, REPORTS } from './report/campus-report.mjs';

const cli = start(['npm run report -- [--csv]', `npm run report -- ${REPORTS.join(' | ')}`]);
const what = cli.argv[0] && !cli.argv[0].startsWith('--') ? cli.argv[0] : 'launch';
if (what !== 'launch' && !REPORTS.includes(what)) fail(cli.usage);
const options = cli.options(what === 'launch' ? cli.argv : cli.argv.slice(1), {
  flags: what === 'launch' ? ['csv'] : [],
});
const { launchInput, reportInput } = await cli.half('report');

await finish('report', async () => {
  if (what === 'launch') {
    const input = await launchInput(options, cli.usage);
    const { launchReport, launchReportCsv, launchReportTable } = await projectModule(
      'src/domain/launch-report.ts',
    );
    const rows = launchReport(input);
    process.stdout.write(options.csv ? launchReportCsv(rows) : launchReportTable(rows));
  } else process.stdout.write(campusReport(what, await reportInput(options, cli.usage)));
});
