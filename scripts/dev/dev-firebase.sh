#!/usr/bin/env bash
# npm run dev:firebase: the Firebase build's dev server, offline. The Auth and Functions emulators
# run our functions; a real Firestore emulator (scripts/test/firestore-emulator.sh: firebase-tools'
# own on Java 21+, else the Google Cloud CLI's, with the Firestore triggers registered) holds the
# waitlist; the Algolia stand-in of the tests serves the college search. The page is
# http://localhost:5173; sign-in opens the Auth emulator's popup (add any account there).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/firebase-cli.sh
. scripts/test/firestore-emulator.sh
firestore_emulator_start
if [ "$FIRESTORE_MODE" = none ]; then
  echo 'npm run dev:firebase needs a Firestore emulator (see above).' >&2
  exit 1
fi
export VITE_FIRESTORE_EMULATOR_HOST="$FIRESTORE_EMULATOR_HOST"
triggers=true
[ "$FIRESTORE_MODE" = gcloud ] && triggers='node scripts/test/firestore-triggers.mjs'
"$FIREBASE" emulators:exec --only "$FIREBASE_ONLY" --project "$PROJECT" \
  "$triggers && node scripts/dev/dev-firebase.mjs $*" < /dev/null
