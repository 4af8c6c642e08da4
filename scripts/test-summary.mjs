// Adds up the Vitest and Playwright JSON reports into one closing line: 'tests: N passed, N failed'.
import fs from 'node:fs';

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
const vitest = read('test-results/vitest.json');
const pw = read('test-results/playwright.json');

let passed = (vitest?.numPassedTests ?? 0) + (pw?.stats?.expected ?? 0) + (pw?.stats?.flaky ?? 0);
let failed = (vitest?.numFailedTests ?? 0) + (pw?.stats?.unexpected ?? 0);
let skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (pw?.stats?.skipped ?? 0);
console.log(
  `vitest: ${vitest?.numPassedTests ?? 0} passed; playwright: ${pw?.stats?.expected ?? 0} passed, ${pw?.stats?.flaky ?? 0} flaky`,
);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
