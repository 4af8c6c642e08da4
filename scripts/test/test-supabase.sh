#!/usr/bin/env bash
# The Supabase backend's tests against real local servers, from a fresh clone:
# - PostgreSQL 15: Debian's with pgTAP (installed with apt-get when missing, as root on Debian),
#   or, on a machine without it, the npm registry's (scripts/test/supabase-db.sh); a throwaway
#   cluster on 127.0.0.1:54329 (or a free port) with stand-ins/supabase/platform.sql, the
#   migrations and the seed;
# - pgTAP (supabase/tests/*.sql) with pg_prove, where pgTAP is installed; skipped loudly elsewhere;
# - the adapter contract suites, the stand-in, the seed and concurrency (tests/supabase), with
#   supabase-js's Auth and PostgREST clients against the stand-in (stand-ins/supabase-stand-in.ts);
# - the Supabase build (.env.supabase) in Chromium (tests/browser/supabase), stand-in on :54321.
# The cluster is stopped and removed on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/supabase-db.sh
mkdir -p test-results

ensure_postgres
start_cluster
migrate_database migrated
export SUPABASE_TEMPLATE_DB=migrated

rm -f test-results/pgtap-supabase.txt test-results/pgtap-supabase.skipped
if [ -z "$PGTAP_MISSING" ]; then
  echo "pgTAP: supabase/tests/*.sql on PostgreSQL 15"
  pg_prove -h 127.0.0.1 -p "$SUPABASE_PG_PORT" -U postgres -d migrated supabase/tests/*.sql |
    tee test-results/pgtap-supabase.txt
else
  # The closing summary counts the files' planned tests as skipped, and says why.
  printf '%s\n' "$PGTAP_MISSING" > test-results/pgtap-supabase.skipped
fi

# The Supabase build against the stand-in, before the vitest files: the deploy guard's test
# (tests/supabase/deploy-guard.test.ts) checks it is refused, and the browser tests serve it.
(
  set -a
  . ./.env.supabase
  set +a
  DIST_DIR=dist-supabase npm run build --silent
)

npx vitest run --config vitest.supabase.config.ts --reporter=default --reporter=json \
  --outputFile.json=test-results/vitest-supabase.json
CI=true npx playwright test --config playwright.supabase.config.ts
