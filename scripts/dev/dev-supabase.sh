#!/usr/bin/env bash
# npm run dev:supabase: the Supabase build's dev server, offline. A throwaway PostgreSQL 15 with
# the migrations and the seed (scripts/test/supabase-db.sh), the Supabase stand-in on 127.0.0.1:54321
# (.env.supabase), then Vite in the `supabase` mode. Sign-in opens the stand-in's account form
# in place of Google's. The database is thrown away when the server stops.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/test/supabase-db.sh
ensure_postgres
start_cluster
migrate_database migrated
export SUPABASE_TEMPLATE_DB=migrated
node scripts/dev/dev-supabase.mjs "$@"
