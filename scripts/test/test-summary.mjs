// Adds up the Vitest and Playwright JSON reports into one closing line: 'tests: N passed, N failed',
// after checking that the run left the work tree as it found it (scripts/test/worktree-state.mjs).
import fs from 'node:fs';
import { worktreeChanges, worktreeState } from './worktree-state.mjs';

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
/** The pgTAP files' planned tests ('select plan(N);'), counted as skipped where pgTAP is missing. */
function plannedPgTap() {
  const dir = 'supabase/tests';
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .reduce((sum, f) => {
      const plan = /\bplan\((\d+)\)/.exec(fs.readFileSync(`${dir}/${f}`, 'utf8'));
      return sum + Number(plan?.[1] ?? 0);
    }, 0);
}
/** pg_prove's summary ('Files=3, Tests=62, ...' and 'Result: PASS'), as counts. */
function readPgTap(file) {
  const skippedFile = file.replace(/\.txt$/, '.skipped');
  if (fs.existsSync(skippedFile)) {
    return {
      passed: 0,
      failed: 0,
      skipped: plannedPgTap(),
      why: fs.readFileSync(skippedFile, 'utf8').trim(),
    };
  }
  if (!fs.existsSync(file)) return null;
  const text = fs.readFileSync(file, 'utf8');
  const total = Number(/Tests=(\d+)/.exec(text)?.[1] ?? 0);
  const failedCounts = [...text.matchAll(/Failed (\d+)\/\d+ subtests/g)].map((m) => Number(m[1]));
  const failedTests = failedCounts.reduce((a, b) => a + b, 0);
  const ok = /Result: PASS/.test(text);
  return {
    passed: total - failedTests,
    failed: ok ? failedTests : Math.max(1, failedTests),
    skipped: 0,
  };
}
/**
 * scripts/test/rules-mutations.mjs: each weakened copy of firestore.rules the rules suite caught
 * is a passed check, each that survived a failed one; none ran (no Firestore emulator): skipped.
 */
function readMutations(file) {
  const report = read(file);
  if (report) return { passed: report.caught, failed: report.survived, skipped: 0 };
  const emulators = read('test-results/vitest-emulators.json');
  return emulators && emulators.numPendingTests > 0
    ? { passed: 0, failed: 0, skipped: 1, why: 'no Firestore emulator' }
    : null;
}
const suites = [
  ['vitest', read('test-results/vitest.json'), 'vitest'],
  [
    'vitest (function, on its runtime Node)',
    read('test-results/vitest-function-node.json'),
    'vitest',
  ],
  ['vitest (emulators)', read('test-results/vitest-emulators.json'), 'vitest'],
  ['firestore.rules mutations', readMutations('test-results/rules-mutations.json'), 'counts'],
  ['playwright (memory build)', read('test-results/playwright.json'), 'playwright'],
  ['vitest (WebKit and Firefox)', read('test-results/vitest-engines.json'), 'vitest'],
  ['playwright (firebase build)', read('test-results/playwright-firebase.json'), 'playwright'],
  ['vitest (supabase)', read('test-results/vitest-supabase.json'), 'vitest'],
  ['pgTAP (supabase)', readPgTap('test-results/pgtap-supabase.txt'), 'pgtap'],
  ['playwright (supabase build)', read('test-results/playwright-supabase.json'), 'playwright'],
];

let passed = 0;
let failed = 0;
let skipped = 0;
const skippedBy = {};
for (const [name, report, kind] of suites) {
  if (!report && name === 'playwright (firebase build)' && skippedBy['vitest (emulators)']) {
    // Not run without a Firestore emulator (scripts/test/test-firebase.sh says so).
    console.log(`${name}: skipped (no Firestore emulator)`);
    skipped++;
    continue;
  }
  if (!report) {
    console.log(`${name}: no report`);
    failed++;
    continue;
  }
  if (kind === 'pgtap' || kind === 'counts') {
    console.log(
      `${name}: ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped`,
    );
    passed += report.passed;
    failed += report.failed;
    skipped += report.skipped;
    if (report.why) skippedBy[kind === 'pgtap' ? 'pgtap' : name] = report.why;
    continue;
  }
  const p = kind === 'vitest' ? report.numPassedTests : report.stats.expected + report.stats.flaky;
  const f = kind === 'vitest' ? report.numFailedTests : report.stats.unexpected;
  const s = kind === 'vitest' ? report.numPendingTests + report.numTodoTests : report.stats.skipped;
  const flaky = kind === 'playwright' && report.stats.flaky ? ` (${report.stats.flaky} flaky)` : '';
  console.log(`${name}: ${p} passed${flaky}, ${f} failed, ${s} skipped`);
  passed += p;
  failed += f;
  skipped += s;
  skippedBy[name] = s;
}
const before = read('test-results/worktree-before.json');
const changes = worktreeChanges(before, worktreeState());
if (!before) {
  console.log('work tree: not checked (no git checkout, or the run did not record its state)');
} else if (changes.length) {
  console.log(
    'work tree: the test run changed it (`git status` differs; keep outputs in ignored folders, ' +
      'install with npm ci):\n' +
      changes.map((c) => `  ${c}`).join('\n'),
  );
} else {
  console.log('work tree: as the run found it (git status unchanged)');
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (skippedBy['vitest (emulators)']) {
  console.log(
    'skipped: the Firestore tests (tests/firebase): no Firestore emulator could start. It needs ' +
      'Java 21+ for firebase-tools’ own, or the Google Cloud CLI’s cloud-firestore-emulator ' +
      'component (Debian: google-cloud-cli-firestore-emulator) and Java 11+; then run ' +
      'npm run test:firebase (scripts/test/firestore-emulator.sh finds and starts it).',
  );
}
if (skippedBy['vitest (WebKit and Firefox)']) {
  console.log(
    'skipped: the WebKit or Firefox tests (tests/engines): the engine is not installed. On Debian, ' +
      'as root: apt-get install webkit2gtk-driver xvfb firefox-esr, then npm run test:engines.',
  );
}
if (skippedBy.pgtap) {
  console.log(
    `skipped: the pgTAP files (supabase/tests/*.sql): this machine lacks ${skippedBy.pgtap}. ` +
      'On Debian, as root: apt-get install postgresql-15 postgresql-15-pgtap ' +
      'libtap-parser-sourcehandler-pgtap-perl, then npm run test:supabase (or, with another PostgreSQL 15 ' +
      'and pgTAP: PG_BIN=<its bin folder> PGTAP_CONTROL=<its pgtap.control> npm run test:supabase).',
  );
}
if (skippedBy['playwright (memory build)']) {
  console.log(
    'skipped: browser tests about the desktop header or a Tab key, on the phone project (reasons in test-results/playwright.json).',
  );
}
process.exit(failed || changes.length ? 1 : 0);
