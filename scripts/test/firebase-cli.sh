# Sourced by the scripts that run the Firebase emulators (test-firebase.sh, bench-firebase.sh,
# dev-firebase.sh): installs the Firebase CLI (tools/firebase-cli, its own lock file;
# --ignore-scripts skips a 3-minute native build that only Hosting's local server uses) and the
# function's dependencies when missing, builds the function, and sets FIREBASE and PROJECT.
# Both install with `npm ci`, which reads the lock files and never rewrites them: a test run
# leaves the work tree clean (scripts/test/test-all.sh checks it).
# `emulator_env` exports the settings of the build pointed at the emulators (.env.emulators).
FIREBASE=tools/firebase-cli/node_modules/.bin/firebase
PROJECT=demo-estudiantes
# The function's Firestore (firebase-admin, REST): the Firestore stand-in's port, where the tests,
# the e2e set-up and the dev server start it (stand-ins/firebase-fake-ports.ts); never Google's.
export FIRESTORE_EMULATOR_HOST="${FIRESTORE_EMULATOR_HOST:-127.0.0.1:8181}"
[ -x "$FIREBASE" ] ||
  npm ci --prefix tools/firebase-cli --ignore-scripts --no-audit --no-fund --loglevel=error
[ -d functions/node_modules/firebase-functions ] ||
  npm ci --prefix functions --no-audit --no-fund --loglevel=error
npm --prefix functions run build --silent
emulator_env() {
  set -a
  . ./.env.emulators
  set +a
}
