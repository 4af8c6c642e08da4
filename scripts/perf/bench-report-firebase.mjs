// npm run bench:report:firebase (scripts/perf/bench-report-firebase.sh starts a Firestore emulator
// first): the one launch report (issue 49) of 20 campuses and 10,000 students on the Firebase
// backend, as an operator runs `npm run report` (a table) and `-- --csv` against it: each student
// with an entry and a campus record, a third verified, a fifth with a seller choice, half with a
// source, a tenth credited to an invite, plus requests. Prints each run's wall time; figures are
// printed, never asserted. `--students N` and `--campuses N` change the sizes. No Functions
// emulator: the report only reads, and no trigger runs on the seeded documents.
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { connect } from '../ops/shared/firebase.mjs';
import { COLLEGE_IDS } from './bench-report-campuses.mjs';
import { COLLECTIONS } from '../../src/adapters/firebase/firestore-names.ts';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const students = arg('--students', 10_000);
const campuses = COLLEGE_IDS.slice(0, arg('--campuses', 20));
const project = 'demo-bench-report';
const env = {
  ...process.env,
  GCLOUD_PROJECT: project,
  // The report reads Firestore only; the guard wants both emulator hosts named.
  FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9',
};
Object.assign(process.env, env);
const { db } = connect(project);

const seedStart = performance.now();
const pick = (list, n) => list[n % list.length];
for (let at = 0; at < students; at += 400) {
  const batch = db.batch();
  for (let n = at; n < Math.min(students, at + 400); n++) {
    const uid = `s${n}`;
    const collegeId = pick(campuses, n);
    batch.set(db.doc(`${COLLECTIONS.waitlist}/${uid}`), {
      email: `${uid}@alumnos.udg.mx`,
      collegeId,
      timestamp: new Date(),
    });
    batch.set(db.doc(`${COLLECTIONS.campusMembers}/${uid}`), { collegeId, verified: n % 3 === 0 });
    if (n % 5 === 0)
      batch.set(db.doc(`${COLLECTIONS.sellerChoices}/${uid}`), { categories: ['postres'] });
    if (n % 2 === 0) {
      batch.set(db.doc(`${COLLECTIONS.joinSources}/${uid}`), {
        source: pick(['whatsapp', 'instagram', 'cartel', 'otro'], n),
        medium: 'campus',
        campaign: null,
      });
    }
    if (n % 10 === 0 && n >= campuses.length) {
      batch.set(db.doc(`${COLLECTIONS.invites}/${uid}`), { inviter: `s${n - campuses.length}` });
    }
    if (n < 300) {
      batch.set(db.doc(`${COLLECTIONS.campusRequests}/${uid}__r${n % 30}`), {
        uid,
        key: `universidad ${n % 30}|leon`,
        name: `Universidad ${n % 30}`,
        city: 'León',
      });
    }
  }
  await batch.commit();
}
const seeded = ((performance.now() - seedStart) / 1000).toFixed(1);

const run = async (...args) => {
  const start = performance.now();
  const { stdout } = await promisify(execFile)('node', ['scripts/ops/report.mjs', ...args], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ms: performance.now() - start, bytes: stdout.length, lines: stdout.split('\n').length };
};
const table = await run();
const csv = await run('--csv');
console.log(
  `Launch report on Firebase (Firestore emulator): ${campuses.length} campuses, ` +
    `${students.toLocaleString('en')} students (seeded in ${seeded} s)`,
);
console.log(
  `  table: ${(table.ms / 1000).toFixed(2)} s, ${table.lines} lines, ${table.bytes} bytes`,
);
console.log(`  csv:   ${(csv.ms / 1000).toFixed(2)} s, ${csv.lines} lines, ${csv.bytes} bytes`);
console.log('  (each a whole command: Node start, the report module loaded with vite, the reads)');
process.exit(0);
