#!/usr/bin/env bash
# The operator console's campuses view on Firebase (issue 61): 200 campuses and 100,000 students on
# a Firestore emulator (the Google Cloud CLI's, or firebase-tools' own on Java 21+), timed by
# scripts/bench/operator-console-firebase.mjs. Arguments go to it (-- --students N --campuses N).
# Figures are printed, never asserted.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -f functions/lib/operator-console.js ] || npm --prefix functions run build --silent
. scripts/test/firestore-emulator.sh
FIRESTORE_EMULATOR=gcloud firestore_emulator_start
if [ -z "${FIRESTORE_EMULATOR_HOST:-}" ]; then
  echo "No Firestore emulator: see scripts/test/firestore-emulator.sh" >&2
  exit 1
fi
node scripts/bench/operator-console-firebase.mjs "$@"
