#!/usr/bin/env bash
# npm run dev:firebase: the Firebase build's dev server, offline. The Auth and Functions emulators
# run our function; the Firestore REST stand-in and the Algolia stand-in of the tests serve the
# waitlist and the college search (the Firestore emulator cannot run on every machine). The page
# is http://localhost:5173; sign-in opens the Auth emulator's popup (add any account there).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/firebase-cli.sh
"$FIREBASE" emulators:exec --only auth,functions --project "$PROJECT" \
  "node scripts/dev/dev-firebase.mjs $*" < /dev/null
