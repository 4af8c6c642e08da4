# Sourced by the scripts that run the Firebase emulators (test-firebase.sh, bench-firebase.sh,
# dev-firebase.sh): installs the Firebase CLI (tools/firebase-cli, its own lock file;
# --ignore-scripts skips a 3-minute native build that only Hosting's local server uses) and the
# function's dependencies when missing, builds the function, and sets FIREBASE and PROJECT.
# Both install with `npm ci`, which reads the lock files and never rewrites them: a test run
# leaves the work tree clean (scripts/test/test-all.sh checks it).
# `emulator_env` exports the settings of the build pointed at the emulators (.env.emulators).
FIREBASE=tools/firebase-cli/node_modules/.bin/firebase
PROJECT=demo-estudiantes
# The Firestore emulator (FIRESTORE_EMULATOR_HOST, never Google's): scripts/test/firestore-emulator.sh.
[ -x "$FIREBASE" ] ||
  npm ci --prefix tools/firebase-cli --ignore-scripts --no-audit --no-fund --loglevel=error
{ [ -d functions/node_modules/firebase-functions ] && [ -d functions/node_modules/nodemailer ]; } ||
  npm ci --prefix functions --no-audit --no-fund --loglevel=error
npm --prefix functions run build --silent
# The functions' secrets in the emulator (issue 25: the leave links' signing secret, the mail
# provider), read from functions/.secret.local, which git ignores; made once, with local values
# only. The tests sign leave links with the same MAIL_TOKEN_SECRET.
[ -f functions/.secret.local ] || printf '%s\n' \
  'MAIL_TOKEN_SECRET=emulator-leave-links-secret-not-for-production' \
  'SMTP_URL=smtp://127.0.0.1:2525' \
  'MAIL_FROM="De estudiantes a estudiantes <hola@deestudiantes.example>"' > functions/.secret.local
# The site's address the functions put in the e-mails' links (SITE_ORIGIN, which `npm run deploy`
# writes for a real project), for the Functions emulator: functions/.env.local, ignored by git.
[ -f functions/.env.local ] || printf '%s\n' 'SITE_ORIGIN=https://deestudiantes.example' > functions/.env.local
# The search index the console's 'Agregar al catálogo' writes to (issue 61): the Algolia stand-in
# on its fixed port (stand-ins/firebase-fake-ports.ts), which the tests that add a campus start.
# Added to files made before it.
grep -q '^ALGOLIA_ADMIN_KEY=' functions/.secret.local ||
  echo 'ALGOLIA_ADMIN_KEY=emulator-algolia-admin-key' >> functions/.secret.local
grep -q '^ALGOLIA_APP_ID=' functions/.env.local || printf '%s\n' 'ALGOLIA_APP_ID=TESTAPP' \
  'ALGOLIA_HOST=http://127.0.0.1:8282' >> functions/.env.local
MAIL_TOKEN_SECRET=$(sed -n 's/^MAIL_TOKEN_SECRET=//p' functions/.secret.local)
export MAIL_TOKEN_SECRET
emulator_env() {
  set -a
  . ./.env.emulators
  set +a
}
