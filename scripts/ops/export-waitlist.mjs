// Exports the waitlist of the Firebase backend (Firestore `waitlist/{uid}`) as CSV, for the
// operators: `email,campus,fecha` (the e-mail, the campus id, the ISO date of joining), oldest
// first; then the count per campus on stderr. Personal data: keep the file private (written anew
// with mode 600, whatever an older file at that path allowed) and delete it when done
// (docs/privacy-operations.md).
//
//   node scripts/ops/export-waitlist.mjs --out file.csv | --stdout [--project ID]
//   node scripts/ops/export-waitlist.mjs --uid UID | --email E [--out file.csv] [--project ID]
//
// The whole list goes to a file, or to the terminal only when asked (--stdout: a terminal's
// scrollback and logs keep what they show). --uid / --email export one student's row (an ARCO
// access request), on the terminal unless --out. Credentials and emulators: scripts/ops/shared/firebase.mjs.
import { rmSync, writeFileSync } from 'node:fs';
import { fail, parseArgs } from './shared/cli.mjs';
import { csvLine } from './shared/csv.mjs';
import { firebase, isoDate } from './shared/firebase.mjs';
import { firestoreNames } from './shared/project.mjs';

const USAGE =
  'Usage: node scripts/ops/export-waitlist.mjs --out file.csv | --stdout [--project ID]\n' +
  '       node scripts/ops/export-waitlist.mjs --uid UID | --email E [--out file.csv] [--project ID]';

async function main() {
  const options = parseArgs(process.argv.slice(2), {
    values: ['project', 'out', 'uid', 'email'],
    flags: ['stdout'],
    usage: USAGE,
  });
  if (options.uid && options.email) fail(`Give --uid or --email, not both.\n${USAGE}`);
  if (options.out && options.stdout) fail(`Give --out or --stdout, not both.\n${USAGE}`);
  if (!options.uid && !options.email && !options.out && !options.stdout) {
    fail(
      `The whole list is personal data: write it to a file (--out) or ask for --stdout.\n${USAGE}`,
    );
  }
  const { db } = firebase(options);
  const { waitlist } = await firestoreNames();

  let docs;
  if (options.uid) {
    const snapshot = await db.collection(waitlist).doc(options.uid).get();
    docs = snapshot.exists ? [snapshot] : [];
  } else if (options.email) {
    docs = (await db.collection(waitlist).where('email', '==', options.email).get()).docs;
  } else {
    docs = (await db.collection(waitlist).orderBy('timestamp', 'asc').get()).docs;
  }

  const rows = docs.map((doc) => {
    const data = doc.data();
    return {
      email: data.email ?? '',
      campus: data.collegeId ?? '',
      fecha: isoDate(data.timestamp),
    };
  });
  const csv = [
    csvLine(['email', 'campus', 'fecha']),
    ...rows.map((r) => csvLine([r.email, r.campus, r.fecha])),
  ]
    .join('\r\n')
    .concat('\r\n');
  if (options.out) {
    // A new file, private from its first byte: an existing one is replaced, not reused with
    // whatever permissions it had.
    rmSync(options.out, { force: true });
    writeFileSync(options.out, csv, { mode: 0o600, flag: 'wx' });
  } else process.stdout.write(csv);

  const counts = new Map();
  for (const row of rows) counts.set(row.campus, (counts.get(row.campus) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  console.error(`${rows.length} entries${options.out ? ` written to ${options.out}` : ''}.`);
  for (const [campus, count] of sorted) console.error(`${String(count).padStart(6)}  ${campus}`);
}

main().catch((error) => fail(`Export failed: ${error?.message ?? error}`, 1));
