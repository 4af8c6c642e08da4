#!/usr/bin/env bash
# The production backend's tests against real local servers, from a fresh clone:
# - the Firebase CLI (tools/firebase-cli, its own lock file; --ignore-scripts skips a 3-minute
#   native build that only Hosting's local server uses) and the function's dependencies;
# - the function built from functions/src;
# - the production build (VITE_BACKEND=firebase) pointed at the emulators (.env.emulators);
# - under `firebase emulators:exec --only auth,functions`: the adapter tests (tests/emulators)
#   and the browser tests (tests/e2e-firebase). The Firestore emulator cannot run here (Java 21
#   and a downloaded jar): the waitlist adapter is tested at the wire against a REST fake, and the
#   rules tests report themselves skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
PROJECT=demo-estudiantes
FIREBASE=tools/firebase-cli/node_modules/.bin/firebase

[ -x "$FIREBASE" ] ||
  npm install --prefix tools/firebase-cli --ignore-scripts --no-audit --no-fund --loglevel=error
[ -d functions/node_modules/firebase-functions ] ||
  npm install --prefix functions --no-audit --no-fund --loglevel=error
npm --prefix functions run build --silent

(
  set -a
  . ./.env.emulators
  set +a
  DIST_DIR=dist-firebase npm run build --silent
)

CI=true "$FIREBASE" emulators:exec --only auth,functions --project "$PROJECT" \
  'npx vitest run --config vitest.emulators.config.ts --reporter=default --reporter=json --outputFile.json=test-results/vitest-emulators.json && npx playwright test --config playwright.firebase.config.ts' \
  < /dev/null
