// Registers the Functions emulator's Firestore triggers (on_waitlist_written) with a Firestore
// emulator that firebase-tools did not start itself (the Google Cloud CLI's, started by
// scripts/test/firestore-emulator.sh with --functions_emulator): the same call firebase-tools makes
// when it runs both emulators (functionsEmulator.js, getV2FirestoreAttributes and
// addFirestoreTrigger). The Firestore emulator then posts each matching write, as a CloudEvent, to
// the Functions emulator, which runs the function as deployed. Run inside `firebase emulators:exec`
// once the functions are loaded; `--quiet` prints nothing but errors.
//
// The trigger's key is the function's id and the Functions emulator's trigger generation, 0 until
// it reloads the functions (it watches functions/lib: a rebuild while it runs needs this again).
const FUNCTIONS = process.env.FUNCTIONS_EMULATOR_HOST ?? '127.0.0.1:5001';
const FIRESTORE = process.env.FIRESTORE_EMULATOR_HOST;
const PROJECT = process.env.GCLOUD_PROJECT ?? 'demo-estudiantes';
const quiet = process.argv.includes('--quiet');

if (!FIRESTORE) {
  console.error('FIRESTORE_EMULATOR_HOST is not set: no Firestore emulator to register with.');
  process.exit(1);
}

const res = await fetch(`http://${FUNCTIONS}/backends`);
if (!res.ok) throw new Error(`Functions emulator /backends: ${res.status}`);
const { backends } = await res.json();
const triggers = backends
  .flatMap((b) => b.functionTriggers)
  .filter((t) => t.eventTrigger?.eventType?.startsWith('google.cloud.firestore.document.v1.'));

for (const { id, eventTrigger } of triggers) {
  const document =
    eventTrigger.eventFilterPathPatterns?.document ?? eventTrigger.eventFilters?.document;
  const bundle = {
    eventType: eventTrigger.eventType,
    database: eventTrigger.eventFilters.database,
    namespace: eventTrigger.eventFilters.namespace,
    document: {
      value: document,
      matchType: eventTrigger.eventFilterPathPatterns?.document ? 'PATH_PATTERN' : 'EXACT',
    },
  };
  const key = `${id}-0`;
  const put = await fetch(
    `http://${FIRESTORE}/emulator/v1/projects/${PROJECT}/eventarcTrigger?eventarcTriggerId=${key}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(bundle),
    },
  );
  if (!put.ok) throw new Error(`Registering ${key}: ${put.status} ${await put.text()}`);
  if (!quiet) console.log(`Firestore trigger ${id} (${bundle.eventType}, ${document}) registered.`);
}
if (triggers.length === 0) throw new Error('The Functions emulator has no Firestore trigger.');
