#!/usr/bin/env bash
# npm run bench:report:firebase: the launch report of 20 campuses and 10,000 students (issue 49) on
# a Firestore emulator (scripts/perf/bench-report-firebase.mjs; the Google Cloud CLI's, or
# firebase-tools' own on Java 21+). Arguments go to it (-- --students N). Figures are printed,
# never asserted.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/firestore-emulator.sh
FIRESTORE_EMULATOR=gcloud firestore_emulator_start
if [ -z "${FIRESTORE_EMULATOR_HOST:-}" ]; then
  echo "No Firestore emulator: see scripts/test/firestore-emulator.sh" >&2
  exit 1
fi
node scripts/perf/bench-report-firebase.mjs "$@"
