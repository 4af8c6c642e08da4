#!/usr/bin/env bash
# The code abuse run (scripts/bench/code-abuse.mjs, issue 59) on the Firebase emulators: Auth,
# Functions and a real Firestore emulator (scripts/test/firestore-emulator.sh), the function on
# its runtime's Node, as `npm run test:firebase` starts them. Arguments go to the run
# (-- --rounds N --requests N). Figures are printed, never asserted.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/firebase-cli.sh
. scripts/test/function-node.sh
. scripts/test/firestore-emulator.sh
firestore_emulator_start
if [ -z "${FIRESTORE_EMULATOR_HOST:-}" ]; then
  echo "No Firestore emulator: see scripts/test/firestore-emulator.sh" >&2
  exit 1
fi
run="node scripts/bench/code-abuse.mjs --backend firebase $*"
case "$FIRESTORE_MODE" in
  gcloud) steps="node scripts/test/firestore-triggers.mjs && $run" ;;
  *) steps="$run" ;;
esac
firebase_on_function_node emulators:exec --only "$FIREBASE_ONLY" --project "$PROJECT" "$steps" < /dev/null
