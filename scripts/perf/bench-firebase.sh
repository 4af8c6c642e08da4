#!/usr/bin/env bash
# npm run bench:firebase: the same figures as npm run bench, for the production backend's build
# (VITE_BACKEND=firebase). Offline, the build points at the Auth, Functions and Firestore emulators
# (.env.emulators; scripts/test/firestore-emulator.sh), which run while Lighthouse measures, with
# the Algolia stand-in (scripts/perf/bench-firebase.mjs): the page's own calls then succeed, as
# they do against the real project, and nothing else changes in the bundle.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/firebase-cli.sh
. scripts/test/firestore-emulator.sh
firestore_emulator_start
if [ "$FIRESTORE_MODE" = none ]; then
  echo 'npm run bench:firebase needs a Firestore emulator (see above).' >&2
  exit 1
fi
emulator_env
export VITE_FIRESTORE_EMULATOR_HOST="$FIRESTORE_EMULATOR_HOST"
# The emulator this script started runs at the lowest priority, as the other emulators do while
# Lighthouse measures (scripts/perf/backend-priority.mjs).
[ -z "$FIRESTORE_EMULATOR_PID" ] || renice -n 19 -p "$FIRESTORE_EMULATOR_PID" > /dev/null
CI=true "$FIREBASE" emulators:exec --only "$FIREBASE_ONLY" --project "$PROJECT" \
  "node scripts/perf/bench-firebase.mjs $*" < /dev/null
