// Proves that the firestore.rules suite can fail: weakens one rule at a time (the e-mail check,
// the field list, the Google-provider check, the admin-only collections, ...), runs
// tests/firebase/firestore-rules.test.ts on each weakened copy against the running Firestore
// emulator (FIRESTORE_RULES_FILE), and expects it to fail with some of its tests passing (so the
// copy compiled and loaded: a rules file that does not compile fails every test and proves
// nothing). Puts the real rules back in the emulator at the end. Writes
// test-results/rules-mutations.json (caught: passed; survived: failed) for the closing summary.
// Run by scripts/test/test-firebase.sh inside `firebase emulators:exec`, after the suite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const HOST = process.env.FIRESTORE_EMULATOR_HOST;
const PROJECT = process.env.GCLOUD_PROJECT ?? 'demo-estudiantes';
if (!HOST) {
  console.error(
    'FIRESTORE_EMULATOR_HOST is not set: the rules mutations need a Firestore emulator.',
  );
  process.exit(1);
}

/** Each: what it weakens, the exact text of firestore.rules it replaces, and with what. */
const MUTATIONS = [
  {
    name: 'the e-mail check (any e-mail may be written)',
    from: '&& data.email == request.auth.token.email',
    to: '',
  },
  {
    name: 'the field list (extra fields allowed)',
    from: "data.keys().hasOnly(['email', 'collegeId', 'timestamp', 'adult', 'noticeVersion'])",
    to: 'true',
  },
  {
    name: 'the Google-provider check (any sign-in provider)',
    from: "&& request.auth.token.get('firebase', {}).get('sign_in_provider', '') == 'google.com'",
    to: '',
  },
  {
    name: 'the verified e-mail check',
    from: "&& request.auth.token.get('email_verified', false) == true",
    to: '',
  },
  {
    name: 'the admin-only collections (any signed-in client reads and writes them)',
    from: 'match /{document=**} {\n      allow read, write: if false;',
    to: 'match /{document=**} {\n      allow read, write: if request.auth != null;',
  },
  {
    name: "the operator records (an operator's token reads and writes them directly, issue 61)",
    from: 'match /{document=**} {\n      allow read, write: if false;',
    to: "match /{document=**} {\n      allow read, write: if request.auth.token.get('operator', false) == true;",
  },
  {
    name: 'the owner check (any signed-in student)',
    from: 'return request.auth != null && request.auth.uid == uid;',
    to: 'return request.auth != null;',
  },
  {
    name: 'the catalogue check of a new entry (any well-formed id)',
    from: '&& isJoinableCollege(data.collegeId)',
    to: '',
  },
  {
    name: 'the catalogue check of a change of campus (any well-formed id)',
    from: '&& isJoinableCollege(request.resource.data.collegeId)',
    to: '',
  },
  {
    name: "a pending campus without the student's own request (issue 49)",
    from: "\n          && exists(/databases/$(database)/documents/campusRequests/$(request.auth.uid + '__' + value.split('-')[1]))",
    to: '',
  },
  {
    name: 'the seller choice needs an entry (issue 49)',
    from: 'isOnList(uid)\n        && isValidSellerChoice(request.resource.data)',
    to: 'isValidSellerChoice(request.resource.data)',
  },
  {
    name: 'the seller choice of any categories (issue 49)',
    from: '&& data.categories.hasOnly(',
    to: '&& true || data.categories.hasOnly(',
  },
  {
    name: 'the confirmation of age (a version without it, or adult false)',
    from: "(data.get('adult', false) == true && ",
    to: '(true && ',
  },
  {
    name: "the notice version's form (any text)",
    from: "return value is string && value.matches('^[0-9]{4}-[0-9]{2}-[0-9]{2}$');",
    to: 'return true;',
  },
  {
    name: 'the rate of campus changes (any number a minute, issue 59)',
    from: "|| request.time >= resource.data.collegeChangedAt + duration.value(60, 's');",
    to: '|| true;',
  },
  {
    name: "the server's time of a change of campus (a page-chosen one, issue 59)",
    from: "&& request.resource.data.get('collegeChangedAt', null) == request.time",
    to: '',
  },
  {
    name: 'the grace of the join terms never ends (issue 59)',
    from: 'request.time < timestamp.date(2026, 12, 15)',
    to: 'true',
  },
  {
    name: 'any dated notice version counts as published (issue 59)',
    from: "return value in ['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03'];",
    to: 'return isNoticeVersion(value);',
  },
  {
    name: 'the consent needs an entry',
    from: '&& isOnList(uid)\n        && isValidConsent(request.resource.data)',
    to: '&& isValidConsent(request.resource.data)',
  },
];

const original = fs.readFileSync('firestore.rules', 'utf8');
const dir = 'test-results/rules-mutations';
fs.mkdirSync(dir, { recursive: true });

const results = [];
try {
  for (const [i, mutation] of MUTATIONS.entries()) {
    if (!original.includes(mutation.from)) {
      results.push({ ...mutation, caught: false, why: 'its text is no longer in firestore.rules' });
      continue;
    }
    const file = `${dir}/mutant-${i + 1}.rules`;
    const report = `${dir}/mutant-${i + 1}.json`;
    fs.writeFileSync(file, original.replace(mutation.from, mutation.to));
    const run = spawnSync(
      'npx',
      [
        'vitest',
        'run',
        '--config',
        'vitest.emulators.config.ts',
        'tests/firebase/firestore-rules.test.ts',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { env: { ...process.env, FIRESTORE_RULES_FILE: file }, encoding: 'utf8' },
    );
    const json = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : null;
    const failed = json?.numFailedTests ?? 0;
    const passed = json?.numPassedTests ?? 0;
    const caught = run.status !== 0 && failed > 0 && passed > 0;
    const failing = (json?.testResults ?? [])
      .flatMap((f) => f.assertionResults)
      .filter((a) => a.status === 'failed')
      .map((a) => a.title);
    results.push({
      ...mutation,
      caught,
      failed,
      passed,
      failing,
      why: caught ? '' : passed === 0 ? 'no test passed: the rules did not load' : 'no test failed',
    });
  }
} finally {
  // The emulator keeps the rules last loaded: put the real ones back.
  const res = await fetch(`http://${HOST}/emulator/v1/projects/${PROJECT}:securityRules`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: original }] } }),
  });
  if (!res.ok) console.error(`Could not restore firestore.rules: ${res.status}`);
}

for (const r of results) {
  const mark = r.caught ? 'caught  ' : 'SURVIVED';
  const detail = r.caught ? `${r.failed} tests failed, e.g. "${r.failing[0]}"` : r.why;
  console.log(`rules mutation ${mark} ${r.name}: ${detail}`);
}
const caught = results.filter((r) => r.caught).length;
fs.writeFileSync(
  'test-results/rules-mutations.json',
  JSON.stringify({ caught, survived: results.length - caught, results }, null, 2),
);
console.log(`firestore.rules mutations: ${caught} of ${results.length} caught by the rules suite.`);
process.exit(caught === results.length ? 0 : 1);
