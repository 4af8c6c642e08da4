# Sourced by the scripts that run the Firebase emulators (test-firebase.sh, dev-firebase.sh,
# bench-firebase.sh), after firebase-cli.sh: finds a real Cloud Firestore emulator and starts it.
# `firestore_emulator_start` sets, in this order of preference:
# 1. FIRESTORE_MODE=firebase-tools where Java 21 or newer is installed: firebase-tools starts its
#    own emulator (FIREBASE_ONLY=auth,functions,firestore; firebase.json's port 8080), loads
#    firestore.rules and delivers the Firestore triggers itself. It downloads its jar on first use.
# 2. FIRESTORE_MODE=gcloud where the Google Cloud CLI's emulator is installed (Debian package
#    google-cloud-cli-firestore-emulator, or `gcloud components install cloud-firestore-emulator`;
#    Java 11 or newer, offline): started here on a free port with firestore.rules, told where the
#    Functions emulator listens (firebase.json's 5001) so that it delivers the triggers that
#    scripts/test/firestore-triggers.mjs registers; stopped when the sourcing script exits. Its log
#    is test-results/firestore-emulator.log.
# 3. FIRESTORE_MODE=none: FIRESTORE_EMULATOR_HOST is unset, and every Firestore test says loudly
#    that it was skipped and how to run it (tests/support/firestore.ts).
# FIRESTORE_EMULATOR=gcloud skips mode 1 (the Google Cloud CLI's emulator even on Java 21+).
# FIRESTORE_EMULATOR_HOST is exported for modes 1 and 2 (the tests, the Admin SDK of the functions
# and of scripts/ops/, and the build's VITE_FIRESTORE_EMULATOR_HOST read it).
FIRESTORE_MODE=none
FIREBASE_ONLY=auth,functions
FIRESTORE_EMULATOR_PID=

java_major() {
  command -v java > /dev/null 2>&1 || { echo 0; return; }
  java -version 2>&1 | sed -n 's/.* version "\([0-9][0-9]*\).*/\1/p' | head -n 1
}

# The Google Cloud CLI's Firestore emulator jar, or nothing.
gcloud_firestore_jar() {
  local root jar
  for root in "${CLOUDSDK_ROOT_DIR:-}" \
    "$(command -v gcloud > /dev/null 2>&1 && dirname "$(dirname "$(readlink -f "$(command -v gcloud)")")")" \
    /usr/lib/google-cloud-sdk; do
    jar="$root/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar"
    [ -n "$root" ] && [ -f "$jar" ] && { echo "$jar"; return; }
  done
}

firestore_emulator_stop() {
  [ -n "$FIRESTORE_EMULATOR_PID" ] || return 0
  kill "$FIRESTORE_EMULATOR_PID" 2> /dev/null || true
  wait "$FIRESTORE_EMULATOR_PID" 2> /dev/null || true
  FIRESTORE_EMULATOR_PID=
}

firestore_emulator_start() {
  local major jar port
  major=$(java_major)
  if [ "${major:-0}" -ge 21 ] && [ "${FIRESTORE_EMULATOR:-}" != gcloud ]; then
    FIRESTORE_MODE=firebase-tools
    FIREBASE_ONLY=auth,functions,firestore
    export FIRESTORE_EMULATOR_HOST=127.0.0.1:8080
    echo "Firestore: firebase-tools' own emulator (Java $major)."
    return
  fi
  jar=$(gcloud_firestore_jar)
  if [ -n "$jar" ] && [ "${major:-0}" -ge 11 ]; then
    port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    mkdir -p test-results
    java -Duser.language=en -cp "$jar" com.google.cloud.datastore.emulator.firestore.CloudFirestore \
      start --host=127.0.0.1 --port="$port" --rules="$PWD/firestore.rules" \
      --functions_emulator=127.0.0.1:5001 > test-results/firestore-emulator.log 2>&1 &
    FIRESTORE_EMULATOR_PID=$!
    trap firestore_emulator_stop EXIT
    local i
    for i in $(seq 1 120); do
      if node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' \
        "http://127.0.0.1:$port/" 2> /dev/null; then
        FIRESTORE_MODE=gcloud
        export FIRESTORE_EMULATOR_HOST="127.0.0.1:$port"
        echo "Firestore: the Google Cloud CLI's emulator on :$port (Java $major; log: test-results/firestore-emulator.log)."
        return
      fi
      kill -0 "$FIRESTORE_EMULATOR_PID" 2> /dev/null || break
      sleep 0.5
    done
    echo "The Google Cloud CLI's Firestore emulator did not start; its log:" >&2
    tail -n 20 test-results/firestore-emulator.log >&2 || true
    firestore_emulator_stop
    return 1
  fi
  unset FIRESTORE_EMULATOR_HOST
  echo "*** Firestore: NO emulator found (Java $major; firebase-tools' needs Java 21+, the Google Cloud" \
    "CLI's needs its cloud-firestore-emulator component and Java 11+): every Firestore test is SKIPPED. ***"
}
