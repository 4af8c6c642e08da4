#!/usr/bin/env bash
# The production backend's tests against real local servers, from a fresh clone:
# - the Firebase CLI and the function, built (scripts/test/firebase-cli.sh);
# - the Node.js of the function's runtime (scripts/test/function-node.sh): the emulators, and so the
#   function, run on it, and so do the function's unit tests;
# - a real Cloud Firestore emulator (scripts/test/firestore-emulator.sh: firebase-tools' own on
#   Java 21+, else the Google Cloud CLI's, else none and the Firestore tests skip loudly);
# - the production build (VITE_BACKEND=firebase) pointed at the emulators (.env.emulators);
# - under `firebase emulators:exec --only auth,functions[,firestore]`: the Firestore triggers
#   registered with the Google Cloud CLI's emulator (scripts/test/firestore-triggers.mjs), the
#   adapter, function and operator-script tests (tests/firebase), the rules' mutation check
#   (scripts/test/rules-mutations.mjs) and the browser tests (tests/browser/firebase).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/firebase-cli.sh
. scripts/test/function-node.sh
. scripts/test/firestore-emulator.sh

# The function's logic on its runtime's Node (tests/function runs with tests/app and tests/tooling on the machine's Node too).
"$FUNCTION_NODE" node_modules/vitest/vitest.mjs run tests/function/hero-images-function.test.ts tests/function/campus-function.test.ts \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest-function-node.json

firestore_emulator_start
(
  emulator_env
  [ -z "${FIRESTORE_EMULATOR_HOST:-}" ] || export VITE_FIRESTORE_EMULATOR_HOST="$FIRESTORE_EMULATOR_HOST"
  DIST_DIR=dist-firebase npm run build --silent
)

vitest='npx vitest run --config vitest.emulators.config.ts --reporter=default --reporter=json --outputFile.json=test-results/vitest-emulators.json'
case "$FIRESTORE_MODE" in
  gcloud) steps="node scripts/test/firestore-triggers.mjs && $vitest" ;;
  *) steps="$vitest" ;;
esac
if [ "$FIRESTORE_MODE" = none ]; then
  echo '*** SKIPPED: the firestore.rules mutations and the Firebase build'"'"'s browser tests (no Firestore emulator). ***'
else
  steps="$steps && node scripts/test/rules-mutations.mjs && npx playwright test --config playwright.firebase.config.ts"
fi
CI=true firebase_on_function_node emulators:exec --only "$FIREBASE_ONLY" --project "$PROJECT" "$steps" < /dev/null
