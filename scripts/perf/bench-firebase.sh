#!/usr/bin/env bash
# npm run bench:firebase: the same figures as npm run bench, for the production backend's build
# (VITE_BACKEND=firebase). Offline, the build points at the Auth and Functions emulators
# (.env.emulators), which run while Lighthouse measures with the Firestore and Algolia stand-ins
# (scripts/perf/bench-firebase.mjs): the page's own calls then succeed, as they do against the
# real project, and nothing else changes in the bundle.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/firebase-cli.sh
emulator_env
CI=true "$FIREBASE" emulators:exec --only auth,functions --project "$PROJECT" \
  "node scripts/perf/bench-firebase.mjs $*" < /dev/null
