// The operator console's campuses view on Firebase (issue 61; run by operator-console-firebase.sh,
// which starts a Firestore emulator first): 200 campuses and 100,000 students seeded as the page
// and the triggers leave them (each student's entry and campus record, a fifth with a seller
// choice; each campus's counters, as campus-counters.ts keeps them on write; settings, milestones
// and a launch for some), then the view the callable `operator_console` answers for
// `{ op: 'campuses' }` (functions/src/operator-console.ts, campusRows, built in functions/lib) run
// 5 times in this process against the emulator: each run's wall time. It reads the counters, never
// the students: its time does not grow with them. No Functions emulator (its cold start is not the
// view's). Figures are printed, never asserted. `--students N` and `--campuses N` change the sizes.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { connect } from '../ops/shared/firebase.mjs';
import { COLLEGE_IDS } from '../perf/bench-report-campuses.mjs';
import { COLLECTIONS } from '../../src/adapters/firebase/firestore-names.ts';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const students = arg('--students', 100_000);
const campusCount = arg('--campuses', 200);
const campuses = Array.from({ length: campusCount }, (_, i) => COLLEGE_IDS[i] ?? `bench-${i}`);
const project = 'demo-bench-operator-console';
Object.assign(process.env, {
  GCLOUD_PROJECT: project,
  FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9',
  SITE_ORIGIN: 'https://deestudiantes.example',
});
const { db } = connect(project);
const fromFunctions = createRequire(new URL('../../functions/package.json', import.meta.url));
const { campusRows } = fromFunctions('./lib/operator-console.js');

const seedStart = performance.now();
const counters = new Map(
  campuses.map((id) => [id, { joined: 0, verified: 0, sellers: 0, sellersVerified: 0 }]),
);
const writes = [];
for (let n = 0; n < students; n++) {
  const uid = `s${n}`;
  const collegeId = campuses[n % campuses.length];
  const verified = n % 3 === 0;
  const seller = n % 5 === 0;
  const c = counters.get(collegeId);
  c.joined++;
  if (verified) c.verified++;
  if (seller) {
    c.sellers++;
    if (verified) c.sellersVerified++;
  }
  writes.push([
    `${COLLECTIONS.waitlist}/${uid}`,
    { email: `${uid}@alumnos.udg.mx`, collegeId, timestamp: new Date() },
  ]);
  writes.push([`${COLLECTIONS.campusMembers}/${uid}`, { collegeId, verified }]);
  if (seller) writes.push([`${COLLECTIONS.sellerChoices}/${uid}`, { categories: ['postres'] }]);
}
campuses.forEach((id, i) => {
  const c = counters.get(id);
  writes.push([
    `${COLLECTIONS.campusCounters}/${id}`,
    {
      ...c,
      invited: 0,
      sellersBy: { postres: c.sellers },
      sources: { 'whatsapp/campus/-': { students: c.joined, verified: c.verified } },
    },
  ]);
  if (i % 4 === 0) {
    writes.push([
      `${COLLECTIONS.campusSettings}/${id}`,
      { threshold: 150, state: 'gathering', opensOn: null, sellerMinimum: 10 },
    ]);
    writes.push([`${COLLECTIONS.campusMilestones}/${id}`, { reached: [25, 50] }]);
  }
  if (i % 20 === 0) {
    writes.push([
      `${COLLECTIONS.campusLaunches}/${id}`,
      { state: 'launched', at: new Date(), by: 'bench', students: c.joined },
    ]);
  }
});
// 500 writes per batch, 4 batches at a time.
for (let at = 0; at < writes.length; at += 2000) {
  await Promise.all(
    [0, 500, 1000, 1500].map(async (offset) => {
      const chunk = writes.slice(at + offset, at + offset + 500);
      if (!chunk.length) return;
      const batch = db.batch();
      for (const [path, data] of chunk) batch.set(db.doc(path), data);
      await batch.commit();
    }),
  );
}
const seeded = ((performance.now() - seedStart) / 1000).toFixed(1);

const times = [];
let rows = [];
for (let run = 0; run < 5; run++) {
  const start = performance.now();
  rows = await campusRows(db);
  times.push(performance.now() - start);
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `Operator console, campuses view on Firebase (Firestore emulator): ${campuses.length} campuses, ` +
    `${students.toLocaleString('en')} students (${writes.length.toLocaleString('en')} documents seeded in ${seeded} s)`,
);
console.log(`  ${rows.length} rows; runs: ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')}`);
console.log(`  median ${sorted[2].toFixed(0)} ms (the first run warms the client's connection)`);
process.exit(0);
