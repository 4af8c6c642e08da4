#!/usr/bin/env bash
# The production backend's tests against real local servers, from a fresh clone:
# - the Firebase CLI and the function, built (scripts/test/firebase-cli.sh);
# - the Node.js of the function's runtime (scripts/test/function-node.sh): the emulators, and so the
#   function, run on it, and so do the function's unit tests;
# - the production build (VITE_BACKEND=firebase) pointed at the emulators (.env.emulators);
# - under `firebase emulators:exec --only auth,functions`: the adapter tests (tests/firebase)
#   and the browser tests (tests/browser/firebase). The Firestore emulator cannot run here (Java 21
#   and a downloaded jar): the waitlist adapter is tested at the wire against a REST fake, and the
#   rules tests report themselves skipped. The Admin SDK (the hero function, scripts/ops/) reads
#   Firestore at FIRESTORE_EMULATOR_HOST (scripts/test/firebase-cli.sh): the tests start the REST
#   stand-in there (stand-ins/fake-firestore-admin.ts serves the Admin SDK's calls).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/firebase-cli.sh
. scripts/test/function-node.sh

# The function's logic on its runtime's Node (tests/function runs with tests/app and tests/tooling on the machine's Node too).
"$FUNCTION_NODE" node_modules/vitest/vitest.mjs run tests/function/hero-images-function.test.ts tests/function/campus-function.test.ts \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest-function-node.json

(
  emulator_env
  DIST_DIR=dist-firebase npm run build --silent
)

CI=true firebase_on_function_node emulators:exec --only auth,functions --project "$PROJECT" \
  'npx vitest run --config vitest.emulators.config.ts --reporter=default --reporter=json --outputFile.json=test-results/vitest-emulators.json && npx playwright test --config playwright.firebase.config.ts' \
  < /dev/null
