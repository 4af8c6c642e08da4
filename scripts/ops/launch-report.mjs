// The one report to launch from (issue 49), printed the same by every backend's command: the
// rows of src/domain/launch-report.ts as a readable table, or as CSV with --csv. Each command
// reads its own records and hands them here.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

/** src/domain/launch-report.ts, loaded as the app builds it (TypeScript, the '@' paths). */
export async function launchReportModule() {
  const { module } = await runnerImport('./src/domain/launch-report.ts', {
    configFile: false,
    root: fileURLToPath(new URL('../..', import.meta.url)),
    logLevel: 'silent',
    resolve: { alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) } },
  });
  return module;
}

/** The report of `input` (LaunchReportInput) as the command prints it. */
export async function printLaunchReport(input, { csv = false } = {}) {
  const { launchReport, launchReportCsv, launchReportTable } = await launchReportModule();
  const rows = launchReport(input);
  process.stdout.write(csv ? launchReportCsv(rows) : launchReportTable(rows));
}
