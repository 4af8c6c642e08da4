#!/usr/bin/env bash
# npm run bench:mail: the launch e-mail of a campus of 10,000 students (scripts/perf/bench-mail.mjs)
# on a throwaway PostgreSQL 15 with the migrations (scripts/test/supabase-db.sh) and a local SMTP
# server. Arguments go to bench-mail.mjs (-- --students N). Figures are printed, never asserted.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/supabase-db.sh
ensure_postgres
start_cluster
migrate_database migrated
export SUPABASE_TEMPLATE_DB=migrated
node scripts/perf/bench-mail.mjs "$@"
