#!/usr/bin/env bash
# The whole test suite, from a fresh clone: typecheck, lint, format, the app, tooling and function tests,
# the production build, the browser tests in Chromium, then in WebKit and Firefox
# (scripts/test/engines.sh), and the Firebase backend's tests against the
# Auth and Functions emulators (scripts/test/test-firebase.sh), and the Supabase backend's tests against
# PostgreSQL 15 and the Supabase stand-in (scripts/test/test-supabase.sh). Prints a closing summary line.
set -euo pipefail
cd "$(dirname "$0")/../.."
# An unsupported Node.js is refused at once, with the versions needed and how to get them.
node scripts/test/check-node.mjs
rm -rf test-results && mkdir -p test-results
# The closing step (test-summary.mjs) fails the run if the suite changes what git sees.
node scripts/test/worktree-state.mjs > test-results/worktree-before.json

# --no-provision (npm run check): the same checks, without installing a browser.
[ "${1:-}" = --no-provision ] || bash scripts/test/ensure-browser.sh
npm run typecheck
npm run lint
npm run format:check
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
# Always the memory build here, whatever a developer's .env.production.local says: the browser
# tests and the isolation check expect it in dist/.
# VITE_SITE_URL: a made-up address, so that the build writes a sitemap for the browser tests.
VITE_BACKEND=memory VITE_SITE_URL=https://deestudiantes.example npm run build
node scripts/test/check-backend-isolation.mjs
npx playwright test
bash scripts/test/engines.sh "${1:-}"
bash scripts/test/test-firebase.sh
bash scripts/test/test-supabase.sh
node scripts/test/test-summary.mjs
