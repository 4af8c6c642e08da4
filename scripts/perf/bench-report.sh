#!/usr/bin/env bash
# npm run bench:report: the launch report of 20 campuses and 10,000 students (issue 49) on a
# throwaway PostgreSQL 15 with the migrations (scripts/perf/bench-report-supabase.mjs). Arguments
# go to it (-- --students N --campuses N). Figures are printed, never asserted.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/supabase-db.sh
ensure_postgres
start_cluster
migrate_database migrated
export SUPABASE_TEMPLATE_DB=migrated
node scripts/perf/bench-report-supabase.mjs "$@"
