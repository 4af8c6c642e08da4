#!/usr/bin/env bash
# npm run bench:supabase: the Supabase backend's figures, offline, on a throwaway PostgreSQL 15
# (scripts/test/supabase-db.sh) with the migrations and the seed:
#   1. joins under load through the Supabase stand-in: throughput and p95, and (issue 28) 1,000
#      students across 20 campuses with invites, every count compared with a recount
#      (bench-supabase-load.mjs);
#   2. (issue 51) my_campus(), the hero call and the mail claim at 1,000, 10,000 and 50,000
#      entries: p50 and p95 (bench-supabase-scale.mjs);
#   3. the Supabase build (.env.supabase): first-load JS and Lighthouse medians, as npm run bench
#      prints them, with the stand-in answering the page's calls (bench-supabase-page.mjs).
# Arguments go to scripts/perf/bench.mjs (e.g. -- --runs 5). Figures are printed, never asserted.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/supabase-db.sh
ensure_postgres
start_cluster
export PG_DIR # read by bench-supabase-page.mjs to lower the database's priority while measuring
migrate_database migrated
export SUPABASE_TEMPLATE_DB=migrated
node scripts/perf/bench-supabase-load.mjs
node scripts/perf/bench-supabase-scale.mjs
set -a
. ./.env.supabase
set +a
node scripts/perf/bench-supabase-page.mjs "$@"
