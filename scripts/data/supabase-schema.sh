#!/usr/bin/env bash
# npm run schema:supabase [-- --write]: checks (or regenerates) supabase/schema/<feature>.sql from
# a throwaway PostgreSQL 15 with the platform stand-in and every migration applied
# (scripts/test/supabase-db.sh, as the Supabase tests build it), thrown away on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/supabase-db.sh
ensure_postgres >/dev/null
start_cluster
migrate_database migrated
SUPABASE_TEMPLATE_DB=migrated node scripts/data/supabase-schema.mjs "$@"
