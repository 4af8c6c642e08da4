# Sourced by the Supabase scripts: a throwaway Debian PostgreSQL 15 cluster with the migrations
# applied, on 127.0.0.1:$SUPABASE_PG_PORT (default 54329). Installs postgresql-15 and pgTAP with
# apt-get when missing (Debian, as root), as scripts/test/ensure-browser.sh does for Chromium.
#
#   . scripts/test/supabase-db.sh
#   ensure_postgres      # binaries and pg_prove, installed if missing
#   start_cluster        # initdb + pg_ctl start; stop_cluster runs on exit
#   migrate_database DB  # platform stand-in + supabase/migrations/*.sql + supabase/seed.sql
#
# Exports SUPABASE_DB_URL_BASE (no database name) for the tests.
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
SUPABASE_PG_PORT=${SUPABASE_PG_PORT:-54329}
export SUPABASE_PG_PORT

ensure_postgres() {
  if [ -x "$PG_BIN/initdb" ] && command -v pg_prove >/dev/null 2>&1 &&
    [ -f /usr/share/postgresql/15/extension/pgtap.control ]; then
    return 0
  fi
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "Installing Debian's PostgreSQL 15 and pgTAP for the Supabase tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 postgresql-15-pgtap \
      libtap-parser-sourcehandler-pgtap-perl >/dev/null
    return 0
  fi
  echo "ERROR: the Supabase tests need PostgreSQL 15 and pgTAP (Debian: apt-get install postgresql-15 postgresql-15-pgtap, as root)." >&2
  return 1
}

# Runs a PostgreSQL binary as the postgres user when we are root (initdb and postgres refuse root).
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_cluster() {
  PG_DIR=$(mktemp -d /tmp/supabase-pg.XXXXXX)
  chmod 755 "$PG_DIR"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PG_DIR"; fi
  trap stop_cluster EXIT
  as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 \
    --no-sync >/dev/null
  as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -s -o \
    "-p $SUPABASE_PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start
  export SUPABASE_DB_URL_BASE="postgres://postgres@127.0.0.1:$SUPABASE_PG_PORT"
}

stop_cluster() {
  if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -s stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
  fi
}

psql_q() {
  psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$SUPABASE_PG_PORT" -U postgres "$@"
}

migrate_database() {
  local db=$1
  psql_q -d postgres -c "create database $db" >/dev/null
  psql_q -d "$db" -f stand-ins/supabase/platform.sql >/dev/null
  for f in supabase/migrations/*.sql; do psql_q -d "$db" -f "$f" >/dev/null; done
  psql_q -d "$db" -f supabase/seed.sql >/dev/null
}
