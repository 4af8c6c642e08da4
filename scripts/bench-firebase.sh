#!/usr/bin/env bash
# npm run bench:firebase: the same figures as npm run bench, for the production backend's build
# (VITE_BACKEND=firebase). Offline, the build points at the Auth and Functions emulators
# (.env.emulators), which run while Lighthouse measures: the page's own calls then succeed, as
# they do against the real project, and nothing else changes in the bundle.
set -euo pipefail
cd "$(dirname "$0")/.."
FIREBASE=tools/firebase-cli/node_modules/.bin/firebase
[ -x "$FIREBASE" ] ||
  npm install --prefix tools/firebase-cli --ignore-scripts --no-audit --no-fund --loglevel=error
[ -d functions/node_modules/firebase-functions ] ||
  npm install --prefix functions --no-audit --no-fund --loglevel=error
npm --prefix functions run build --silent
set -a
. ./.env.emulators
set +a
CI=true "$FIREBASE" emulators:exec --only auth,functions --project demo-estudiantes \
  "node scripts/bench.mjs --backend firebase $*" < /dev/null
